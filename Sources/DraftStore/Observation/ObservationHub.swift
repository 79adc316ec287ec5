import Dispatch
import Foundation

/// The store's observation engine: the one thing behind ``DraftStore/results(of:)``,
/// ``DraftStore/commits()`` and ``DraftStore/observe(_:onChange:)``.
///
/// After each commit, while the write lock is still held, the saving thread only pins a
/// snapshot — it starts a read transaction on an idle reader of the engine's pool (microseconds)
/// — and queues a job; it never runs a query. The engine's serial queue then runs the job: each
/// observer of a table the commit wrote re-reads its query on that pinned reader, so it sees
/// exactly that commit, compares the rows with its last result, and delivers only when they
/// differ. Jobs run in commit order, so a result is never older than the one before it.
///
/// When every pooled reader is pinned (``maximumReaders`` commits waiting), the queries of the
/// next commits are re-read once a reader is free, at the latest state: those commits coalesce
/// into one result. In-memory stores have one connection (SQLite's in-memory databases have
/// no WAL): there the job reads through it when it runs, so commits made meanwhile coalesce.
/// Commits by other writers of the file are noticed by ``ForeignCommitPoller``.
final class ObservationHub: Sendable {
    /// How many readers the pool opens at most.
    static let maximumReaders = 16
    /// How often the file is polled for other writers' commits (`PRAGMA data_version`), while anything is observed.
    static let pollInterval = Duration.milliseconds(50)

    /// What the engine holds, behind its lock.
    struct State {
        var observers: [Int: StoreObserver] = [:]
        var nextToken = 0
        /// Readers not pinned now.
        var idle: [PinnedReader] = []
        /// Readers opened (idle or pinned).
        var opened = 0
        /// Query observers whose re-read waits for a free reader, by token.
        var owed: [ObjectIdentifier: StoreObserver] = [:]
        /// Jobs queued and finished, for ``drained()``.
        var queued = 0
        var finished = 0
        var closed = false
        /// The poller, while anything is observed.
        var poller: ForeignCommitPoller?
    }

    /// The serial queue jobs run on.
    let queue = DispatchQueue(label: "DraftStore.observation")
    let state = Lock(State())
    /// Marks the queue, so that work started from it does not wait for it.
    private static let onQueue = DispatchSpecificKey<Bool>()

    init() { queue.setSpecific(key: Self.onQueue, value: true) }

    /// Registers an observer: a query observer gets its first evaluation at a snapshot taken
    /// now, so it and the commits after it are in order.
    /// - Returns: Its token.
    func add(_ observer: StoreObserver, store: DraftStore) -> StoreObservation {
        let token = store.writer.withLock { _ -> Int? in
            let token = state.withLock { state -> Int? in
                guard !state.closed else { return nil }
                state.nextToken += 1
                state.observers[state.nextToken] = observer
                return state.nextToken
            }
            if token != nil, observer.readsQueries { dispatch(nil, [observer], store: store) }
            return token
        }
        guard let token else {
            // A closed store: the sequence ends at once.
            observer.end()
            return StoreObservation(hub: self, token: 0)
        }
        if store.hasReader {
            let poller = state.withLock { state -> ForeignCommitPoller? in
                guard state.poller == nil, !state.closed else { return nil }
                state.poller = ForeignCommitPoller()
                return state.poller
            }
            poller?.start(hub: self, store: store)
        }
        return StoreObservation(hub: self, token: token)
    }

    /// Removes an observer (nothing when it is gone already); the poller stops with the last one.
    func remove(_ token: Int) {
        let (observer, poller) = state.withLock { state -> (StoreObserver?, ForeignCommitPoller?) in
            let observer = state.observers.removeValue(forKey: token)
            guard state.observers.isEmpty, let poller = state.poller else { return (observer, nil) }
            state.poller = nil
            return (observer, poller)
        }
        observer?.stop()
        observer?.end()
        poller?.stop(waiting: false)
    }

