/// The store's mutable bookkeeping, behind its `Lock`: the commit sequence and a short
/// log of what each commit touched, and the writer's last `PRAGMA data_version`.
struct StoreState {
    /// What one commit touched.
    struct Commit {
        /// The commit's sequence number.
        let sequence: UInt64
        /// Row keys by table; `nil` when unknown (another process wrote, or SQLite changed
        /// rows itself through foreign-key actions or triggers): assume everything changed.
        let rows: [String: WrittenKeys]?
    }

    /// The number of the last commit this store knows of (its own and detected foreign ones).
    var sequence: UInt64 = 0
    /// The last commits, oldest first; at most ``logLimit``.
    var log: [Commit] = []
    /// The writer's `PRAGMA data_version` when last looked at.
    var dataVersion: Int64 = 0

    /// How many commits the log keeps; older ones count as "anything may have changed".
    static let logLimit = 1024

    /// Records a commit and returns its sequence number.
    mutating func record(_ rows: [String: WrittenKeys]?) -> UInt64 {
        sequence += 1
        log.append(Commit(sequence: sequence, rows: rows))
        if log.count > StoreState.logLimit { log.removeFirst(log.count - StoreState.logLimit) }
        return sequence
    }

    /// Whether commit `sequence` may have changed rows it does not list (SQLite's own
    /// foreign-key actions or triggers, another process).
    func changedUnlistedRows(_ sequence: UInt64) -> Bool {
        log.last { $0.sequence == sequence }.map { $0.rows == nil } ?? false
    }

    /// Whether row `key` of `table` may have changed after commit `sequence`.
    func mayHaveChanged(table: String, key: RowKey, since sequence: UInt64) -> Bool {
        guard sequence < self.sequence else { return false }
        guard let first = log.first, first.sequence <= sequence + 1 else { return true }
        for commit in log.reversed() {
            if commit.sequence <= sequence { break }
            guard let rows = commit.rows else { return true }
            if rows[table]?.contains(key) == true { return true }
        }
        return false
    }
}
