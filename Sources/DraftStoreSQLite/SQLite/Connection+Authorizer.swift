import CSQLite

extension Connection {
    /// The columns SQLite reads to run `sql`, as its authorizer reports them (`SQLITE_READ`)
    /// while the statement is prepared; the statement is never run.
    ///
    /// `SELECT lower(code) FROM codes` reads `codes.code`: this is how the columns an
    /// expression index or a CHECK involves are learnt from SQLite itself.
    /// See [sqlite3_set_authorizer](https://www.sqlite.org/c3ref/set_authorizer.html).
    /// - Parameter sql: One statement.
    /// - Returns: Each column read, with its table, in the order SQLite reports them, without repeats.
    /// - Throws: ``SQLiteError`` when the statement does not prepare, or the connection is closed.
    package func columnsRead(by sql: String) throws(SQLiteError) -> [(table: String, column: String)] {
        var reads: [(table: String, column: String)] = []
        for access in try authorizations(preparing: sql) where access.action == SQLITE_READ {
            guard let table = access.first, let column = access.second else { continue }
            if !reads.contains(where: { $0 == (table, column) }) { reads.append((table, column)) }
        }
        return reads
    }

    /// Whether foreign-key violations are outstanding in the open transaction: a DEFERRABLE
    /// key violated by an earlier statement, which COMMIT would refuse
    /// (`SQLITE_DBSTATUS_DEFERRED_FKS`). Costs no statement.
    /// See [sqlite3_db_status](https://www.sqlite.org/c3ref/c_dbstatus_options.html).
    package var hasUnresolvedForeignKeys: Bool {
        guard let handle else { return false }
        var current: Int32 = 0
        var highest: Int32 = 0
        sqlite3_db_status(handle, SQLITE_DBSTATUS_DEFERRED_FKS, &current, &highest, 0)
        return current != 0
    }
}