    /// Tells the observers a commit may concern. Called with the write lock held, right after the commit.
    func committed(_ commit: StoreCommit, store: DraftStore) {
        let touched = commit.written.map { Set($0.keys.map { $0.lowercased() }) }
        let observers = state.withLock { state in state.observers.values.filter { $0.watches(touched) } }
        guard !observers.isEmpty else { return }
        dispatch(commit, observers, store: store)
    }

    /// Pins a reader for the query observers among `observers` and queues their job.
    /// Called with the write lock held, so jobs queue in commit order.
    private func dispatch(_ commit: StoreCommit?, _ observers: [StoreObserver], store: DraftStore) {
        var observers = observers
        var reader: PinnedReader?
        if store.hasReader, observers.contains(where: \.readsQueries) {
            reader = pinnedReader(store)
            if reader == nil {
                let deferred = observers.filter(\.readsQueries)
                state.withLock { state in for observer in deferred { state.owed[ObjectIdentifier(observer)] = observer } }
                observers.removeAll(where: \.readsQueries)
                if observers.isEmpty { return }
            }
        }
        state.withLock { $0.queued += 1 }
        queue.async { [reader, observers] in self.run(commit, observers, reader: reader, store: store) }
    }

    /// An idle reader (or a new one, below ``maximumReaders``), pinned now; `nil` when none can be.
    private func pinnedReader(_ store: DraftStore) -> PinnedReader? {
        let idle = state.withLock { state -> PinnedReader? in
            if let reader = state.idle.popLast() { return reader }
            guard state.opened < Self.maximumReaders, !state.closed else { return nil }
            state.opened += 1
            return nil
        }
        guard let reader = idle ?? (try? PinnedReader(store.openReadConnection())) else {
            if idle == nil { state.withLock { $0.opened -= 1 } }
            return nil
        }
        do {
            try reader.pin()
            return reader
        } catch {
            reader.connection.close()
            state.withLock { $0.opened -= 1 }
            return nil
        }
    }

    /// Runs one job on the queue: each observer still registered handles the commit; the
    /// reader goes back to the pool; observers owed a re-read get one.
    private func run(_ commit: StoreCommit?, _ observers: [StoreObserver], reader: PinnedReader?, store: DraftStore) {
        let read = ObservationRead(pinned: reader?.connection, store: store)
        for observer in observers where observer.isActive { observer.evaluate(.init(commit: commit, read: read)) }
        if let reader {
            reader.unpin()
            let closed = state.withLock { state in
                if !state.closed { state.idle.append(reader) }
                return state.closed
            }
            if closed { reader.connection.close() }
        }
        let owed = state.withLock { state in
            defer { state.owed = [:] }
            return state.closed ? [] : Array(state.owed.values)
        }
        // Under the write lock, so the re-read is pinned after every commit queued so far.
        if !owed.isEmpty { store.writer.withLock { _ in dispatch(nil, owed, store: store) } }
        state.withLock { $0.finished += 1 }
    }

    /// Waits until every job queued so far, and every job those queued, has run: every due
    /// element has been handed to its sequence or callback. Returns at once on the queue itself.
    func drained() {
        guard DispatchQueue.getSpecific(key: Self.onQueue) != true else { return }
        while true {
            let target = state.withLock { $0.queued }
            queue.sync {}
            if state.withLock({ $0.queued == target && $0.finished >= target }) { return }
        }
    }

    /// Waits, without blocking a thread, as ``drained()`` does.
    func drained() async {
        while true {
            let target = state.withLock { $0.queued }
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in queue.async { continuation.resume() } }
            if state.withLock({ $0.queued == target && $0.finished >= target }) { return }
        }
    }

    /// Stops the engine before the store's connections close: the poller stops, queued jobs
    /// finish, the readers close, and every observer's sequence ends.
    func close() {
        let (observers, poller) = state.withLock { state in
            state.closed = true
            defer {
                state.observers = [:]
                state.poller = nil
            }
            return (Array(state.observers.values), state.poller)
        }
        poller?.stop(waiting: true)
        for observer in observers { observer.stop() }
        drained()
        let idle = state.withLock { state in
            defer { state.idle = [] }
            return state.idle
        }
        for reader in idle { reader.connection.close() }
        for observer in observers { observer.end() }
    }
}
