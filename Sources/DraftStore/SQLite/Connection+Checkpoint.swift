import CSQLite

extension Connection {
    /// How a checkpoint copies the write-ahead log into the database file.
    ///
    /// See [sqlite3_wal_checkpoint_v2](https://www.sqlite.org/c3ref/wal_checkpoint_v2.html).
    public enum CheckpointMode: Sendable {
        /// Copies what it can without waiting for other connections; never blocks.
        case passive
        /// Copies everything, then empties the log to zero bytes: waits for the other
        /// connections' readers and writer (up to the busy timeout, when asked to wait).
        case truncate

        /// The `SQLITE_CHECKPOINT_*` value.
        var code: Int32 { self == .passive ? SQLITE_CHECKPOINT_PASSIVE : SQLITE_CHECKPOINT_TRUNCATE }
    }

    /// Runs a checkpoint of the main database (`sqlite3_wal_checkpoint_v2`).
    ///
    /// - Parameters:
    ///   - mode: Passive, or truncate (empty the log).
    ///   - waiting: Whether a truncating checkpoint waits for other connections up to the busy
    ///     timeout; when false it gives up at once and returns `false`.
    /// - Returns: `false` when other connections kept it from finishing (`SQLITE_BUSY`); `true` otherwise.
    /// - Throws: ``SQLiteError`` naming the database file when the checkpoint fails (an I/O
    ///   error writing or syncing the file, say), or `SQLITE_MISUSE` after ``close()``.
    @discardableResult
    public func checkpoint(_ mode: CheckpointMode, waiting: Bool = true) throws(SQLiteError) -> Bool {
        let handle = try openHandle()
        if !waiting { sqlite3_busy_handler(handle, nil, nil) }
        defer { if !waiting { Self.installBusyHandler(handle, milliseconds: busyTimeoutMilliseconds) } }
        let code = sqlite3_wal_checkpoint_v2(handle, "main", mode.code, nil, nil)
        if code == SQLITE_BUSY { return false }
        if let error = Self.checkpointError(handle, code) { throw error }
        return true
    }

    /// Runs the checkpoints of this connection itself, reporting their failures, in place of
    /// SQLite's automatic checkpoint (whose result nobody sees): after each commit that leaves
    /// the write-ahead log at `pages` pages or more, a passive checkpoint runs, and its outcome
    /// is passed to `onResult`: `nil` when it succeeded, the error when it failed (a busy
    /// checkpoint, which other connections will finish, is not reported). The commit stays
    /// committed either way.
    /// `pages` 0 turns automatic checkpoints off. Closing the connection removes the handler.
    ///
    /// See [sqlite3_wal_hook](https://www.sqlite.org/c3ref/wal_hook.html) and
    /// [PRAGMA wal_autocheckpoint](https://www.sqlite.org/pragma.html#pragma_wal_autocheckpoint)
    /// (whose default is 1000 pages).
    /// - Parameters:
    ///   - pages: The log size, in pages, that starts a checkpoint.
    ///   - onResult: Called on the committing thread with `nil` or the error, which names the file.
    public func setCheckpointHandler(everyPages pages: Int, onResult: @escaping (SQLiteError?) -> Void) {
        guard let handle else { return }
        let box = Box(CheckpointPolicy(pages: Int32(clamping: pages), onResult: onResult))
        hooks.checkpoint = box
        sqlite3_wal_hook(
            handle,
            { context, database, name, pages in
                guard let context, let database else { return SQLITE_OK }
                let policy = Unmanaged<Box<CheckpointPolicy>>.fromOpaque(context).takeUnretainedValue().value
                guard policy.pages > 0, pages >= policy.pages else { return SQLITE_OK }
                let code = sqlite3_wal_checkpoint_v2(database, name, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
                if code != SQLITE_BUSY { policy.onResult(Connection.checkpointError(database, code)) }
                return SQLITE_OK  // The commit happened; an error here would only make it look failed.
            }, Unmanaged.passUnretained(box).toOpaque())
    }

    /// When a checkpoint starts and whom it tells of a failure.
    struct CheckpointPolicy {
        let pages: Int32
        let onResult: (SQLiteError?) -> Void
    }

    /// The error of a checkpoint that returned `code`, naming the database file; `nil` for `SQLITE_OK`.
    static func checkpointError(_ handle: OpaquePointer, _ code: Int32) -> SQLiteError? {
        guard code != SQLITE_OK else { return nil }
        let error = SQLiteError(handle: handle, code: code)
        let file = sqlite3_db_filename(handle, "main").map { String(cString: $0) } ?? ""
        return SQLiteError(extendedCode: error.extendedCode, message: "checkpoint of \(file) failed: \(error.message)")
    }
}
