import CSQLite

extension Connection {
    /// Sets how long a statement waits for another connection's lock before failing with
    /// `SQLITE_BUSY`; 0 fails at once. Does nothing on a closed connection.
    ///
    /// See [sqlite3_busy_timeout](https://www.sqlite.org/c3ref/busy_timeout.html).
    /// - Parameter milliseconds: The longest wait.
    package func setBusyTimeout(milliseconds: Int32) {
        guard let handle else { return }
        sqlite3_busy_timeout(handle, milliseconds)
    }
}
