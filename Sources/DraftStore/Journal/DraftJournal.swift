import Dispatch
import Foundation

/// The store's draft journal: writes each journaled item's unsaved state to DraftStore's own
/// table `draftstore_drafts`, in the same database file, through a connection of its own on a
/// serial queue, so an edit never waits for a write.
///
/// Edits are coalesced: the first edit after a write schedules the next write ``delay`` later,
/// and that write takes the latest state of every item edited meanwhile, in one transaction.
/// So the journal is at most ``delay`` plus two writes behind the last edit; ``bound`` (200 ms)
/// is the figure the documentation states and the crash test checks. Writes use
/// `synchronous=NORMAL`: a committed write survives the process being killed (the OS keeps the
/// write-ahead log), not necessarily a power cut.
///
/// Against a save of the same item: the save marks the entry suspended before its transaction
/// begins, and a write checks the mark inside its own transaction, so a write either commits
/// before the save's transaction (which then deletes the entry with its rows) or does not write
/// at all; and a state taken before a successful save (a write waiting for the lock the save
/// held) carries an older generation of its entry, and is dropped.
///
/// Against every save of the store: each journal transaction runs holding the store's writer
/// (``writer``), the lock its saves take before `BEGIN IMMEDIATE`. So the store's own connections
/// never meet each other's SQLite write lock: a save waits for the one journal transaction in
/// flight on that lock, never on SQLite's busy handler, whose timeout a large entry (a draft
/// holding a BLOB of tens of MiB) could outlast; only other processes can make a save busy.
final class DraftJournal: Sendable {
    /// The journal's table.
    static let table = "draftstore_drafts"
    /// How long a write waits after the first edit it carries, to take the edits that follow.
    static let delay = DispatchTimeInterval.milliseconds(20)
    /// The stated bound: an edit older than this is in the journal (on a machine that is not stalled).
    static let bound: Duration = .milliseconds(200)

    /// What is waiting to be written, and which entries must not be written.
    struct State {
        /// The latest unwritten entry of each item, with the generation it was taken in.
        var pending: [UUID: Pending] = [:]
        /// Per entry, how many saves deleted it: a state taken before a save is never written after it.
        var generations: [UUID: Int] = [:]
        /// Entries a save in progress owns: not written until it ends.
        var suspended: Set<UUID> = []
        /// Entries removed (saved, cancelled): never written again.
        var closed: Set<UUID> = []
        /// Entries held open by an item of this process.
        var open: Set<UUID> = []
        /// Whether a write is scheduled.
        var scheduled = false
        /// Whether ``close()`` ran.
        var isClosed = false
        /// The last failure of a write, by entry; cleared by the next successful write.
        var failures: [UUID: DraftJournalError] = [:]
    }

    /// An entry waiting to be written, and the generation of its item when it was taken.
    typealias Pending = (entry: DraftEntry, generation: Int)

    /// The pending entries and marks.
    let state = Lock(State())
    /// The journal's own connection, opened on first use; used only on ``queue`` (and by ``open(_:)``).
    let connection = Lock<Connection?>(nil)
    /// The serial queue writes run on.
    let queue = DispatchQueue(label: "DraftStore.DraftJournal")
    /// The store's writer: held around each journal transaction (see the type's discussion).
    let writer: Lock<Connection>

    /// Makes a journal that opens nothing until first used.
    /// - Parameter writer: The store's writer, held around each journal transaction.
    init(writer: Lock<Connection>) { self.writer = writer }

    /// Opens the journal's connection for `store`, once. Its table is created by the first write,
    /// so a store whose items are never edited keeps its file unchanged.
    /// - Throws: ``DraftJournalError/unavailable(_:)`` for an in-memory, read-only or
    ///   single-connection store; ``DraftJournalError/storage(_:)`` when opening fails.
    func open(_ store: DraftStore) throws(DraftJournalError) {
        if DatabasePath.isInMemory(store.path) { throw .unavailable(.inMemory) }
        if store.configuration.readOnly { throw .unavailable(.readOnly) }
        if store.configuration.singleConnection { throw .unavailable(.singleConnection) }
        do throws(SQLiteError) {
            try connection.withLock { connection throws(SQLiteError) in
                guard connection == nil else { return }
                var options = Connection.Options()
                options.busyTimeout = store.configuration.busyTimeout
                options.create = false
                let opened = try Connection(path: store.path, options: options)
                try DraftStore.setUp(opened, store.configuration)
                try opened.execute("PRAGMA synchronous = NORMAL")
                connection = opened
            }
        } catch {
            throw .storage(error.naming(database: store.path))
        }
    }

