import Bookshelf
import DraftStore

extension AuthorsTool {
    /// Opens (creating and migrating on first use) the database at `path`.
    /// - Throws: ``CLIFailure`` with exit code 3 naming the path when it cannot be opened
    ///   (a directory, a missing folder, not a database, truncated, a newer schema).
    static func openStore(_ path: String) throws -> DraftStore {
        do {
            return try Bookshelf.openStore(path: path)
        } catch let error as SQLiteError {
            throw CLIFailure.storage(error.message.contains(path) ? error.message : "\(path): \(error.message)")
        } catch let error as MigrationError {
            throw CLIFailure.storage(error.description)
        }
    }
}
