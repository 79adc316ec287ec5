extension ObjectContext {
    /// Moves an insert of this context to the key its entity now has, with the entity's values:
    /// the key of a new row that the person types in the add form (a slug, an ISBN, a code), or
    /// that the app sets after the insert, until the save.
    ///
    /// Nothing else changes: the row was never stored, so no foreign-key action runs (a delete
    /// of the insert would cascade to stored rows that reference the old key); rows that
    /// reference the old key keep it, as the app set them.
    /// - Parameters:
    ///   - entity: The inserted object, with its new key.
    ///   - old: The key it is registered under.
    /// - Returns: The key it is registered under now.
    /// - Throws: ``ContextError`` when `old` is no insert of this context, when the new key has a
    ///   NULL, when a row with the new key is already in this context, or when the new key is a
    ///   negative rowid (as ``insert(_:)`` refuses); ``SchemaError`` when the entity does not
    ///   fit its table. Nothing is moved then.
    func moveInsert<E: Entity>(_ entity: E, from old: RowKey) throws -> RowKey {
        defer { draftJournal?.changed() }
        try checkUsable()
        let schema = E.schema
        let state = try state(for: schema.table)
        let values = try storedValues(of: entity, schema: schema, state: state)
        let new = schema.table.key(of: values)
        guard let slot = state.rows.slot(of: old), case let .inserted(order) = state.rows.state(at: slot) else {
            throw ContextError.notAnInsert(entity: schema.table.displayName, table: schema.table.name, key: old)
        }
        guard !new.hasNull else {
            throw ContextError.noKey(schema.table, assignedBySQLite: false)
        }
        guard new != old else { return new }
        guard state.rows.slot(of: new) == nil else {
            throw ContextError.alreadyInContext(entity: schema.table.displayName, table: schema.table.name, key: new)
        }
        if state.info.assignsKey(of: new) { throw ContextError.chosenTemporaryKey(schema.table, new) }
        state.rows.remove(old)
        state.rows.add(new, snapshot: values, as: .inserted(order: order))
        return new
    }
}
