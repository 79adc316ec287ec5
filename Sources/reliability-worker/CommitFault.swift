import CFaultVFS
import CSQLite
import DraftStore
import Foundation

/// `reliability-worker commit-fault PATH THEN [journal]`: the outcome of a save whose COMMIT fails,
/// seen from the next process (issue 27, item 6).
///
/// Opens a store of its own schema (`notes`, see ``Note``) on `PATH` through the fault VFS, seeds
/// the note `1 | first` when the table is empty, and opens an edit of note 1 that sets its body to
/// `saved body` and adds the note `added` (journaled, its entry written first, with `journal`). Then every sync of the
/// `-wal` file fails with `SQLITE_IOERR_FSYNC` and the item saves: it writes `FAILED <kind>
/// <extended code>` (the ``StorageFailure/Kind`` raw value) and the body every connection of
/// this process now reads, as `READ <reader's body> | <writer's body>`. Then, by `THEN`:
/// - `crash`: SIGKILL, before any other write or a clean close;
/// - `close`: closes the store (the last connection checkpoints and removes the log), exits 0;
/// - `retry`: clears the fault, saves the same item again, writes `SAVED`, then SIGKILL.
struct CommitFault {
    /// What the worker does after the failed save.
    enum Then: String {
        case crash, close, retry
    }

    let path: String
    let then: Then
    let journal: Bool

    func run() throws {
        _ = draftstore_fault_vfs_register()
        var configuration = DraftStore.Configuration()
        configuration.entities = [Note.self]
        configuration.journalsDrafts = journal
        let store = try DraftStore(
            path: "file:\(path)?vfs=\(DRAFTSTORE_FAULT_VFS_NAME)", migrations: [Note.migration], configuration: configuration)
        if try store.count(Note.self) == 0 {
            let seed = store.newChildContext()
            try seed.insert(Note(id: 1, body: "first"))
            try seed.save()
        }
        let item = try store.presentEdit(Note.self, id: 1)
        item.draft.body = "saved body"
        try item.context.insert(Note(id: nil, body: "added"))
        if journal { store.flushDraftJournal() }
        draftstore_fault_arm_call(path + "-wal", 1, Int32(DRAFTSTORE_FAULT_SYNC.rawValue), 1, -1, SQLiteError.ioErrorFsync)
        do {
            try item.save()
            Worker.emit("SAVED-UNEXPECTEDLY\n")
        } catch {
            let kind = error.storageFailure?.kind.rawValue ?? "not-storage"
            let code = error.storageFailure?.error.extendedCode ?? 0
            Worker.emit("FAILED \(kind) \(code)\n")
        }
        let onWriter = try store.withWriterConnection { try $0.fetch("SELECT body FROM notes WHERE id = 1") { try $0.text(at: 0) } }
        Worker.emit("READ \(try store.fetch(Note.self, id: 1)?.body ?? "-") | \(onWriter.first ?? "-")\n")
        switch then {
        case .crash:
            kill(getpid(), SIGKILL)
        case .close:
            draftstore_fault_disarm(path + "-wal")
            store.close()
        case .retry:
            draftstore_fault_disarm(path + "-wal")
            try item.save()
            Worker.emit("SAVED\n")
            kill(getpid(), SIGKILL)
        }
    }
}

/// The worker's own schema for ``CommitFault``: `notes(id INTEGER PRIMARY KEY, body TEXT NOT NULL)`.
struct Note: Entity {
    var id: Int64?
    var body = ""

    init() {}

    init(id: Int64?, body: String) {
        self.id = id
        self.body = body
    }

    static let schema = EntitySchema<Note>(table: "notes", columns: [.primaryKey("id", \.id), .column("body", \.body)])

    /// The migration that makes the table.
    static let migration = Migration(name: "0001_notes", sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL);")
}
