import CSQLite
import Foundation

extension Connection {
    /// Sets how long a statement waits for another connection's lock before failing with
    /// `SQLITE_BUSY`; 0 fails at once. Does nothing on a closed connection.
    ///
    /// The wait retries every millisecond (``installBusyHandler(_:milliseconds:)``), not with
    /// SQLite's default backoff.
    /// - Parameter milliseconds: The longest wait.
    func setBusyTimeout(milliseconds: Int32) {
        guard let handle else { return }
        Self.installBusyHandler(handle, milliseconds: milliseconds)
    }

    /// How long the busy handler sleeps between two attempts at a lock, in microseconds.
    static let busyRetryMicroseconds: UInt32 = 1000

    /// Makes `handle` wait up to `milliseconds` for a lock, trying again every millisecond; 0
    /// fails at once.
    ///
    /// SQLite's own busy timeout (`sqlite3_busy_timeout`) sleeps 1, 2, 5, … then 100 ms between
    /// attempts: about 60 attempts in 5 s. Writers that take the lock again microseconds after
    /// each COMMIT (a loop of short transactions in other processes) leave it free only
    /// between their transactions, so each attempt finds it free with a small probability, and
    /// 60 attempts can all miss it: the save failed "database is locked" after the full timeout
    /// although no writer held the lock for more than milliseconds (measured: 2 Python writers
    /// looping on short transactions and 3 `authors add` loops, 4 of 120 runs failed after
    /// 5.1–5.3 s). Trying every millisecond makes about 5000 attempts in 5 s. The wait counts
    /// attempts, each one at least a millisecond apart, so it lasts at least `milliseconds`.
    ///
    /// See [sqlite3_busy_handler](https://www.sqlite.org/c3ref/busy_handler.html) and
    /// [sqlite3_busy_timeout](https://www.sqlite.org/c3ref/busy_timeout.html).
    static func installBusyHandler(_ handle: OpaquePointer, milliseconds: Int32) {
        guard milliseconds > 0 else {
            sqlite3_busy_handler(handle, nil, nil)
            return
        }
        // The limit travels as the callback's argument: no state to keep alive or free.
        let attempts = Int(milliseconds) * 1000 / Int(busyRetryMicroseconds)
        sqlite3_busy_handler(
            handle,
            { argument, count in
                guard Int(count) < Int(bitPattern: argument) else { return 0 }
                usleep(Connection.busyRetryMicroseconds)
                return 1
            }, UnsafeMutableRawPointer(bitPattern: attempts))
    }
}
