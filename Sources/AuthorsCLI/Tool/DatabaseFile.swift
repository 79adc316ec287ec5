import DraftStore

/// Leaving a database as one file when a command ends.
enum DatabaseFile {
    /// Closes `store` so that only the `.sqlite` file remains and a copy of it holds every committed change.
    ///
    /// `DraftStore.close()` closes its read-only reader first and its writer last; the writer, as
    /// the last connection, checkpoints the write-ahead log into the file and removes the `-wal`
    /// and `-shm` files. When another process still has the database open they stay: they are its
    /// too. Every command ends through here, so the one-file rule has one place.
    ///
    /// - Parameter store: A store opened on a file.
    static func closeLeavingOneFile(_ store: DraftStore) {
        store.close()
    }
}
