import Bookshelf
import DraftStore
import Foundation

/// What a running command works with: the console, the database path chosen by `--db` or
/// `$DRAFTSTORE_DB`, and the store, opened on first use and left as one file when the command ends.
final class CommandSession {
    /// Standard output, standard error and standard input.
    let console: Console
    /// The database path: `--db`, else `$DRAFTSTORE_DB`, else `authors.sqlite` in the working directory.
    let databasePath: String
    /// Whether the path was chosen by `--db` or `$DRAFTSTORE_DB` (not the default).
    let pathIsExplicit: Bool
    /// How the command uses the database.
    private let use: DatabaseUse
    /// The store once opened.
    private var opened: DraftStore?

    /// Creates a session.
    ///
    /// - Parameters:
    ///   - global: The global options, for `--db`.
    ///   - use: How the command uses the database.
    ///   - console: The streams.
    ///   - environment: The process environment, for `$DRAFTSTORE_DB`.
    /// - Throws: ``CLIFailure`` (usage) when the path is empty.
    init(_ global: GlobalOptions, use: DatabaseUse, console: Console, environment: [String: String]) throws {
        let explicit = global.db ?? environment["DRAFTSTORE_DB"]
        if explicit?.isEmpty == true { throw CLIFailure.usage("--db (or $DRAFTSTORE_DB) must name a file, not be empty") }
        databasePath = explicit ?? "authors.sqlite"
        pathIsExplicit = explicit != nil
        if use != .none, DatabasePath.isInMemory(databasePath) {
            throw CLIFailure.usage(
                "--db \(databasePath) names an in-memory database, which is gone when the command ends: "
                    + (use == .writes ? "nothing written to it would be kept" : "it would always be empty") + ". Name a database file.")
        }
        self.use = use
        self.console = console
    }

    /// The store, opened (and migrated) on first use.
    ///
    /// - Throws: ``CLIFailure`` (storage, exit 3) when a reading command names a file that does not
    ///   exist (nothing is created), a writing command a file it is not to write (``ReadOnlyFile``),
    ///   or the file cannot be opened.
    func store() throws -> DraftStore {
        if let opened { return opened }
        precondition(use != .none, "a command that declares DatabaseUse.none opened the database")
        if use == .reads, !Self.isURI(databasePath), !FileManager.default.fileExists(atPath: databasePath) {
            throw CLIFailure.storage(
                "\(databasePath): no such database. Reading commands (list, show, export) create none; "
                    + "check the path, or add an author or import a file to create it.")
        }
        if use == .writes, !Self.isURI(databasePath), ReadOnlyFile(path: databasePath) != nil {
            throw CLIFailure.storage("The database \(databasePath) cannot be written: it is read-only. Nothing was written.")
        }
        let store = try use == .reads ? Self.openForReading(databasePath) : Self.openStore(databasePath)
        opened = store
        return store
    }

    /// Ends the session: closes the store and leaves the database as one file (no `-wal` or `-shm`).
    func finish() {
        guard let store = opened else { return }
        opened = nil
        DatabaseFile.closeLeavingOneFile(store)
    }

    /// Whether `path` is an SQLite `file:` URI (whose existence the file system cannot check).
    private static func isURI(_ path: String) -> Bool { path.hasPrefix("file:") }

    /// Opens (creating and migrating on first use) the database at `path`.
    /// - Parameters:
    ///   - path: The path as the user gave it, named in errors.
    ///   - uri: What SQLite opens: the path, or a `file:` URI of it (``ReadOnlyFile``).
    ///   - readOnly: Open without write access (no migration runs).
    /// - Throws: ``CLIFailure`` with exit code 3 naming the path when it cannot be opened
    ///   (a directory, a missing folder, not a database, truncated, a newer schema).
    static func openStore(_ path: String, uri: String? = nil, readOnly: Bool = false) throws -> DraftStore {
        do {
            // Changes are recorded for `changes export`.
            return try Bookshelf.openStore(path: uri ?? path, readOnly: readOnly, recordsChanges: true)
        } catch let error as SQLiteError {
            // The library's words (what is wrong, whether trying again helps), naming the file.
            let words = error.localizedDescription
            throw CLIFailure.storage(words.contains(path) ? words : "\(path): \(words)")
        } catch let error as MigrationError {
            throw CLIFailure.storage(error.localizedDescription)
        }
    }

    /// Opens the database of a reading command: as a writing command does when this process may
    /// write the file and its folder (closing then leaves one file), otherwise read-only in the
    /// way SQLite documents for a file on read-only media (``ReadOnlyFile``), so nothing is
    /// created beside it.
    /// - Throws: ``CLIFailure`` with exit code 3 naming the path when it cannot be opened.
    static func openForReading(_ path: String) throws -> DraftStore {
        guard !isURI(path), let file = ReadOnlyFile(path: path) else { return try openStore(path) }
        return try openStore(path, uri: file.uri, readOnly: true)
    }
}
