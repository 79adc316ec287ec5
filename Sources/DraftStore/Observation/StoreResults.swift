/// The results of a request as they change: an `AsyncSequence` whose first element is the
/// current result, then one element per commit that changes it (none for a commit that
/// leaves it as it was), in commit order. See `DraftStore.results(of:)`.
///
/// Each iteration is its own observation, started by `makeAsyncIterator()`; it ends when the
/// consuming task is cancelled, when the loop stops, or when the store closes. Elements wait
/// in an unbounded buffer until taken: a slow consumer receives every result, in order.
package struct StoreResults<Root: Entity>: AsyncSequence, Sendable {
    /// A result: the request's rows, in its order.
    package typealias Element = [Root]
    /// The error a failed read throws (``SQLiteError``, ``SchemaError`` when the entity does not
    /// fit its table, ``Misuse/storeClosed`` when iterated after the store's ``DraftStore/close()``).
    package typealias Failure = any Error

    let store: DraftStore
    let request: FetchRequest<Root>
    let progress: ObservationProgress?

    /// Starts observing.
    /// - Returns: An iterator over the results.
    package func makeAsyncIterator() -> Iterator {
        let (base, token) = ObservationStream.start(store: store) { deliver in
            store.observation.observe(request, store: store, progress: progress, deliver: deliver)
        }
        return Iterator(base: base, token: token)
    }

    /// Takes the results one by one.
    package struct Iterator: AsyncIteratorProtocol {
        var base: AsyncThrowingStream<[Root], any Error>.Iterator
        /// Keeps the observation while the iterator lives.
        let token: StoreObservation

        /// The next result, waiting for a commit that changes it.
        /// - Returns: The rows; `nil` once the observation ended.
        /// - Throws: ``SQLiteError`` when a read failed (the sequence then ends).
        package mutating func next() async throws -> [Root]? { try await base.next() }

        /// The next result, on the caller's actor.
        /// - Parameter actor: The caller's isolation.
        /// - Returns: The rows; `nil` once the observation ended.
        /// - Throws: ``SQLiteError`` when a read failed (the sequence then ends).
        package mutating func next(isolation actor: isolated (any Actor)?) async throws(any Error) -> [Root]? {
            try await base.next(isolation: actor)
        }
    }
}

/// Every commit to the store's file as it happens, in commit order: this store's saves (with
/// their changesets) and other writers' commits (noticed within 50 ms). See ``DraftStore/commits()``.
///
/// Each iteration is its own observation, from `makeAsyncIterator()` on; it ends when the
/// consuming task is cancelled, the loop stops, or the store closes.
package struct StoreCommits: AsyncSequence, Sendable {
    /// A commit.
    package typealias Element = StoreCommit
    /// Never fails.
    package typealias Failure = Never

    let store: DraftStore

    /// Starts observing.
    /// - Returns: An iterator over the commits.
    package func makeAsyncIterator() -> Iterator {
        let (stream, continuation) = AsyncStream<StoreCommit>.makeStream()
        let token = store.observation.observeCommits(store: store) { event in
            switch event {
            case let .rows(commit): continuation.yield(commit)
            case .failed, .ended: continuation.finish()
            }
        }
        continuation.onTermination = { _ in token.cancel() }
        return Iterator(base: stream.makeAsyncIterator(), token: token)
    }

    /// Takes the commits one by one.
    package struct Iterator: AsyncIteratorProtocol {
        var base: AsyncStream<StoreCommit>.Iterator
        /// Keeps the observation while the iterator lives.
        let token: StoreObservation

        /// The next commit; `nil` once the observation ended.
        package mutating func next() async -> StoreCommit? { await base.next() }

        /// The next commit, on the caller's actor; `nil` once the observation ended.
        /// - Parameter actor: The caller's isolation.
        package mutating func next(isolation actor: isolated (any Actor)?) async -> StoreCommit? { await base.next(isolation: actor) }
    }
}

extension DraftStore {
    /// The results of a request as they change: the current result first, then one per
    /// commit that changes it, in commit order — this store's saves and other writers'.
    ///
    /// ```swift
    /// for try await authors in store.results(of: FetchRequest<Author>.all.sorted(by: \.name)) {
    ///     print(authors.map(\.name))   // now, then after each commit that changes the list
    /// }
    /// ```
    ///
    /// Results are read on readers of the store's observation engine, never on the saving
    /// thread: a save does not wait for observers. After a commit of this store, its result is
    /// read at exactly that commit (a reader pinned before the write lock is released), so
    /// each element reflects one commit and is never older than the one before it. A commit
    /// by another writer of the file (another process, the `sqlite3` shell) is noticed by
    /// polling `PRAGMA data_version` every 50 ms, so it arrives within 50 ms plus the time
    /// the query takes. In-memory stores read through their one connection when the engine
    /// gets to the commit: commits made meanwhile coalesce into one element.
    /// - Parameter request: The query.
    /// - Returns: The sequence; each iteration observes on its own until cancelled. A failed read
    ///   throws ``SQLiteError``, ``SchemaError`` when the entity does not fit its table, or
    ///   ``Misuse/storeClosed`` when iterated after ``close()``.
    /// - Complexity: Per commit to the request's table: one run of its query and a comparison, O(*n*) in its rows.
    public func results<E: Entity>(of request: FetchRequest<E>) -> some AsyncSequence<[E], any Error> & Sendable {
        StoreResults(store: self, request: request, progress: nil)
    }

    /// Every commit to the store's file, in commit order, from when the iteration starts:
    /// this store's saves (not a save that wrote nothing) and other writers' commits,
    /// noticed within 50 ms.
    /// - Returns: The sequence; each iteration observes on its own until cancelled.
    public func commits() -> some AsyncSequence<StoreCommit, Never> & Sendable { StoreCommits(store: self) }
}
