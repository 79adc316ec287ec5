import CSQLite

/// A read-only connection of the observation engine that, once pinned, reads the database
/// as it was at one commit: pinned right after the commit, with the write lock still held,
/// its queries run later on the engine's queue and still see exactly that commit.
///
/// See [WAL: readers see a snapshot](https://www.sqlite.org/wal.html#concurrency): a read
/// transaction sees the database as of its start until it ends.
final class PinnedReader: @unchecked Sendable {
    // @unchecked: one owner at a time. Idle, it is held by the engine's pool (behind its lock);
    // pinned, by the one job that pinned it, which runs on the engine's serial queue.
    /// The connection.
    let connection: Connection

    /// Wraps a connection opened for observation.
    init(_ connection: Connection) { self.connection = connection }

    /// Starts a read transaction: from now on the connection reads the database as it is now.
    /// (`BEGIN` alone takes no snapshot; the first read does, here one of the header.)
    /// - Throws: ``SQLiteError`` when the transaction cannot start.
    func pin() throws(SQLiteError) {
        try connection.execute("BEGIN DEFERRED TRANSACTION")
        do {
            _ = try connection.scalar("PRAGMA schema_version")
        } catch {
            connection.rollbackIfOpen()
            throw error
        }
    }

    /// Ends the read transaction, letting checkpoints past the snapshot it held.
    func unpin() { connection.rollbackIfOpen() }
}
