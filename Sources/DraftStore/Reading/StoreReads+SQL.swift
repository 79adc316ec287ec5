/// SQL of the app's own, read on the store's readers: aggregates, `DISTINCT`, `GROUP BY`, window
/// functions and views, into plain values, tuples or entities.
///
/// ```swift
/// let perAuthor = try await store.reads.values(
///     "SELECT authors.name, count(*) FROM books JOIN authors ON authors.id = books.author_id GROUP BY authors.id",
///     as: (String, Int).self)
/// ```
///
/// Only queries run here: a statement SQLite reports would write (`sqlite3_stmt_readonly`), or
/// one its authorizer reports as transaction control, `ATTACH`, `DETACH` or a bare `PRAGMA`
/// (use `pragma_table_info(…)` and its siblings in a `SELECT`), is refused with
/// ``SQLReadError/writes(sql:)`` before it runs.
extension StoreReads {
    /// Runs a query of the app's own on a reader.
    /// - Parameters:
    ///   - sql: One `SELECT` (or `WITH … SELECT`, `VALUES`), its parameters written `?`.
    ///   - arguments: The values bound to its parameters, in order.
    /// - Returns: Each row's values as SQLite stores them, in the statement's column order.
    /// - Throws: ``SQLReadError/writes(sql:)`` for a statement that is no query; ``SQLiteError``
    ///   when it does not prepare or fails; `CancellationError` when the task is cancelled.
    /// - Complexity: One SQL query, O(*n*) in the rows returned, none of it on the caller's actor.
    public func rows(_ sql: String, arguments: [SQLiteValue] = []) async throws -> [[SQLiteValue]] {
        let query = ReadOnlySQL(sql: sql, arguments: arguments)
        return try await run { connection in try query.rows(on: connection) }
    }

    /// Runs a query of the app's own on a reader, each row read into a tuple (or, for one
    /// type, a plain value) of the types asked for, column by column.
    /// - Parameters:
    ///   - sql: One query, its parameters written `?`.
    ///   - arguments: The values bound to its parameters, in order.
    ///   - types: The type of each column, in order: `(String, Int).self`, or `Int.self`.
    /// - Returns: The rows, in the statement's order.
    /// - Throws: ``SQLReadError/mismatch(column:expected:sql:)`` when a value does not fit its type
    ///   (`NULL` fits only an optional), or the result has fewer columns than types; otherwise as ``rows(_:arguments:)``.
    public func values<each V: DatabaseValueConvertible>(
        _ sql: String, arguments: [SQLiteValue] = [], as types: (repeat each V).Type
    ) async throws -> [(repeat each V)] {
        let query = ReadOnlySQL(sql: sql, arguments: arguments)
        let (names, rows) = try await run { connection in
            var names: [String] = []
            var rows: [[SQLiteValue]] = []
            try query.run(on: connection) { statement in
                let row = statement.row
                if names.isEmpty { names = (0..<Int32(row.count)).map { statement.columnName(at: $0) } }
                rows.append(try DraftStore.readSnapshot(row, width: row.count))
            }
            return (names, rows)
        }
        return try rows.map { values in
            var index = 0
            return (repeat try Self.decode((each V).self, values, names, &index, sql))
        }
    }

    /// The next value of a row, as `V`.
    /// - Throws: ``SQLReadError/mismatch(column:expected:sql:)`` when it does not fit, or the row has no more columns.
    private static func decode<V: DatabaseValueConvertible>(
        _: V.Type, _ values: [SQLiteValue], _ names: [String], _ index: inout Int, _ sql: String
    ) throws(SQLReadError) -> V {
        defer { index += 1 }
        guard index < values.count else { throw .mismatch(column: "#\(index + 1)", expected: V.storageClass, sql: sql) }
        guard let value = V(sqliteValue: values[index]) else {
            throw .mismatch(column: names[index], expected: V.storageClass, sql: sql)
        }
        return value
    }

    /// Runs a query of the app's own on a reader, each row read into an entity by column name:
    /// the result must have a column named as each column of the entity's table (in any order,
    /// compared without regard to case); other columns are ignored.
    /// - Parameters:
    ///   - type: The entity.
    ///   - sql: One query, its parameters written `?`.
    ///   - arguments: The values bound to its parameters, in order.
    /// - Returns: The entities, in the statement's order.
    /// - Throws: ``SQLReadError/missingColumn(table:column:sql:)`` when a column of the table is
    ///   missing from the result; ``SQLiteError`` `SQLITE_MISMATCH` when a value does not fit its
    ///   property; ``SchemaError`` when the entity does not fit its table; otherwise as ``rows(_:arguments:)``.
    public func fetch<E: Entity>(_ type: E.Type, sql: String, arguments: [SQLiteValue] = []) async throws -> [E] {
        let query = ReadOnlySQL(sql: sql, arguments: arguments)
        return try await run(registering: E.schema.table) { connection in
            let table = E.schema.table
            var positions: [Int32]?
            var entities: [E] = []
            try query.run(on: connection) { statement in
                let row = statement.row
                let map = try positions ?? Self.positions(of: table, in: statement, sql: sql)
                positions = map
                entities.append(try E.schema.entity(values: map.map { try row.value(at: $0) }))
            }
            return entities
        }
    }

    /// Where each column of `table` is in the statement's result.
    /// - Throws: ``SQLReadError/missingColumn(table:column:sql:)`` for a column the result lacks.
    private static func positions(of table: TableSchema, in statement: Statement, sql: String) throws(SQLReadError) -> [Int32] {
        let names = (0..<Int32(statement.row.count)).map { statement.columnName(at: $0).lowercased() }
        return try table.columns.map { column throws(SQLReadError) in
            guard let index = names.firstIndex(of: column.lowercased()) else {
                throw .missingColumn(table: table.name, column: column, sql: sql)
            }
            return Int32(index)
        }
    }
}
