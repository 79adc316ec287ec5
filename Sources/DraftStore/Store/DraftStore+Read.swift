import CSQLite

extension DraftStore {
    /// Reads one row's snapshot and the commit sequence it reflects; `nil` values when the row does not exist.
    func readRow(_ table: TableSchema, id: Int64) throws -> (values: [SQLiteValue]?, sequence: UInt64) {
        let sequence = state.withLock { $0.sequence }
        let values = try withReader { connection in try DraftStore.readRow(table, id: id, on: connection) }
        return (values, sequence)
    }

    /// Reads one row's snapshot on a given connection (inside a save, the writer).
    static func readRow(_ table: TableSchema, id: Int64, on connection: Connection) throws -> [SQLiteValue]? {
        let statement = try connection.cachedStatement(table.selectByIDSQL)
        defer { statement.reset() }
        try statement.bind(.integer(id), at: 1)
        guard try statement.step() else { return nil }
        let row = statement.row
        var values: [SQLiteValue] = []
        values.reserveCapacity(table.columns.count)
        for index in 0..<Int32(table.columns.count) { values.append(try row.value(at: index)) }
        return values
    }

    /// The largest row id of a table (0 when it is empty): a row inserted without an id gets the next one.
    func maxID(_ table: TableSchema) throws -> Int64 {
        let sql = "SELECT max(\"id\") FROM \(quote(table.name))"
        return try withReader { connection in
            if case let .integer(id)? = try connection.scalar(sql) { return id }
            return 0
        }
    }

    /// Runs a query plan against the database.
    func query(_ plan: QueryPlan) throws -> (rows: [(id: Int64, values: [SQLiteValue])], sequence: UInt64) {
        let sequence = state.withLock { $0.sequence }
        let (sql, arguments) = plan.sql()
        let count = Int32(plan.table.columns.count)
        let rows = try withReader { connection in
            try connection.fetch(sql, arguments) { row in
                var values: [SQLiteValue] = []
                values.reserveCapacity(Int(count))
                for index in 1...max(count, 1) where index <= count { values.append(try row.value(at: index)) }
                return (id: row.int64(at: 0), values: values)
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
    ///   - id: The row id.
    /// - Returns: The entity, or `nil` when no row has that id.
    /// - Throws: ``SQLiteError`` when the read fails or a stored value does not fit its property.
    public func fetch<E: Entity>(_ type: E.Type, id: Int64) throws -> E? {
        register(E.schema.table)
        guard let values = try readRow(E.schema.table, id: id).values else { return nil }
        return try E.schema.entity(id: id, values: values)
    }

    /// Runs a request straight against the database, without a context: a plain, untracked read.
    /// - Parameter request: Filters, order and limit.
    /// - Returns: The matching entities, in the request's order.
    /// - Throws: ``SQLiteError`` when the read fails or a stored value does not fit its property.
    /// - Complexity: One SQL query; O(*n*) in the rows returned.
    public func fetch<E: Entity>(_ request: FetchRequest<E>) throws -> [E] {
        let schema = E.schema
        let (sql, arguments) = request.plan().sql()
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
