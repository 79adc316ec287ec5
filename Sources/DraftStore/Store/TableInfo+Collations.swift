import CSQLite

extension TableInfo {
    /// The collation declared on each snapshot column (`BINARY` when none is), as SQLite
    /// reports it with `sqlite3_table_column_metadata`, upper-cased; the implicit rowid's is `BINARY`.
    ///
    /// See [sqlite3_table_column_metadata](https://www.sqlite.org/c3ref/table_column_metadata.html).
    /// - Throws: ``SQLiteError`` when SQLite cannot describe a column.
    /// A view's columns have none SQLite reports (`BINARY` each): a context runs a view's
    /// requests on the store, so they are never compared in Swift.
    static func collations(of schema: TableSchema, isView: Bool, on connection: Connection) throws(SQLiteError) -> [String] {
        if isView { return schema.columns.map { _ in "BINARY" } }
        let handle = try connection.openHandle()
        var result: [String] = []
        for column in schema.columns {
            var collation: UnsafePointer<CChar>?
            let code = sqlite3_table_column_metadata(handle, "main", schema.name, column, nil, &collation, nil, nil, nil)
            guard code == SQLITE_OK else { throw SQLiteError(handle: handle, code: code) }
            result.append(collation.map { String(cString: $0).uppercased() } ?? "BINARY")
        }
        return result
    }
}
