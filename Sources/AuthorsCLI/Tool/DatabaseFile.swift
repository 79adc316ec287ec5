import DraftStore

/// Leaving a database as one file when a command ends.
enum DatabaseFile {
    /// Closes `store`, then copies every committed change of the write-ahead log into the
    /// database file and lets the log and its index go, so that only the `.sqlite` file remains
    /// and a copy of it holds every committed change.
    ///
    /// The store's own `close()` closes its read-only reader last, which cannot checkpoint, so the
    /// `-wal` and `-shm` files stay. Here a read-write connection opened after the store is closed
    /// checkpoints (`TRUNCATE`) and, as the last connection to close, removes them. When another
    /// process still has the database open, the files stay: they are its too.
    ///
    /// - Parameter store: A store opened on a file.
    static func closeLeavingOneFile(_ store: DraftStore) {
        store.close()
        guard let path = store.path else { return }
        var options = Connection.Options()
        options.create = false
        guard let connection = try? Connection(path: path, options: options) else { return }
        try? connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        connection.close()
    }
}