    /// The journal table: one row per journaled item.
    static let createSQL = """
        CREATE TABLE IF NOT EXISTS \(table) (
          id TEXT NOT NULL PRIMARY KEY, format INTEGER NOT NULL, entity TEXT NOT NULL, table_name TEXT NOT NULL,
          mode TEXT NOT NULL, key TEXT NOT NULL, edited_at INTEGER NOT NULL, entry TEXT NOT NULL) STRICT
        """

    /// Takes the latest state of an item; it is written within ``delay`` (coalesced with other edits).
    func schedule(_ entry: DraftEntry) {
        let dispatch = state.withLock { state -> Bool in
            guard !state.isClosed, !state.closed.contains(entry.id) else { return false }
            state.pending[entry.id] = (entry, state.generations[entry.id, default: 0])
            guard !state.scheduled else { return false }
            state.scheduled = true
            return true
        }
        if dispatch { queue.asyncAfter(deadline: .now() + Self.delay) { self.flush() } }
    }

    /// Writes every pending entry not suspended, in one transaction. Runs on ``queue``.
    func flush() {
        let batch = state.withLock { state -> [Pending] in
            state.scheduled = false
            let ready = state.pending.values.filter { !state.suspended.contains($0.entry.id) }
            for pending in ready { state.pending[pending.entry.id] = nil }
            return ready
        }
        guard !batch.isEmpty else { return }
        do {
            // Between the store's saves: see the type's discussion.
            try writer.withLock { _ in
                try connection.withLock { connection in
                    guard let connection else { return }
                    try write(batch, on: connection)
                }
            }
            state.withLock { state in for pending in batch { state.failures[pending.entry.id] = nil } }
        } catch {
            let failure = (error as? SQLiteError).map(DraftJournalError.storage) ?? .damaged(batch[0].entry.id)
            // Kept for the next write, unless a newer state or a removal came meanwhile.
            let retry = state.withLock { state -> Bool in
                for pending in batch {
                    let id = pending.entry.id
                    state.failures[id] = failure
                    if state.pending[id] == nil, !state.closed.contains(id) { state.pending[id] = pending }
                }
                guard !state.scheduled, !state.pending.isEmpty else { return false }
                state.scheduled = true
                return true
            }
            if retry { queue.asyncAfter(deadline: .now() + Self.delay) { self.flush() } }
        }
    }

    /// Marks an entry as owned by a save in progress (see the type's discussion).
    func suspend(_ id: UUID) { _ = state.withLock { $0.suspended.insert(id) } }

    /// Ends a save's ownership of an entry. A successful save deleted the entry in its transaction:
    /// what was pending is dropped. A failed save left it: the pending state is written.
    func saveEnded(_ id: UUID, saved: Bool) {
        let reschedule = state.withLock { state -> DraftEntry? in
            state.suspended.remove(id)
            if saved {
                // A write that took the entry before the save and waits for the lock must not bring it back.
                state.generations[id, default: 0] += 1
                state.pending[id] = nil
                return nil
            }
            return state.pending.removeValue(forKey: id)?.entry
        }
        if let reschedule { schedule(reschedule) }
    }

    /// Removes an entry (cancel, discard): nothing more of it is written, and its row is deleted on the queue.
    /// - Parameter delete: Whether the entry may be in the table (`false` when it never was, or a save deleted it).
    func remove(_ id: UUID, delete: Bool) {
        state.withLock { state in
            state.pending[id] = nil
            state.closed.insert(id)
            state.open.remove(id)
            state.failures[id] = nil
        }
        queue.async {
            if delete {
                try? self.writer.withLock { _ in
                    try self.connection.withLock { connection in
                        try connection?.run("DELETE FROM \(Self.table) WHERE id = ?", [.text(id.uuidString)])
                    }
                }
            }
            // Every write that could carry the entry ran before this job: the mark is no longer needed.
            self.state.withLock { state in
                state.closed.remove(id)
                state.generations[id] = nil
            }
        }
    }

    /// Writes what is pending now and waits until it is written. Not from a thread that holds
    /// the store's writer (a batched save's closure): the write would wait for that thread.
    func flushNow() { queue.sync { flush() } }

    /// Writes what is pending and closes the connection; later edits are not journaled.
    func close() {
        queue.sync {
            flush()
            state.withLock { $0.isClosed = true }
            connection.withLock { connection in
                connection?.close()
                connection = nil
            }
        }
    }
}
