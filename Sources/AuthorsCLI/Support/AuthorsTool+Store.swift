import Bookshelf
import DraftStore
import Foundation

extension AuthorsTool {
    /// Opens (creating and migrating on first use) the database at `path`.
    ///
    /// Workaround for a DraftStore bug (see the reply on the `cli-tests` branch and
    /// `Tests/AuthorsCLITests/Library/ForeignCloseTests.swift`): `DraftStore.init` opens its
    /// reader connection after the writer, and the file check before that open opens and
    /// closes a descriptor on the database file, which releases every POSIX lock this process
    /// holds on it — the writer's WAL-mode shared lock included. Another process closing its
    /// connection then believes it is the last one, checkpoints and deletes the `-wal` and
    /// `-shm` files, and this process's later commits go to the deleted log: reported as
    /// saved, then lost. So the file is checked once here, by a connection opened and closed
    /// before any other, and the store is opened by a `file:` URI, which skips the check.
    /// Remove this when the library's file check no longer closes descriptors of an open database.
    /// - Throws: ``CLIFailure`` with exit code 3 naming the path when it cannot be opened
    ///   (a directory, a missing folder, not a database, truncated, a newer schema).
    static func openStore(_ path: String) throws -> DraftStore {
        let uri = URL(fileURLWithPath: path).absoluteString
        func named(_ message: String) -> String {
            let message = message.replacingOccurrences(of: uri, with: path)
            return message.contains(path) ? message : "\(path): \(message)"
        }
        do {
            try Connection(path: path).close()  // The library's checks, while no lock is held.
            return try Bookshelf.openStore(path: uri)
        } catch let error as SQLiteError {
            throw CLIFailure.storage(named(error.message))
        } catch let error as MigrationError {
            throw CLIFailure.storage(named(error.description))
        }
    }
}
