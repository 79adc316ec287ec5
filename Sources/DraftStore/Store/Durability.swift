extension DraftStore {
    /// What an acknowledged save survives: the `synchronous` setting of the store's WAL-mode
    /// connection, chosen with ``Configuration/durability``.
    ///
    /// In WAL mode a commit appends its pages to the write-ahead log; the setting decides
    /// whether that log is synced to the disk (fsync) before ``ObjectContext/save(policy:)`` returns.
    /// Every setting keeps the database consistent (never half a save) after any failure;
    /// they differ in whether the last saves can be lost:
    ///
    /// | setting | process killed | OS crash or power loss |
    /// |---|---|---|
    /// | ``full`` (default) | every acknowledged save kept | every acknowledged save kept |
    /// | ``normal`` | every acknowledged save kept | the saves since the last checkpoint may roll back |
    ///
    /// Sources: [PRAGMA synchronous](https://www.sqlite.org/pragma.html#pragma_synchronous)
    /// ("WAL mode is always consistent with synchronous=NORMAL, but WAL mode does lose
    /// durability. A transaction committed in WAL mode with synchronous=NORMAL might roll back
    /// following a power loss or system crash"), and
    /// [Write-Ahead Logging](https://www.sqlite.org/wal.html) (with NORMAL, the log is synced
    /// only at each checkpoint).
    public enum Durability: String, Sendable, CaseIterable {
        /// `synchronous=FULL`: each commit syncs the write-ahead log before it is acknowledged,
        /// so an acknowledged save survives power loss and OS crashes. Costs one fsync a save
        /// (tens of microseconds on an SSD, milliseconds on a disk without a write cache).
        case full
        /// `synchronous=NORMAL`: commits are not synced; the log is synced at checkpoints.
        /// Faster saves; an acknowledged save survives a killed process but may roll back
        /// after power loss or an OS crash (the database stays consistent). Opt in only when
        /// the data can be recreated.
        case normal

        /// The value this setting gives `PRAGMA synchronous`: `FULL` or `NORMAL` (for tools that
        /// open their own connections and must match the store, such as benchmarks).
        package var pragmaValue: String { self == .full ? "FULL" : "NORMAL" }
    }
}
