/// What observation needs of a request: the table whose commits may change its result, and
/// how to read that result, as row snapshots, on a given connection.
///
/// The one place the observation engine depends on how ``FetchRequest`` is built (its SQL);
/// everything else works on snapshots.
struct ObservedQuery: Sendable {
    /// The table read, by the name commits record it under.
    let table: TableSchema
    /// The `SELECT` and its arguments.
    let sql: String
    /// The arguments bound to ``sql``.
    let arguments: [SQLiteValue]

    /// Reads the rows of the result, as snapshots of the table's columns, in the request's order.
    /// - Parameter connection: A connection inside the read transaction to read at (a pinned reader), or any reader.
    /// - Returns: The snapshots, in order.
    /// - Throws: ``SQLiteError`` when the read fails.
    /// - Complexity: One SQL query; O(*n*) in the rows returned.
    func rows(on connection: Connection) throws(SQLiteError) -> [[SQLiteValue]] {
        let statement = try connection.cachedStatement(sql)
        defer { statement.reset() }
        try statement.bind(arguments)
        let width = table.columns.count
        var rows: [[SQLiteValue]] = []
        while try statement.step() { rows.append(try DraftStore.readSnapshot(statement.row, width: width)) }
        return rows
    }
}

extension DraftStore.FetchRequest {
    /// The request as the observation engine reads it.
    /// - Throws: ``QueryError`` when the request names an undeclared key path.
    func observedQuery() throws(QueryError) -> ObservedQuery {
        let (sql, arguments) = try plan().sql()
        return ObservedQuery(table: Root.schema.table, sql: sql, arguments: arguments)
    }
}
