import CFaultVFS
import CSQLite
@_spi(Testing) import DraftStore
import Foundation

/// A storage failure a test can provoke on a ``TestStore``.
public enum StorageFault: Sendable {
    /// Disk full: writes fail with `SQLITE_FULL`.
    case diskFull
    /// Input/output error: writes fail with `SQLITE_IOERR_WRITE`.
    case ioError
}

/// Thrown when a helper cannot work with the store it was given.
public struct HarnessError: Error, Sendable, CustomStringConvertible, LocalizedError {
    /// What was wrong and what to do instead.
    public let description: String

    /// ``description``, for `localizedDescription`: the harness's own words, for the developer
    /// running tests (no person filling a form reads them, so no `Messages` provider words them).
    public var errorDescription: String? { description }
}

extension TestStore {
    /// Throws when the store runs inside a rollback-isolated scope, where real commits and
    /// second connections do not exist.
    func refuseRollbackScope(_ helper: String) throws {
        if store.runsInsideOuterTransaction {
            throw HarnessError(
                description:
                    "\(helper) needs real commits and a second connection; it cannot run under rollback isolation. Use a template-copy store (StoreFixture.makeStore)."
            )
        }
    }

    /// Makes the next commit fail: SQLite's commit hook turns it into a rollback, and the
    /// COMMIT reports `SQLITE_CONSTRAINT_COMMITHOOK`. Later commits succeed.
    /// - Throws: ``HarnessError`` under rollback isolation.
    public func failNextCommit() throws {
        try refuseRollbackScope("failNextCommit()")
        try store.withWriterConnection { connection in
            connection.setCommitHandler { [weak connection] in
                connection?.setCommitHandler(nil)
                return true
            }
        }
    }

    /// Makes the next `count` writes to the database files fail with `fault`, until
    /// ``clearFaults()``. File stores fail in the I/O layer (a test VFS); in-memory stores
    /// can only run out of room: ``StorageFault/diskFull`` caps `max_page_count` at the current size.
    /// - Parameters:
    ///   - fault: Disk full or I/O error.
    ///   - count: How many writes fail; `nil` for every write until cleared.
    /// - Throws: ``HarnessError`` for an I/O error on an in-memory store, under rollback isolation, or when 64 files have faults armed.
    public func failWrites(with fault: StorageFault, count: Int? = nil) throws {
        try refuseRollbackScope("failWrites(with:)")
        guard let filePath else {
            guard case .diskFull = fault else {
                throw HarnessError(description: "An in-memory store has no files to fail; use a file store for I/O errors.")
            }
            try store.withWriterConnection { connection in
                if case let .integer(pages)? = try connection.scalar("PRAGMA page_count") {
                    try connection.execute("PRAGMA max_page_count = \(pages)")
                }
            }
            return
        }
        let code = fault == .diskFull ? SQLITE_FULL : SQLiteError.ioErrorWrite
        if draftstore_fault_arm(filePath, code, Int32(count ?? -1)) != 0 {
            throw HarnessError(description: "Too many files are counted or have faults armed at once (64); clear some with clearFaults().")
        }
    }

    /// Removes every armed fault and every call count; writes succeed again.
    public func clearFaults() {
        if let filePath {
            for file in StoreFile.allCases { draftstore_fault_disarm(filePath + file.rawValue) }
        } else {
            _ = try? store.withWriterConnection { try $0.execute("PRAGMA max_page_count = 1073741823") }
        }
    }

    /// Holds the database's write lock from a second connection for `duration`, on a
    /// background thread, and returns once the lock is held.
    /// - Parameter duration: How long the lock is held.
    /// - Returns: A handle; ``LockHolder/wait()`` returns when the lock is released.
    /// - Throws: ``HarnessError`` for in-memory stores or under rollback isolation; `SQLiteError` when the lock cannot be taken.
    public func holdWriteLock(for duration: Duration) throws -> LockHolder {
        try refuseRollbackScope("holdWriteLock(for:)")
        guard let filePath else { throw HarnessError(description: "An in-memory store has no second connection; use a file store.") }
        return try LockHolder(path: filePath, duration: duration)
    }
}
