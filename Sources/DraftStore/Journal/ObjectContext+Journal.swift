/// What the draft journal takes of a context.
extension ObjectContext {
    /// The rows of this context an entry holds: each inserted, updated or deleted row, and the
    /// draft's row (with its base snapshot) even when unchanged, with the tables they belong to.
    /// - Parameters:
    ///   - table: The draft's table.
    ///   - key: The draft's key.
    /// - Returns: The rows and tables, or the table that cannot be journaled: a changed row of a
    ///   table keyed by the implicit rowid (`VACUUM` may renumber it).
    /// - Complexity: O(*n*) in the registered rows.
    func journalRows(draft table: TableSchema, key: RowKey) -> Result<([DraftEntry.Row], [DraftEntry.Table]), DraftJournalError> {
        var rows: [DraftEntry.Row] = []
        var tables: [DraftEntry.Table] = []
        for state in self.tables.values {
            let isDraftTable = state.schema === table
            var used = false
            for slot in state.rows.slotRange {
                guard let kind = state.rows.state(at: slot).kind else { continue }
                let rowKey = state.rows.key(at: slot)
                guard kind != .unchanged || (isDraftTable && rowKey == key) else { continue }
                if kind != .inserted, state.info.isImplicitRowID { return .failure(.implicitRowID(table: state.schema.name)) }
                let registration = state.rows.registration(at: slot)
                rows.append(
                    DraftEntry.Row(
                        table: state.schema.name, key: rowKey.values, state: "\(kind)", base: registration.base,
                        current: registration.values, insertOrder: registration.insertOrder))
                used = true
            }
            if used || isDraftTable { tables.append(DraftEntry.Table(name: state.schema.name, columns: state.schema.columns)) }
        }
        return .success((rows, tables))
    }
}
