import CSQLite
import Dispatch

/// The reading side of one ``StoreCursor`` iteration: its reader, pinned at the first batch,
/// and its statement, stepped a batch at a time.
final class CursorSource<Root: Entity>: @unchecked Sendable {
    // @unchecked: one iteration at a time uses it. Its iterator asks for a batch only after
    // the previous one returned (`next()` is mutating and awaited), so its state is never
    // touched from two threads at once.
    let store: DraftStore
    let request: FetchRequest<Root>
    let batchSize: Int
    private var reader: PinnedReader?
    private var statement: Statement?
    private var finished = false
    /// Rows read so far (the in-memory store's next offset).
    private var delivered = 0

    init(store: DraftStore, request: FetchRequest<Root>, batchSize: Int) {
        self.store = store
        self.request = request
        self.batchSize = batchSize
    }

    deinit { finish() }

    /// The next batch, read on a thread of its own; empty after the last.
    /// - Throws: `CancellationError` when the task is cancelled; ``SQLiteError`` when the read fails.
    func nextBatch() async throws -> [Root] {
        let flag = CancellationFlag()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<[Root], any Error>) in
                DispatchQueue.global(qos: .userInitiated).async { continuation.resume(with: Result { try self.readBatch(flag) }) }
            }
        } onCancel: {
            flag.raise()
        }
    }

    /// Reads the next batch on the calling thread; any failure ends the iteration.
    private func readBatch(_ flag: CancellationFlag) throws -> [Root] {
        guard !finished else { return [] }
        do {
            if flag.isRaised { throw CancellationError() }
            try store.register(Root.schema.table)
            let rows = try store.hasReader ? readPinned(flag) : readPage(flag)
            delivered += rows.count
            if rows.count < batchSize { finish() }
            return rows
        } catch let error as SQLiteError where error.code == SQLITE_INTERRUPT && flag.isRaised {
            finish()
            throw CancellationError()
        } catch {
            finish()
            throw error
        }
    }

    /// A file store's batch: the statement's next rows, inside the read transaction of the first.
    private func readPinned(_ flag: CancellationFlag) throws -> [Root] {
        if statement == nil {
            let reader = try store.readerPool.take(store)
            self.reader = reader
            try reader.pin()
            let (sql, arguments) = try request.plan(store.foreignKeys).sql()
            let statement = try reader.connection.prepare(sql)
            try statement.bind(arguments)
            self.statement = statement
        }
        guard let statement, let reader else { return [] }
        return try reader.connection.withProgressCheck({ flag.isRaised }, { try Self.rows(of: statement, upTo: batchSize) })
    }

    /// An in-memory store's batch: the request's next page, read through its one connection.
    private func readPage(_ flag: CancellationFlag) throws -> [Root] {
        var plan = try request.plan(store.foreignKeys)
        let limit = plan.limit.map { min($0 - delivered, batchSize) } ?? batchSize
        guard limit > 0 else { return [] }
        plan.offset += delivered
        plan.limit = limit
        let (sql, arguments) = plan.sql()
        let size = batchSize
        return try store.withWriterConnection { connection in
            try connection.withProgressCheck(
                { flag.isRaised },
                {
                    let statement = try connection.cachedStatement(sql)
                    defer { statement.reset() }
                    try statement.bind(arguments)
                    return try Self.rows(of: statement, upTo: size)
                })
        }
    }

    /// Up to `count` more rows of a statement, as entities.
    private static func rows(of statement: Statement, upTo count: Int) throws(SQLiteError) -> [Root] {
        let width = Root.schema.columns.count
        var rows: [Root] = []
        rows.reserveCapacity(count)
        while rows.count < count, try statement.step() {
            rows.append(try Root.schema.entity(values: try DraftStore.readSnapshot(statement.row, width: width)))
        }
        return rows
    }

    /// Ends the iteration: the statement is finalized, the reader's transaction ends and it goes back to the pool.
    private func finish() {
        finished = true
        statement = nil
        if let reader { store.readerPool.giveBack(reader) }
        reader = nil
    }
}
