/// How the store's storage is doing: failures SQLite reports after a commit has succeeded,
/// which no save can report because that save is committed and stays committed.
///
/// In WAL mode a commit only appends to the write-ahead log; copying the log into the
/// database file (a *checkpoint*) runs later, after some commit that left the log at
/// ``DraftStore/Configuration/checkpointPages`` pages, and when the store closes. SQLite's own
/// automatic checkpoint ignores its result, so the store runs the checkpoint itself and
/// records any failure here (an I/O error or a full disk while writing or syncing the
/// database file). The data is safe in the log meanwhile, but the log keeps growing and the
/// file needs attention: read ``DraftStore/health`` after saves, or when the app goes to the
/// background, and tell the user or the logs.
///
/// See [Write-Ahead Logging, Checkpointing](https://www.sqlite.org/wal.html#checkpointing)
/// and [sqlite3_wal_hook](https://www.sqlite.org/c3ref/wal_hook.html).
public struct StoreHealth: Sendable {
    /// The last checkpoint failure since the store opened; its message names the database
    /// file. `nil` when no checkpoint has failed.
    public var lastCheckpointError: SQLiteError?
    /// How many checkpoints have failed since the store opened.
    public var checkpointFailures = 0
    /// Whether the most recent checkpoint failed (a later successful one clears it).
    public var isFailing = false

    /// Whether no checkpoint is failing now.
    public var isHealthy: Bool { !isFailing }
}

/// The store's ``StoreHealth``, shared with the writer's checkpoint handler (which runs
/// inside a commit, before the store itself is fully made).
final class HealthMonitor: Sendable {
    let health = Lock(StoreHealth())

    /// Records the outcome of a checkpoint: `nil` when it succeeded, else its error.
    func record(_ error: SQLiteError?) {
        health.withLock { health in
            health.isFailing = error != nil
            guard let error else { return }
            health.lastCheckpointError = error
            health.checkpointFailures += 1
        }
    }
}

extension DraftStore {
    /// The storage failures seen after commits: checkpoint errors, with the file they concern.
    /// See ``StoreHealth``.
    public var health: StoreHealth { monitor.health.withLock { $0 } }
}
