/// Which columns one INSERT writes: every column but generated ones, the rowid key when
/// SQLite is to assign it, and columns left NULL that have a `DEFAULT` (so the default
/// applies, as it would for an INSERT that does not name them).
struct InsertColumns {
    /// The written column indexes, in snapshot order; `nil` when every column is written, or
    /// every column but ``skipped``.
    let columns: [Int]?
    /// The one column left out, when only the key SQLite assigns is (the common insert).
    let skipped: Int?
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
    ///   - keyChosen: Whether `values` holds the rowid for a temporary key (a row that references itself).
    init(_ change: Changeset.Change, values: [SQLiteValue], info: TableInfo, keyChosen: Bool = false) {
        let keyColumn = info.assignsKey(of: change.key) && !keyChosen ? change.table.keyColumns[0] : -1
        guard info.choosesInsertColumns else {
            // The common table: every column, the key left to SQLite when it assigns it.
            (columns, skipped, assignsKey, readsBack) = (nil, keyColumn >= 0 ? keyColumn : nil, keyColumn >= 0, false)
            return
        }
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
        self.skipped = nil
    }

    /// The INSERT statement: one of the table's prepared texts in the common cases.
    func sql(for table: TableSchema) -> String {
        if skipped != nil { return table.insertWithoutKeySQL }
        guard let columns else { return table.insertSQL }
        if !readsBack, assignsKey { return table.insertWithoutKeySQL }
        return table.insertSQL(columns: columns)
    }

    /// Runs ``sql(for:)``'s statement with the written values.
    func run(_ statement: Statement, _ values: [SQLiteValue]) throws(SQLiteError) {
        if let skipped { return try statement.run(values, skipping: skipped) }
        try statement.run(columns.map { columns in columns.map { values[$0] } } ?? values)
    }
}
