/// Which columns one INSERT writes: every column but generated ones, the rowid key when
/// SQLite is to assign it, and columns left NULL that have a `DEFAULT` (so the default
/// applies, as it would for an INSERT that does not name them).
struct InsertColumns {
    /// The written column indexes, in snapshot order; `nil` when every column is written.
    let columns: [Int]?
    /// Whether the key column is left out for SQLite to assign the rowid.
    let assignsKey: Bool
    /// Whether the database sets values the snapshot does not have (a default, a generated
    /// column): the row is read back after the INSERT.
    let readsBack: Bool

    /// The columns of an insert.
    /// - Parameters:
    ///   - change: The insert; its key is temporary when SQLite is to assign it.
    ///   - values: The values to write.
    ///   - info: What the database says of the table.
    init(_ change: Changeset.Change, values: [SQLiteValue], info: TableInfo) {
        let keyColumn = info.assignsKeys && change.key.isTemporary ? change.table.keyColumns[0] : -1
        var columns: [Int] = []
        var readsBack = false
        var all = true
        for index in values.indices {
            if index == keyColumn || info.isGenerated[index] || (values[index].isNull && info.hasDefault[index]) {
                all = false
                if index != keyColumn { readsBack = true }
            } else {
                columns.append(index)
            }
        }
        self.assignsKey = keyColumn >= 0
        self.readsBack = readsBack
        self.columns = all ? nil : columns
    }

    /// The INSERT statement: one of the table's prepared texts in the common cases.
    func sql(for table: TableSchema) -> String {
        guard let columns else { return table.insertSQL }
        if !readsBack, assignsKey { return table.insertWithoutKeySQL }
        return table.insertSQL(columns: columns)
    }

    /// The values bound to ``sql(for:)``.
    func arguments(_ values: [SQLiteValue]) -> [SQLiteValue] {
        guard let columns else { return values }
        return columns.map { values[$0] }
    }
}
