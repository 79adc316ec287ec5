extension ObjectContext {
    /// The number of rows a request returns as this context sees them (its own and its
    /// parents' unsaved inserts, edits and deletes included), with its limit and offset;
    /// nothing is registered.
    ///
    /// ```swift
    /// try context.insert(Book(title: "Parable of the Sower", authorID: 1))
    /// let count = try context.count(FetchRequest<Book>.all.filter(\.authorID == 1))  // counts the insert
    /// ```
    /// - Parameter request: The request.
    /// - Returns: How many objects `fetch(_:)` would return.
    /// - Throws: ``SQLiteError`` when the read fails; ``ContextError`` after ``discard()``;
    ///   ``QueryError`` as `fetch(_:)` throws it.
    /// - Complexity: One SQL `count(*)` when no context of the chain has rows of the table
    ///   registered; otherwise the rows are read and counted as `fetch(_:)` reads them.
    public func count<E: Entity>(_ request: FetchRequest<E>) throws -> Int {
        try checkUsable()
        let state = try state(for: E.schema.table)
        let plan = try request.plan()
        let evaluator = try QueryEvaluator(plan, info: state.info, oracle: store.oracle)
        var context: ObjectContext? = self
        var registered = false
        while let current = context, !registered {
            registered = (current.tables[plan.table.name]?.count ?? 0) > 0
            context = current.parent
        }
        if !registered { return try store.count(request) }
        return try queryRows(plan, evaluator).rows.count
    }

    /// The first object a request returns as this context sees it, registered in it.
    /// - Parameter request: The request; its offset and order choose which object is first.
    /// - Returns: The object, or `nil` when none matches.
    /// - Throws: As `fetch(_:)`.
    public func fetchOne<E: Entity>(_ request: FetchRequest<E>) throws -> E? {
        try fetch(request.limit(min(request.limitCount ?? 1, 1))).first
    }
}
