import Bookshelf
import DraftStore
import Foundation

/// `authors demo`: a narrated walk through the presentation-scoped draft pattern on a
/// fresh database — add (with a validation error first), edit and cancel, edit and save,
/// a conflict made by a second connection, and a duplicate e-mail refused by the store.
///
/// It never touches an existing database: by default it works on a temporary file it removes at
/// the end; `--db` (or `$DRAFTSTORE_DB`, as for every command) names a new file to create and keep,
/// and a path that already exists is refused (exit 2) before anything is opened.
struct DemoCommand: AuthorsCommand {
    static let path = ["demo"]
    static let summary = "Walk through add, edit, cancel, save and a conflict, on a temporary database or a new --db file."
    static let database = DatabaseUse.none

    func run(_ session: CommandSession) throws {
        let manager = FileManager.default
        let directory = manager.temporaryDirectory.appending(path: "authors-demo-\(UUID().uuidString)")
        let keep = session.pathIsExplicit
        let file = keep ? session.databasePath : directory.appending(path: "demo.sqlite").path
        if keep, manager.fileExists(atPath: file) || manager.fileExists(atPath: file + "-wal") {
            throw CLIFailure.usage(
                "\(file) already exists; the demo writes its own authors, so it only creates a new database. "
                    + "Name a file that does not exist with --db (or $DRAFTSTORE_DB), or give neither to use a temporary one.")
        }
        if !keep { try manager.createDirectory(at: directory, withIntermediateDirectories: true) }
        defer { if !keep { try? manager.removeItem(at: directory) } }
        let store = try CommandSession.openStore(file)
        defer { DatabaseFile.closeLeavingOneFile(store) }
        let migrations = Bookshelf.migrations.map(\.name).joined(separator: ", ")
        let narration = DemoWalkthrough(console: session.console, store: store, file: file)
        narration.step(
            keep
                ? "Created \(file) and applied the migrations \(migrations); it stays when the demo ends."
                : "Created a temporary database, \(file), and applied the migrations \(migrations); it is removed when the demo ends.")
        try narration.run()
        narration.step(
            "Done. Every change went through a presented item and its child context; cancel wrote nothing."
                + (keep ? " The database is in \(file)." : " The temporary database was removed."))
    }
}
