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
        // A temporary key is never data: references to it follow the key the app chose, and
        // then each later move of that insert (the app never set them to the key in between).
        let table = schema.table.name
        if let temporary = old.integerValue, state.info.assignsKey(of: old) {
            if let chosen = new.integerValue { rewriteReferences([temporary: chosen], keys: false) }
            follow(schema.table, from: old, to: new, rewritingValues: false)
            followedKeys[table, default: []].insert(new)
        } else if followedKeys[table]?.remove(old) != nil {
            follow(schema.table, from: old, to: new, rewritingValues: true)
            followedKeys[table, default: []].insert(new)
        }
        return new
    }

    /// The references of this context's new rows to an insert of `table` follow its move from
    /// `old` to `new` (single-column keys): with `rewritingValues`, reference columns to `table`
    /// holding `old` are rewritten; either way, an insert whose key holds such a reference (a
    /// one-to-one child, a join row) moves to its new key, unless a row has that key (the save
    /// then refuses the reference). Rows read from the store are left as they are: one may
    /// reference a stored row that has `old`.
    private func follow(_ table: TableSchema, from old: RowKey, to new: RowKey, rewritingValues: Bool) {
        guard let from = old.values.first, let to = new.values.first, old.values.count == 1, new.values.count == 1 else { return }
        for state in tables.values {
            let columns = state.info.referenceColumns.filter { $0.parent.lowercased() == table.name.lowercased() }.map(\.column)
            guard !columns.isEmpty else { continue }
            var moves: [(old: RowKey, values: [SQLiteValue], state: SlotState)] = []
            for slot in state.rows.slotRange {
                guard case .inserted = state.rows.state(at: slot) else { continue }
                var values = state.rows.snapshot(at: slot)
                let held = columns.filter { values[$0] == from }
                let keyHeld = held.contains { state.schema.keyColumns.contains($0) }
                guard !held.isEmpty, rewritingValues || keyHeld else { continue }
                for column in held where rewritingValues || state.schema.keyColumns.contains(column) { values[column] = to }
                moves.append((state.rows.key(at: slot), values, state.rows.state(at: slot)))
            }
            for move in moves {
                let key = state.schema.key(of: move.values)
                if key == move.old {
                    _ = state.rows.update(state.rows.slot(of: key)!, to: move.values)
                } else if state.rows.slot(of: key) == nil {
                    state.rows.remove(move.old)
                    state.rows.add(key, snapshot: move.values, as: move.state)
                }
            }
        }
    }
}
