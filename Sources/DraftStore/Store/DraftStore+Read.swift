import CSQLite

extension DraftStore {
    /// Reads one row's snapshot and the commit sequence it reflects; `nil` values when the row does not exist.
    func readRow(_ table: TableSchema, key: RowKey) throws -> (values: [SQLiteValue]?, sequence: UInt64) {
        let sequence = state.withLock { $0.sequence }
        let values = try withReader { connection in try DraftStore.readRow(table, key: key, on: connection) }
        return (values, sequence)
    }

    /// Reads one row's snapshot on a given connection (inside a save, the writer).
    static func readRow(_ table: TableSchema, key: RowKey, on connection: Connection) throws(SQLiteError) -> [SQLiteValue]? {
        let statement = try connection.cachedStatement(table.selectByKeySQL)
        defer { statement.reset() }
        for position in 0..<key.count { try statement.bind(key[position], at: Int32(position + 1)) }
        guard try statement.step() else { return nil }
        return try readSnapshot(statement.row, width: table.columns.count)
    }

    /// The snapshot of a row whose first `width` result columns are the table's columns.
    static func readSnapshot(_ row: Row, width: Int) throws(SQLiteError) -> [SQLiteValue] {
        var values: [SQLiteValue] = []
        values.reserveCapacity(width)
        for index in 0..<Int32(width) { values.append(try row.value(at: index)) }
        return values
    }

    /// The largest rowid of a table whose key is the rowid (0 when it is empty): a row
    /// inserted without a key gets the next one.
    func maxRowID(_ table: TableSchema) throws -> Int64 {
        guard table.keyColumns.count == 1 else { return 0 }
        let sql = "SELECT max(\(quote(table.columns[table.keyColumns[0]]))) FROM \(quote(table.name))"
        return try withReader { connection in
            if case let .integer(id)? = try connection.scalar(sql) { return id }
            return 0
        }
    }

    /// Runs a query plan against the database.
    func query(_ plan: QueryPlan) throws -> (rows: [QueryPlan.Row], sequence: UInt64) {
        let sequence = state.withLock { $0.sequence }
        let (sql, arguments) = plan.sql()
        let table = plan.table
        let rows = try withReader { connection in
            try connection.fetch(sql, arguments) { row in
                let values = try DraftStore.readSnapshot(row, width: table.columns.count)
                return (key: table.key(of: values), values: values)
            }
        }
        return (rows, sequence)
    }

    /// Runs a query plan against the database, handing its bound statement to `body`, which
    /// steps through the rows.
    func read<T: Sendable>(_ plan: QueryPlan, _ body: (Statement) throws(SQLiteError) -> T) throws -> T {
        let (sql, arguments) = plan.sql()
        return try withReader { connection throws(SQLiteError) in
            let statement = try connection.cachedStatement(sql)
            defer { statement.reset() }
            try statement.bind(arguments)
            return try body(statement)
        }
    }

    /// Reads one entity straight from the database, without a context (no tracking).
    /// - Parameters:
    ///   - type: The entity type.
    ///   - key: The row's primary key.
    /// - Returns: The entity, or `nil` when no row has that key.
    /// - Throws: ``SQLiteError`` when the read fails or a stored value does not fit its property;
    ///   ``SchemaError`` when the entity does not fit its table; ``ContextError`` for a key with
    ///   the wrong number of columns.
    public func fetch<E: Entity>(_ type: E.Type, key: RowKey) throws -> E? {
        let key = try register(E.schema.table).storedKey(key, oracle: oracle)
        guard let row = try readRow(E.schema.table, key: key).values else { return nil }
        return try E.schema.entity(values: row)
    }

    /// Reads one entity by an integer key straight from the database; see ``fetch(_:key:)``.
    /// - Throws: As ``fetch(_:key:)``.
    public func fetch<E: Entity>(_ type: E.Type, id: Int64) throws -> E? { try fetch(type, key: RowKey(.integer(id))) }

    /// Runs a request straight against the database, without a context: a plain, untracked read.
    /// - Parameter request: Condition, sort keys, limit and offset (see ``Condition``).
    /// - Returns: The matching entities, in the request's order.
    /// - Throws: ``SQLiteError`` when the read fails or a stored value does not fit its property;
    ///   ``SchemaError`` when the entity does not fit its table; ``QueryError`` for a key path
    ///   that is no declared column.
    /// - Complexity: One SQL query; O(*n*) in the rows returned.
    public func fetch<E: Entity>(_ request: FetchRequest<E>) throws -> [E] {
        let schema = E.schema
        try register(schema.table)
        let (sql, arguments) = try request.plan(foreignKeys).sql()
        return try withReader { connection throws(SQLiteError) in
            let statement = try connection.cachedStatement(sql)
            defer { statement.reset() }
            try statement.bind(arguments)
            // The row loop is the schema's, specialized for `E` where the schema is declared.
            return try schema.readAll(statement)
        }
    }

    /// The number of rows of an entity's table.
    /// - Throws: ``SQLiteError`` when the read fails.
    public func count<E: Entity>(_ type: E.Type) throws -> Int {
        let sql = "SELECT count(*) FROM \(quote(E.schema.table.name))"
        return try withReader { connection in
            if case let .integer(count)? = try connection.scalar(sql) { return Int(count) }
            return 0
        }
    }
}
