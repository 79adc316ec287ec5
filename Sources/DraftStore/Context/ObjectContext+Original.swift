extension ObjectContext {
    /// A registered row as this context read it: the whole entity of its base snapshot, before
    /// any edit made here (what Core Data's committed values give), so a form can show "was: …".
    ///
    /// ```swift
    /// let author = try context.fetch(Author.self, id: 1)!
    /// try context.update(renamed)
    /// try context.original(Author.self, key: 1)?.name   // the name as read
    /// ```
    /// - Parameters:
    ///   - type: The entity type.
    ///   - key: The row's key.
    /// - Returns: The row as read; `nil` when the row is not registered here, or was inserted
    ///   here (it has no original).
    /// - Throws: ``ContextError`` when the context was discarded; ``SQLiteError`` `SQLITE_MISMATCH`
    ///   when a base value does not fit its property.
    public func original<E: Entity>(_ type: E.Type, key: RowKey) throws -> E? {
        try checkUsable()
        let schema = E.schema
        let state = try state(for: schema.table)
        let key = try state.info.storedKey(resolvedKey(key), oracle: store.oracle)
        guard let slot = state.rows.slot(of: key), let base = state.rows.base(at: slot) else { return nil }
        return try schema.entity(values: base)
    }
}
