import CSQLite

/// One statement of the app's own with its bound arguments, checked to be a query before it
/// runs on a reader, and the tables it reads, as SQLite's authorizer reports them.
struct ReadOnlySQL: Sendable {
    /// The statement.
    let sql: String
    /// The values bound to its parameters, in order.
    let arguments: [SQLiteValue]

    /// Authorizer actions that make a statement more than a query, even when
    /// `sqlite3_stmt_readonly` says it writes nothing (transaction control, attached files).
    private static let refusedActions: Set<Int32> = [SQLITE_TRANSACTION, SQLITE_SAVEPOINT, SQLITE_ATTACH, SQLITE_DETACH]

    /// The lowercased names of the tables (and views) the statement reads, learnt from SQLite's
    /// authorizer while it is prepared (`SQLITE_READ`; a view's own tables included).
    /// - Parameter connection: Any connection to the database.
    /// - Returns: The tables.
    /// - Throws: ``SQLReadError/writes(sql:)`` when it is no query, ``SQLReadError/severalStatements(sql:)``
    ///   when more follows it; ``SQLiteError`` when it does not prepare.
    func tablesRead(on connection: Connection) throws -> Set<String> {
        if try hasFollowingStatement(on: connection) { throw SQLReadError.severalStatements(sql: sql) }
        let accesses = try connection.authorizations(preparing: sql)
        let isQuery = accesses.contains { $0.action == SQLITE_SELECT }
        guard isQuery, !accesses.contains(where: { Self.refusedActions.contains($0.action) }) else {
            throw SQLReadError.writes(sql: sql)
        }
        return Connection.tablesRead(in: accesses)
    }

    /// Whether SQLite prepares a statement from the text after the first one (or fails to):
    /// anything but whitespace and comments follows it. Nothing runs.
    /// - Throws: ``SQLiteError`` when the first statement does not prepare.
    private func hasFollowingStatement(on connection: Connection) throws -> Bool {
        let handle = try connection.openHandle()
        return try sql.withCString { text in
            var first: OpaquePointer?
            var tail: UnsafePointer<CChar>?
            let code = sqlite3_prepare_v2(handle, text, -1, &first, &tail)
            sqlite3_finalize(first)
            guard code == SQLITE_OK else { throw SQLiteError(handle: handle, code: code, sql: sql) }
            guard let tail, tail.pointee != 0 else { return false }
            var next: OpaquePointer?
            let nextCode = sqlite3_prepare_v2(handle, tail, -1, &next, nil)
            sqlite3_finalize(next)
            return nextCode != SQLITE_OK || next != nil
        }
    }

    /// Runs the statement on `connection` and hands `body` each row.
    /// - Parameters:
    ///   - connection: A reader.
    ///   - body: Called with the statement once per row, its columns readable through `statement.row`.
    /// - Throws: ``SQLReadError/writes(sql:)`` when SQLite reports it would write
    ///   (`sqlite3_stmt_readonly`) or it is no query; ``SQLiteError`` when it fails; what `body` throws.
    /// - Complexity: One SQL query; O(*n*) calls of `body`.
    func run(on connection: Connection, _ body: (Statement) throws -> Void) throws {
        _ = try tablesRead(on: connection)
        let statement = try connection.cachedStatement(sql)
        defer { statement.reset() }
        guard statement.isReadOnly else { throw SQLReadError.writes(sql: sql) }
        try statement.bind(arguments)
        while try statement.step() { try body(statement) }
    }

    /// Every row of the result, as SQLite stores its values.
    /// - Parameter connection: A reader.
    /// - Returns: The rows, in the statement's order, each value in its column's order.
    /// - Throws: As ``run(on:_:)``.
    func rows(on connection: Connection) throws -> [[SQLiteValue]] {
        var rows: [[SQLiteValue]] = []
        try run(on: connection) { statement in
            let row = statement.row
            rows.append(try DraftStore.readSnapshot(row, width: row.count))
        }
        return rows
    }
}
