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
    func columnsRead(by sql: String) throws(SQLiteError) -> [(table: String, column: String)] {
        let handle = try openHandle()
        final class Reads { var list: [(table: String, column: String)] = [] }
        let reads = Reads()
        sqlite3_set_authorizer(
            handle,
            { context, action, first, second, _, _ in
                guard action == SQLITE_READ, let context, let first, let second else { return SQLITE_OK }
                let reads = Unmanaged<Reads>.fromOpaque(context).takeUnretainedValue()
                let read = (table: String(cString: first), column: String(cString: second))
                if !reads.list.contains(where: { $0 == read }) { reads.list.append(read) }
                return SQLITE_OK
            }, Unmanaged.passUnretained(reads).toOpaque())
        defer { sqlite3_set_authorizer(handle, nil, nil) }
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        sqlite3_finalize(statement)
        guard code == SQLITE_OK else { throw SQLiteError(handle: handle, code: code, sql: sql) }
        return withExtendedLifetime(reads) { reads.list }
    }

    /// Whether foreign-key violations are outstanding in the open transaction: a DEFERRABLE
    /// key violated by an earlier statement, which COMMIT would refuse
    /// (`SQLITE_DBSTATUS_DEFERRED_FKS`). Costs no statement.
    /// See [sqlite3_db_status](https://www.sqlite.org/c3ref/c_dbstatus_options.html).
    var hasUnresolvedForeignKeys: Bool {
        guard let handle else { return false }
        var current: Int32 = 0
        var highest: Int32 = 0
        sqlite3_db_status(handle, SQLITE_DBSTATUS_DEFERRED_FKS, &current, &highest, 0)
        return current != 0
    }
}
