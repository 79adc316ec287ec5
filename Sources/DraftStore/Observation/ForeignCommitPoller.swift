import Dispatch
import Foundation

/// Notices commits by other writers of the file — another process, the `sqlite3` shell, a
/// sync job, another store on the same file — while anything is observed.
///
/// Every ``ObservationHub/pollInterval`` (50 ms) its thread reads `PRAGMA data_version` on a
/// connection of its own: that costs one pragma and nothing else while nothing changes. The
/// value moves on every other connection's commit, this store's writer included; then the
/// writer's own `data_version` (which moves only on *other* connections' commits) tells
/// whether someone else committed. If so, the commit is recorded in the store's log (rows
/// unknown) and handed to the observers, under the write lock like the store's own commits, so
/// it is in order with them. A commit by another writer is thus delivered within 50 ms plus
/// the time its observers' queries take.
///
/// See [PRAGMA data_version](https://www.sqlite.org/pragma.html#pragma_data_version).
final class ForeignCommitPoller: Sendable {
    /// Signalled to stop the thread (it also paces the polls).
    private let wake = DispatchSemaphore(value: 0)
    /// Whether the thread should stop.
    private let stopped = Lock(false)
    /// Left when the thread has closed its connection.
    private let done = DispatchGroup()

    /// Starts the polling thread. It holds the store and the hub only weakly.
    func start(hub: ObservationHub, store: DraftStore) {
        let initial = try? store.writer.withLock { connection in try connection.dataVersion() }
        done.enter()
        Thread.detachNewThread { [weak hub, weak store, self] in
            defer { self.done.leave() }
            guard let connection = try? store?.openReadConnection() else { return }
            defer { connection.close() }
            var seen = try? connection.dataVersion()
            var writerSeen = initial
            let interval = Double(ObservationHub.pollInterval.components.attoseconds) / 1e18
            while self.wake.wait(timeout: .now() + interval) == .timedOut, !self.stopped.withLock({ $0 }) {
                guard let hub, let store else { return }
                guard let version = try? connection.dataVersion(), version != seen else { continue }
                seen = version
                hub.noticeOtherWriters(store: store, since: &writerSeen)
            }
        }
    }

    /// Stops the thread; with `waiting`, returns when its connection is closed.
    func stop(waiting: Bool) {
        stopped.withLock { $0 = true }
        wake.signal()
        if waiting { done.wait() }
    }
}

extension ObservationHub {
    /// Records and delivers a commit by another writer, if the writer's `data_version` says
    /// there was one since `seen` (which it updates). Takes the write lock.
    func noticeOtherWriters(store: DraftStore, since seen: inout Int64?) {
        let previous = seen
        let version = store.writer.withLock { connection -> Int64? in
            guard let version = try? connection.dataVersion(), version != previous else { return nil }
            let sequence = store.state.withLock { state in
                state.dataVersion = version
                return state.record(nil)
            }
            committed(StoreCommit(sequence: sequence, written: nil, changeset: nil), store: store)
            return version
        }
        if let version { seen = version }
    }
}
