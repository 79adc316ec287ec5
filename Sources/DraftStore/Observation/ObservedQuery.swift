/// What observation needs of a request: the tables whose commits may change its result, and
/// how to read that result, as row snapshots, on a given connection.
///
/// The one place the observation engine depends on how ``FetchRequest`` is built (its SQL);
/// everything else works on snapshots.
struct ObservedQuery: Sendable {
    /// The table read, by the name commits record it under.
    let table: TableSchema
    /// Every table the query reads, lowercased as commits record them: its own and those of its
    /// conditions on related rows.
    let tables: Set<String>
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
    /// - Parameter foreignKeys: The store's foreign keys, for conditions on related rows.
    /// - Throws: ``QueryError`` when the request names an undeclared key path or a relationship it cannot follow.
    func observedQuery(_ foreignKeys: [String: [ForeignKey]]) throws(QueryError) -> ObservedQuery {
        let plan = try plan(foreignKeys)
        let (sql, arguments) = plan.sql()
        let tables = plan.condition.relatedTables.union([Root.schema.table.name.lowercased()])
        return ObservedQuery(table: Root.schema.table, tables: tables, sql: sql, arguments: arguments)
    }
}
