import Dispatch

/// A request's rows one by one, read in batches on a reader: memory holds one batch, not
/// the result. Get one from ``StoreReads/cursor(_:batchSize:)``.
///
/// ```swift
/// for try await note in store.reads.cursor(FetchRequest<Note>.all, batchSize: 500) {
///     export(note)
/// }
/// ```
///
/// What it sees when a save happens meanwhile: in a file store, the iteration reads inside
/// one read transaction, begun when the first batch is read and ended after the last, so every
/// row comes from the database as of that moment — a save made during the loop is not seen,
/// and rows are neither skipped nor repeated (see
/// [WAL: readers see a snapshot](https://www.sqlite.org/wal.html#concurrency)). The open
/// transaction keeps checkpoints from passing it, so the write-ahead log grows until the loop
/// ends. An in-memory store has no snapshots (one connection): there each batch is the
/// request's next page (`LIMIT`/`OFFSET`) as of when it is read, so a save between two
/// batches can shift rows across the page boundary.
///
/// Each iteration reads on its own; stopping the loop early, or cancelling its task (the
/// batch in progress stops with `CancellationError`), ends the read transaction.
public struct StoreCursor<Root: Entity>: AsyncSequence, Sendable {
    /// A row of the request, as its entity.
    public typealias Element = Root
    /// `CancellationError`, ``SQLiteError``, ``SchemaError`` or ``QueryError``.
    public typealias Failure = any Error

    let store: DraftStore
    let request: FetchRequest<Root>
    let batchSize: Int

    /// Starts an iteration; nothing is read before its first `next()`.
    /// - Returns: The iterator.
    public func makeAsyncIterator() -> Iterator {
        Iterator(source: CursorSource(store: store, request: request, batchSize: batchSize))
    }

    /// Takes the rows one by one, reading a batch when the last one is used up.
    public struct Iterator: AsyncIteratorProtocol {
        let source: CursorSource<Root>
        var buffer: [Root] = []
        var position = 0

        /// The next row; `nil` after the last.
        /// - Throws: `CancellationError` when the task is cancelled during a batch; ``SQLiteError`` when the read fails.
        public mutating func next() async throws -> Root? {
            if position == buffer.count {
                buffer = []
                buffer = try await source.nextBatch()
                position = 0
                if buffer.isEmpty { return nil }
            }
            defer { position += 1 }
            return buffer[position]
        }
    }
}

extension StoreReads {
    /// The rows of a request one at a time, read `batchSize` at a time on a reader of the
    /// store's own; see ``StoreCursor`` for what it sees of saves made meanwhile.
    /// - Parameters:
    ///   - request: Condition, sort keys, limit and offset.
    ///   - batchSize: Rows read per batch (at least 1): what the iteration holds in memory.
    /// - Returns: The sequence.
    /// - Complexity: One SQL query over the whole iteration (a file store); memory O(`batchSize`).
    public func cursor<E: Entity>(_ request: FetchRequest<E>, batchSize: Int = 256) -> StoreCursor<E> {
        StoreCursor(store: store, request: request, batchSize: max(1, batchSize))
    }
}
