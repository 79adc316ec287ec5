import CSQLite
import Dispatch

/// The store's async reads: they run on a read-only connection of the store's own, on a
/// thread of their own, so the caller's actor (the main actor of an app) keeps running while
/// SQLite reads; a cancelled task stops its read. Get it from ``DraftStore/reads``.
///
/// ```swift
/// let books = try await store.reads.fetch(FetchRequest<Book>.all.sorted(by: \.title))
/// let total = try await store.reads.count(FetchRequest<Book>.all)
/// ```
///
/// They are spelled `store.reads.fetch`, not `store.fetch`: an `async` overload of the
/// synchronous `fetch(_:)` would be the one Swift picks inside every `async` function, so each
/// existing `try store.fetch(…)` there would stop compiling until it gained an `await`.
///
/// A file store reads on a pool of connections apart from its synchronous reader
/// (``DraftStore/fetch(_:)`` never waits for an async read); each read is one statement, so it
/// sees the database as of one commit ([WAL](https://www.sqlite.org/wal.html#concurrency)). An
/// in-memory store reads through its one connection, so a save waits for the read there.
/// Contexts keep their synchronous reads of what they hold: nothing here sends a context
/// across isolation.
public struct StoreReads: Sendable {
    /// The store read.
    public let store: DraftStore

    /// Runs a request on a reader, without a context: the async form of ``DraftStore/fetch(_:)``.
    /// - Parameter request: Condition, sort keys, limit and offset.
    /// - Returns: The matching entities, in the request's order.
    /// - Throws: `CancellationError` when the task is cancelled before or during the read (the
    ///   statement stops at SQLite's next progress check); otherwise as ``DraftStore/fetch(_:)``.
    /// - Complexity: One SQL query, O(*n*) in the rows returned, none of it on the caller's actor.
    public func fetch<E: Entity>(_ request: FetchRequest<E>) async throws -> [E] {
        try await run(registering: E.schema.table) { connection in
            let (sql, arguments) = try request.plan(store.foreignKeys).sql()
            let statement = try connection.cachedStatement(sql)
            defer { statement.reset() }
            try statement.bind(arguments)
            return try E.schema.readAll(statement)
        }
    }

    /// The number of rows a request returns, counted by SQLite on a reader: the async form of
    /// ``DraftStore/count(_:)-(DraftStore.FetchRequest<E>)``.
    /// - Parameter request: The request, its limit and offset included.
    /// - Returns: How many rows ``fetch(_:)`` would return.
    /// - Throws: `CancellationError` when the task is cancelled; otherwise as ``DraftStore/count(_:)-(DraftStore.FetchRequest<E>)``.
    public func count<E: Entity>(_ request: FetchRequest<E>) async throws -> Int {
        try await run(registering: E.schema.table) { connection in
            let (sql, arguments) = try request.plan(store.foreignKeys).countSQL()
            if case let .integer(count)? = try connection.scalar(sql, arguments) { return Int(count) }
            return 0
        }
    }

    /// The first entity a request returns, read on a reader: the async form of ``DraftStore/fetchOne(_:)``.
    /// - Parameter request: The request; its offset and order choose which row is first.
    /// - Returns: The entity, or `nil` when no row matches.
    /// - Throws: As ``fetch(_:)``.
    public func fetchOne<E: Entity>(_ request: FetchRequest<E>) async throws -> E? {
        try await fetch(request.limit(min(request.limitCount ?? 1, 1))).first
    }

    /// Runs `body` on a reader, on a thread of its own, stopping its statements when the
    /// calling task is cancelled.
    /// - Throws: `CancellationError` when the task was cancelled (before the read, or a
    ///   statement stopped by it); what `body` throws otherwise.
    /// - Parameters:
    ///   - table: A table to check against the database first (``DraftStore/register(_:onWriter:)``), if any.
    ///   - body: The read.
    func run<T: Sendable>(registering table: TableSchema? = nil, _ body: @escaping @Sendable (Connection) throws -> T) async throws -> T {
        let flag = CancellationFlag()
        let store = store
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
                DispatchQueue.global(qos: .userInitiated).async {
                    continuation.resume(
                        with: Result {
                            if let table { try store.register(table) }
                            return try store.interruptibleRead(flag, body)
                        })
                }
            }
        } onCancel: {
            flag.raise()
        }
    }
}

extension DraftStore {
    /// The store's async reads, cursors and SQL of the app's own; see ``StoreReads``.
    public var reads: StoreReads { StoreReads(store: self) }

    /// Runs `body` on a reader (a pooled one for a file store), its statements stopped once
    /// `flag` is raised; blocks the calling thread.
    /// - Throws: `CancellationError` when the flag was raised before or during the read.
    func interruptibleRead<T: Sendable>(_ flag: CancellationFlag, _ body: (Connection) throws -> T) throws -> T {
        if flag.isRaised { throw CancellationError() }
        guard hasReader else {
            return try withWriterConnection { connection in try Self.read(on: connection, flag, body) }
        }
        let reader = try readerPool.take(self)
        defer { readerPool.giveBack(reader) }
        return try Self.read(on: reader.connection, flag, body)
    }

    /// Runs `body` on `connection` under a progress check of `flag`.
    /// - Throws: `CancellationError` for a statement the flag stopped; what `body` throws otherwise.
    private static func read<T>(on connection: Connection, _ flag: CancellationFlag, _ body: (Connection) throws -> T) throws -> T {
        do {
            return try connection.withProgressCheck({ flag.isRaised }, { try body(connection) })
        } catch let error as SQLiteError where error.code == SQLITE_INTERRUPT && flag.isRaised {
            throw CancellationError()
        }
    }
}
