/// The rows of a query of the app's own as they change: an `AsyncSequence` whose first element
/// is the current result, then one element per commit that changes it (none for a commit that
/// leaves it as it was), in commit order. See ``StoreReads/observe(_:arguments:)``.
///
/// The tables it watches are those SQLite's authorizer reports the statement reads
/// (`SQLITE_READ`, a view's own tables included), learnt when iteration starts: a commit to
/// any of them re-runs the query, and a result equal to the last (compared as SQLite stores
/// values) is not delivered.
public struct SQLResults: AsyncSequence, Sendable {
    /// A result: its rows, each value in its column's order.
    public typealias Element = [[SQLiteValue]]
    /// ``SQLReadError`` for a statement that is no query, ``SQLiteError`` for a failed read,
    /// ``Misuse/storeClosed`` when iterated after the store's ``DraftStore/close()``.
    public typealias Failure = any Error

    let store: DraftStore
    let query: ReadOnlySQL

    /// Starts observing; prepares the statement once on the caller's thread to learn its tables.
    /// - Returns: An iterator over the results.
    public func makeAsyncIterator() -> Iterator {
        let (base, token) = ObservationStream.start(store: store) { deliver in
            store.observation.observe(query, store: store, deliver: deliver)
        }
        return Iterator(base: base, token: token)
    }

    /// Takes the results one by one.
    public struct Iterator: AsyncIteratorProtocol {
        var base: AsyncThrowingStream<[[SQLiteValue]], any Error>.Iterator
        /// Keeps the observation while the iterator lives.
        let token: StoreObservation

        /// The next result, waiting for a commit that changes it.
        /// - Returns: The rows; `nil` once the observation ended.
        /// - Throws: ``SQLReadError`` or ``SQLiteError`` when a read failed (the sequence then ends).
        public mutating func next() async throws -> [[SQLiteValue]]? { try await base.next() }

        /// The next result, on the caller's actor.
        /// - Parameter actor: The caller's isolation.
        /// - Returns: The rows; `nil` once the observation ended.
        /// - Throws: ``SQLReadError`` or ``SQLiteError`` when a read failed (the sequence then ends).
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(any Error) -> [[SQLiteValue]]? {
            try await base.next(isolation: actor)
        }
    }
}

extension StoreReads {
    /// Observes a query of the app's own: its rows now, then after each commit to a table it
    /// reads that changes them.
    ///
    /// ```swift
    /// for try await rows in store.reads.observe("SELECT genre, count(*) FROM books GROUP BY genre") {
    ///     print(rows)
    /// }
    /// ```
    /// - Parameters:
    ///   - sql: One query, its parameters written `?`.
    ///   - arguments: The values bound to its parameters, in order.
    /// - Returns: The sequence; each iteration observes on its own until cancelled.
    /// - Complexity: Per commit to a table it reads: one run of the query and a comparison, O(*n*) in its rows.
    public func observe(_ sql: String, arguments: [SQLiteValue] = []) -> SQLResults {
        SQLResults(store: store, query: ReadOnlySQL(sql: sql, arguments: arguments))
    }
}

extension ObservationHub {
    /// Observes a query of the app's own, watching the tables it reads.
    /// - Parameters:
    ///   - query: The statement and its arguments.
    ///   - store: The store it reads.
    ///   - deliver: Called on the engine's queue with each result, or the end.
    /// - Returns: The token that keeps the observation.
    func observe(
        _ query: ReadOnlySQL, store: DraftStore, deliver: @escaping @Sendable (ObservationEvent<[[SQLiteValue]]>) -> Void
    ) -> StoreObservation {
        let tables: Set<String>
        do {
            tables = try store.withReader { connection in try query.tablesRead(on: connection) }
        } catch {
            return failed(error, deliver)
        }
        return observeRows(
            tables: tables, store: store, read: { connection in try query.rows(on: connection) }, make: { $0 }, deliver: deliver)
    }
}
