extension ObjectContext {
    /// Moves an insert of this context to the key its entity now has, with the entity's values:
    /// the key of a new row that the person types in the add form (a slug, an ISBN, a code), or
    /// that the app sets after the insert, until the save.
    ///
    /// Nothing else changes: the row was never stored, so no foreign-key action runs (a delete
    /// of the insert would cascade to stored rows that reference the old key); rows that
    /// reference the old key keep it, as the app set them, unless it is a temporary key (a
    /// rowid SQLite would assign, given a value by the app): a temporary key is never data, so
    /// the references of this context's rows to it follow the chosen rowid.
    /// - Parameters:
    ///   - entity: The inserted object, with its new key.
    ///   - old: The key it is registered under.
    /// - Returns: The key it is registered under now.
    /// The new key may be that of a row deleted in this context: the insert then replaces it
    /// (``insert(_:)``), and a row it replaced under the old key is deleted again.
    /// - Throws: ``ContextError`` when `old` is no insert of this context, when the new key has a
    ///   NULL, when a row with the new key is already in this context (and not deleted here), or when the new key is a
    ///   negative rowid (as ``insert(_:)`` refuses); ``SchemaError`` when the entity does not
    ///   fit its table. Nothing is moved then.
    func moveInsert<E: Entity>(_ entity: E, from old: RowKey) throws -> RowKey {
        defer { draftJournal?.changed() }
        try checkUsable()
        let schema = E.schema
        let state = try state(for: schema.table)
        let values = try storedValues(of: entity, schema: schema, state: state)
        let new = schema.table.key(of: values)
        guard let slot = state.rows.slot(of: old), let order = state.rows.state(at: slot).insertOrder else {
            throw ContextError.notAnInsert(entity: schema.table.displayName, table: schema.table.name, key: old)
        }
        guard !new.hasNull else {
            throw ContextError.noKey(schema.table, assignedBySQLite: false)
        }
        guard new != old else { return new }
        // The key of a row deleted here may be taken, as by ``insert(_:)``: the row is replaced.
        let target = state.rows.slot(of: new)
        var replacedRead: UInt64?
        if let target {
            guard case let .deleted(read) = state.rows.state(at: target) else {
                throw ContextError.alreadyInContext(entity: schema.table.displayName, table: schema.table.name, key: new)
            }
            replacedRead = read
        }
        if state.info.assignsKey(of: new) { throw ContextError.chosenTemporaryKey(schema.table, new) }
        // The key left: a row this insert replaced is deleted again; a plain insert is gone.
        if case let .replaced(read, _, _) = state.rows.state(at: slot) {
            state.rows.setState(.deleted(read: read), at: slot)
        } else {
            state.rows.remove(old)
        }
        if let target, let replacedRead {
            state.rows.setState(.replaced(read: replacedRead, order: order, values: values), at: target)
        } else {
            state.rows.add(new, snapshot: values, as: .inserted(order: order))
        }
        // A temporary key is never data: references to it follow the rowid the app chose.
        if let temporary = old.integerValue, state.info.assignsKey(of: old), let chosen = new.integerValue {
            rewriteReferences([temporary: chosen], keys: false)
        }
        return new
    }
}
