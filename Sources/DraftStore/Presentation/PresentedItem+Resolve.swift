extension PresentedItem {
    /// One field changed in the store since the draft was read, as the property's type: read
    /// from the store now (by this process or any other), and kept in ``changedElsewhere`` too.
    ///
    /// ```swift
    /// if let name = try item.staleField(\.name) { print(name.mine, "or", name.theirs) }
    /// ```
    /// - Parameter keyPath: A declared column of the draft's entity.
    /// - Returns: Its base / mine / theirs; `nil` when the field did not change elsewhere (or nothing did).
    /// - Complexity: One read of the row by key.
    /// - Throws: ``UnknownColumnError`` when the key path is no declared column;
    ///   ``SQLiteError`` when the row cannot be read, `SQLITE_MISMATCH` when a stored value does
    ///   not fit the property.
    public func staleField<Value>(_ keyPath: KeyPath<Draft, Value>) throws -> FieldConflict<Value>? {
        _ = try Draft.schema.index(of: keyPath)
        guard !isFinished else { return nil }
        let now = try staleness()
        keepChangedElsewhere(now)
        return try now?.field(keyPath)
    }

    /// Resolves one field against the row as the store has it now: ``FieldResolution/keepMine``
    /// makes the store's value the field's base, so the next save writes mine over it;
    /// ``FieldResolution/takeTheirs`` also sets the draft's field to the store's value.
    /// Other fields are left as they are (see ``rebase()`` for all of them at once).
    ///
    /// The undo history is re-based over the new base (its steps that held the old base hold the new one): undoing
    /// ``FieldResolution/takeTheirs`` brings back the value the person had typed, to be written
    /// over theirs; undoing further brings back theirs, never the field's old base.
    ///
    /// ```swift
    /// try item.resolve(\.name, .takeTheirs)
    /// try item.resolve(\.bio, .keepMine)
    /// try item.save()
    /// ```
    ///
    /// Nothing happens for an added row, a finished item, or a row deleted in the store.
    /// - Parameters:
    ///   - keyPath: A declared column of the draft's entity.
    ///   - resolution: Keep mine or take theirs.
    /// - Throws: ``UnknownColumnError`` when the key path is no declared column;
    ///   ``SQLiteError`` when the row cannot be read.
    public func resolve<Value>(_ keyPath: WritableKeyPath<Draft, Value>, _ resolution: FieldResolution) throws {
        let index = try Draft.schema.index(of: keyPath)
        guard case let .edit(key) = mode, !isFinished else { return }
        let table = Draft.schema.table.name
        let moved = try rebasingHistory { try context.moveBase(table: table, key: key, fields: [index], resolution: resolution) }
        guard moved else { return }
        if resolution == .takeTheirs, let fresh = try context.fetch(Draft.self, key: key) {
            // Taking theirs is a step of its own: undo brings back what the person had typed.
            form.breakUndoCoalescing()
            draft[keyPath: keyPath] = fresh[keyPath: keyPath]
            form.breakUndoCoalescing()
        }
        refreshChangedElsewhere()
    }
}
