extension ObjectContext {
    /// Opens an editor for a new object in a new child of this context (a nested editor):
    /// saving it changes this context only.
    /// - Parameter draft: The starting values.
    /// - Returns: The presented item.
    /// - Throws: ``ContextError`` when `draft` already has an id in use.
    public func presentNew<E: Entity>(_ draft: E) throws -> PresentedItem<E> {
        try PresentedItem(adding: draft, in: newChildContext())
    }

    /// Opens an editor for an existing object in a new child of this context (a nested editor).
    /// - Parameters:
    ///   - type: The entity type.
    ///   - key: The row's primary key (or a temporary key of an object inserted here).
    /// - Returns: The presented item.
    /// - Throws: ``ContextError`` when no such object exists; ``SQLiteError`` when the read fails.
    public func presentEdit<E: Entity>(_ type: E.Type, key: RowKey) throws -> PresentedItem<E> {
        try PresentedItem(editing: key, in: newChildContext())
    }

    /// Opens a nested editor for the object with an integer key; see ``presentEdit(_:key:)``.
    /// - Throws: As ``presentEdit(_:key:)``.
    public func presentEdit<E: Entity>(_ type: E.Type, id: Int64) throws -> PresentedItem<E> {
        try presentEdit(type, key: RowKey(.integer(id)))
    }
}

extension PresentedItem {
    /// An item adding `draft` to `context`.
    convenience init(adding draft: Draft, in context: ObjectContext) throws {
        let inserted = try context.insert(draft)
        self.init(mode: .add, context: context, draft: inserted)
    }

    /// An item editing the row with `key`, read into `context`.
    convenience init(editing key: RowKey, in context: ObjectContext) throws {
        guard let draft = try context.fetch(Draft.self, key: key) else {
            throw ContextError.missing(Draft.schema.table, key)
        }
        // The key as the table stores it (`"7"` given for an INTEGER key is 7; a `String` key
        // `"12"` over a NUMERIC column is 12), as the context registered the row.
        let stored = try context.state(for: Draft.schema.table).info.storedKey(
            Draft.schema.key(of: draft) ?? key, oracle: context.store.oracle)
        // The row was just read into a new context, so the draft is its base, as
        // `ObjectContext.original` would decode it again: a second decode is not needed.
        self.init(mode: .edit(key: stored), context: context, draft: draft, original: draft)
    }
}
