extension DraftStore {
    /// The number of rows a request returns, counted by SQLite (`SELECT count(*)`), its
    /// limit and offset included; no entity is made.
    ///
    /// ```swift
    /// let lowStock = try store.count(FetchRequest<Book>.all.filter(\.stock < 5))
    /// ```
    /// - Parameter request: The request.
    /// - Returns: How many rows `fetch(_:)` would return.
    /// - Throws: ``SQLiteError`` when the read fails; ``SchemaError`` when the entity does not fit
    ///   its table; ``QueryError`` for a key path that is no declared column.
    /// - Complexity: One SQL query.
    public func count<E: Entity>(_ request: FetchRequest<E>) throws -> Int {
        try register(E.schema.table)
        let (sql, arguments) = try request.plan(foreignKeys).countSQL()
        return try withReader { connection in
            if case let .integer(count)? = try connection.scalar(sql, arguments) { return Int(count) }
            return 0
        }
    }

    /// The first entity a request returns, straight from the database: the request with a
    /// limit of one.
    /// - Parameter request: The request; its offset and order choose which row is first.
    /// - Returns: The entity, or `nil` when no row matches.
    /// - Throws: As `fetch(_:)`.
    public func fetchOne<E: Entity>(_ request: FetchRequest<E>) throws -> E? {
        try fetch(request.limit(min(request.limitCount ?? 1, 1))).first
    }
}
