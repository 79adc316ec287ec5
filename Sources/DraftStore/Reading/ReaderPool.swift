/// The read-only connections of a file store's async reads and cursors
/// (``DraftStore/reads``), apart from its synchronous reader: a long async read or an open
/// cursor never makes a synchronous `fetch` (or a save) wait.
///
/// A read takes an idle connection (or opens one), and gives it back when done; at most
/// ``idleLimit`` wait idle, any more are closed. ``close()`` (from ``DraftStore/close()``)
/// closes the idle ones, and each busy one as it comes back. In-memory stores have no pool:
/// SQLite's in-memory databases have one connection.
final class ReaderPool: Sendable {
    /// How many idle connections the pool keeps open.
    static let idleLimit = 4

    private let state = Lock<(idle: [PinnedReader], closed: Bool)>(([], false))

    /// Makes an empty pool; connections open on demand.
    init() {}

    /// An idle connection, or a new one.
    /// - Throws: ``SQLiteError`` when a connection cannot be opened, or `SQLITE_MISUSE` once the store is closed.
    func take(_ store: DraftStore) throws(SQLiteError) -> PinnedReader {
        let idle = state.withLock { state -> (PinnedReader?, Bool) in (state.idle.popLast(), state.closed) }
        if idle.1 { throw SQLiteError(extendedCode: 21, message: "the connection to \(store.path ?? ":memory:") is closed") }
        if let reader = idle.0 { return reader }
        return PinnedReader(try store.openReadConnection())
    }

    /// Gives a connection back, its read transaction ended.
    func giveBack(_ reader: PinnedReader) {
        reader.unpin()
        let kept = state.withLock { state -> Bool in
            guard !state.closed, state.idle.count < Self.idleLimit else { return false }
            state.idle.append(reader)
            return true
        }
        if !kept { reader.connection.close() }
    }

    /// Closes the idle connections; busy ones close when given back.
    func close() {
        let idle = state.withLock { state -> [PinnedReader] in
            state.closed = true
            defer { state.idle = [] }
            return state.idle
        }
        for reader in idle { reader.connection.close() }
    }
}
