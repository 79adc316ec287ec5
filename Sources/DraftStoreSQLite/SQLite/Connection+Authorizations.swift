import CSQLite

/// One access SQLite's authorizer reported while a statement was prepared.
///
/// See [sqlite3_set_authorizer](https://www.sqlite.org/c3ref/set_authorizer.html) for the
/// action codes and what their two arguments hold (`SQLITE_READ`: table and column;
/// `SQLITE_PRAGMA`: the pragma's name and argument).
package struct Authorization: Sendable, Equatable {
    /// The action code, such as `SQLITE_READ` or `SQLITE_PRAGMA`.
    package let action: Int32
    /// The action's first argument.
    package let first: String?
    /// The action's second argument.
    package let second: String?
}

extension Connection {
    /// Every access SQLite's authorizer reports while `sql` is prepared; the statement is never run.
    ///
    /// This is how facts about a statement are learnt from SQLite itself, not from its text:
    /// the columns an expression reads, the pragma a statement sets.
    /// - Parameter sql: One statement.
    /// - Returns: The accesses, in the order SQLite reports them.
    /// - Throws: ``SQLiteError`` when the statement does not prepare, or the connection is closed.
    package func authorizations(preparing sql: String) throws(SQLiteError) -> [Authorization] {
        let handle = try openHandle()
        final class Log { var entries: [Authorization] = [] }
        let log = Log()
        sqlite3_set_authorizer(
            handle,
            { context, action, first, second, _, _ in
                guard let context else { return SQLITE_OK }
                Unmanaged<Log>.fromOpaque(context).takeUnretainedValue().entries.append(
                    Authorization(action: action, first: first.map { String(cString: $0) }, second: second.map { String(cString: $0) }))
                return SQLITE_OK
            }, Unmanaged.passUnretained(log).toOpaque())
        defer { sqlite3_set_authorizer(handle, nil, nil) }
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        sqlite3_finalize(statement)
        guard code == SQLITE_OK else { throw SQLiteError(handle: handle, code: code, sql: sql) }
        return withExtendedLifetime(log) { log.entries }
    }

    /// The lowercased names of the tables a statement reads, as SQLite's authorizer reports them
    /// while it is prepared (`SQLITE_READ`): a view's own tables, not the view.
    /// - Parameter sql: One statement.
    /// - Throws: ``SQLiteError`` when the statement does not prepare.
    package func tablesRead(by sql: String) throws(SQLiteError) -> Set<String> {
        Self.tablesRead(in: try authorizations(preparing: sql))
    }

    /// The lowercased names of the tables that `SQLITE_READ` accesses name.
    package static func tablesRead(in accesses: [Authorization]) -> Set<String> {
        Set(accesses.filter { $0.action == SQLITE_READ }.compactMap { $0.first?.lowercased() })
    }
}
