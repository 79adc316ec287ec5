extension PresentedItem {
    /// Runs a merge that moves the base of the draft's row (``rebase()``, ``resolve(_:_:)``), then
    /// re-bases the form's undo history over the new base.
    ///
    /// The rule (undo never crosses a merge silently): a step of the history that holds a
    /// field's old base value holds the new base value instead, so undoing past the merge goes
    /// back to the row as the store has it now, never to a value the other writer replaced; a
    /// step that holds a value the person typed keeps it, and undoing to it writes that value
    /// over the new base, as typing it again would. Values are compared as SQLite stores them
    /// (a value equal to the old base by bytes is the old base, however it got there).
    /// - Parameter merge: The merge; it returns what it returns to the caller.
    /// - Returns: What `merge` returned.
    /// - Throws: What `merge` throws; the history is left as it was then.
    func rebasingHistory<Result>(_ merge: () throws -> Result) throws -> Result {
        guard case let .edit(key) = mode, !isFinished, let before = context.baseValues(Draft.schema.table, key: key) else {
            return try merge()
        }
        let result = try merge()
        guard let after = context.baseValues(Draft.schema.table, key: key), after != before else { return result }
        let moved = after.indices.filter { after[$0] != before[$0] }
        let schema = Draft.schema
        let state = try? context.state(for: schema.table)
        form.rewriteHistory { entry in
            let values = state.flatMap { try? context.storedValues(of: entry, schema: schema, state: $0) } ?? schema.values(of: entry)
            var rebased = entry
            for index in moved where values[index] == before[index] {
                // A new base the property cannot hold keeps the step as it was (it is refused at save).
                _ = schema.columns[index].set(&rebased, after[index])
            }
            return rebased
        }
        return result
    }
}

extension ObjectContext {
    /// The base snapshot of a row registered in this context (as it was read, or last
    /// re-based); `nil` when it is not registered here or is an insert.
    func baseValues(_ table: TableSchema, key: RowKey) -> [SQLiteValue]? {
        guard let state = tables[table.name], let slot = state.rows.slot(of: key) else { return nil }
        return state.rows.base(at: slot)
    }
}
