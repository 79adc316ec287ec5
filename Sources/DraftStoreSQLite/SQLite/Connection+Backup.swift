import CSQLite

extension Connection {
    /// Copies this whole database into `destination` with SQLite's online backup API,
    /// including what is still only in the write-ahead log.
    ///
    /// The copy is made in one step under a read transaction of this connection, so in WAL
    /// mode other connections keep writing while it runs; the copy holds the state at its start.
    ///
    /// See [Online Backup API](https://www.sqlite.org/backup.html).
    /// - Parameter destination: An open connection whose database is replaced.
    /// - Throws: ``SQLiteError`` when either side is closed or busy past its timeout, or on I/O errors.
    package func backup(to destination: Connection) throws(SQLiteError) {
        let source = try openHandle()
        let target = try destination.openHandle()
        guard let backup = sqlite3_backup_init(target, "main", source, "main") else {
            throw SQLiteError(handle: target, code: sqlite3_errcode(target))
        }
        var code: Int32
        repeat {
            code = sqlite3_backup_step(backup, -1)
            if code == SQLITE_BUSY || code == SQLITE_LOCKED { sqlite3_sleep(5) }
        } while code == SQLITE_OK || code == SQLITE_BUSY || code == SQLITE_LOCKED
        let finish = sqlite3_backup_finish(backup)
        guard code == SQLITE_DONE, finish == SQLITE_OK else {
            throw SQLiteError(handle: target, code: code == SQLITE_DONE ? finish : code)
        }
    }
}
