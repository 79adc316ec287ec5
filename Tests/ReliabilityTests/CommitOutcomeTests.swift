import CSQLite
import DraftStore
import DraftStoreTesting
import Foundation
import Testing

/// Issue 27, item 6: when the sync of the write-ahead log fails at COMMIT, every connection of
/// the process sees the save rolled back, but the commit's frames are in the `-wal`: a crash before
/// the next write or clean close recovers them. The save reports its own kind, "outcome unknown",
/// keeps the draft, and a retry in the same process stores it exactly once.
@Suite("An unknown commit outcome")
struct CommitOutcomeTests {
    /// The tests' own schema: notes, and tags of a note.
    static let fixture = StoreFixture(
        migrations: [
            Migration(
                name: "0001_notes",
                sql: """
                    CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL);
                    CREATE TABLE tags (id INTEGER PRIMARY KEY, note_id INTEGER NOT NULL REFERENCES notes(id), label TEXT NOT NULL);
                    INSERT INTO notes (id, body) VALUES (1, 'first');
                    """)
        ], entities: [Note.self, Tag.self])

    @Test("a failed sync at COMMIT is 'outcome unknown': the process sees nothing saved, the draft is kept, the retry stores it once")
    func failedSyncAtCommit() throws {
        let test = try Self.fixture.makeStore(.file)
        defer { test.close() }
        let store = test.store
        let item = try store.presentEdit(Note.self, id: 1)
        item.draft.body = "edited"
        try item.insertRelated(Tag(noteID: 1, label: "added"))
        try test.failCall(.sync, number: 1, persistently: true, code: SQLiteError.ioErrorFsync, on: .writeAheadLog)
        let thrown = try #require(throws: SaveError.self) { try item.save() }
        #expect(test.failedCalls >= 1)
        guard case let .storage(error) = thrown else { Issue.record("expected a storage error, got \(thrown)"); return }
        #expect(error.extendedCode == SQLiteError.ioErrorFsync && error.failedAtCommit && error.isCommitOutcomeUnknown, "\(error)")
        #expect(thrown.storageFailure?.kind == .outcomeUnknown)
        #expect(!thrown.description.hasPrefix("Not saved"), "\(thrown)")
        #expect(thrown.description.contains("may or may not"), "\(thrown)")
        // Every connection of the process reads the rows as before; the draft keeps its edits.
        #expect(try store.fetch(Note.self, id: 1)?.body == "first")
        #expect(try store.withWriterConnection { try $0.scalar("SELECT count(*) FROM tags") } == .integer(0))
        #expect(!item.isFinished && item.draft.body == "edited" && item.context.changeset().changes.count == 2)
        test.clearFaults()
        try item.save()
        #expect(try store.fetch(Note.self, id: 1)?.body == "edited")
        #expect(try store.withWriterConnection { try $0.scalar("SELECT count(*) FROM tags WHERE label = 'added'") } == .integer(1))
    }

    @Test("a batched save whose COMMIT fails to sync is 'outcome unknown' too; other failures keep their kinds")
    func batchedSaveAndOtherKinds() throws {
        let test = try Self.fixture.makeStore(.file)
        defer { test.close() }
        let context = test.store.newChildContext()
        let note = try context.insert(Note(id: nil, body: "batched"))
        let edit = test.store.newChildContext()
        var first = try #require(try edit.fetch(Note.self, id: 1))
        first.body = "first, edited"
        try edit.update(first)
        try test.failCall(.sync, number: 1, persistently: true, code: SQLiteError.ioErrorFsync, on: .writeAheadLog)
        let thrown = try #require(throws: SaveError.self) {
            try test.store.batchedSave { batch in
                try batch.save(context)
                try batch.save(edit)
            }
        }
        #expect(thrown.storageFailure?.kind == .outcomeUnknown, "\(thrown)")
        test.clearFaults()
        // Outcome unknown: the contexts the batch saved keep their changes (the insert under its
        // temporary key, the edit over its base), and the retry of the batch stores them once.
        #expect(!context.isDiscarded && !edit.isDiscarded)
        #expect(context.changeset().changes.map(\.kind) == [.insert] && edit.changeset().changes.map(\.kind) == [.update])
        #expect(try test.store.fetch(Note.self, id: 1)?.body == "first")
        #expect(try test.store.withWriterConnection { try $0.scalar("SELECT count(*) FROM notes") } == .integer(1))
        var saved: [Int64: Int64] = [:]
        try test.store.batchedSave { batch in
            saved = try batch.save(context).insertedIDs
            try batch.save(edit)
        }
        let temporary = try #require(note.id)
        let id = try #require(saved[temporary])
        #expect(try test.store.fetch(Note.self, id: id)?.body == "batched")
        #expect(try test.store.fetch(Note.self, id: 1)?.body == "first, edited")
        #expect(try test.store.withWriterConnection { try $0.scalar("SELECT count(*) FROM notes") } == .integer(2))
        #expect(context.changeset().isEmpty && edit.changeset().isEmpty)
        // A batch that fails otherwise discards the contexts it saved (their rows never showed): a new one.
        let next = test.store.newChildContext()
        try next.insert(Note(id: nil, body: "batched"))
        // A write that fails before COMMIT is an I/O error, "not saved"; a full disk stays "full".
        try test.failCall(.write, number: 1, persistently: true, code: SQLiteError.ioErrorWrite, on: .writeAheadLog)
        let write = try #require(throws: SaveError.self) { try next.save() }
        #expect([.ioError, .outcomeUnknown].contains(write.storageFailure?.kind), "\(write)")
        test.clearFaults()
        try test.failWrites(with: .diskFull)
        let full = try #require(throws: SaveError.self) { try next.save() }
        #expect(full.storageFailure?.kind == .full, "\(full)")
        #expect(full.description.hasPrefix("Not saved"))
        test.clearFaults()
        try next.save()
        #expect(try test.store.withWriterConnection { try $0.scalar("SELECT count(*) FROM notes WHERE body = 'batched'") } == .integer(2))
    }

    /// Runs `reliability-worker commit-fault PATH then [journal]` on a new database and returns
    /// its output and the database's path (the folder lives as long as the returned value).
    static func runWorker(_ then: String, journal: Bool = false) throws -> (output: String, path: String, folder: TemporaryDirectory) {
        let folder = try TemporaryDirectory()
        let path = folder.path("notes.sqlite")
        let result = try ChildProcess.run(
            try Executables.url("reliability-worker"), ["commit-fault", path, then] + (journal ? ["journal"] : []))
        let expectedStatus: Int32 = then == "close" ? 0 : SIGKILL
        #expect(result.status == expectedStatus, "\(then): \(result.stdout) \(result.stderr)")
        #expect(result.stdout.contains("FAILED outcomeUnknown \(SQLiteError.ioErrorFsync)\n"), "\(result.stdout) \(result.stderr)")
        // The process itself, on its reader and its writer, saw nothing saved.
        #expect(result.stdout.contains("READ first | first\n"), "\(result.stdout)")
        return (result.stdout, path, folder)
    }

    /// The body of note 1 and the number of notes, read by a plain connection (which recovers the log).
    static func rows(_ path: String) throws -> (body: SQLiteValue?, notes: SQLiteValue?) {
        let connection = try Connection(path: path)
        defer { connection.close() }
        return (try connection.scalar("SELECT body FROM notes WHERE id = 1"), try connection.scalar("SELECT count(*) FROM notes"))
    }

    @Test("measured: after the failed COMMIT a crash recovers the save from the log, a clean close does not, a retry stores it once")
    func whatTheNextProcessFinds() throws {
        let crashed = try Self.runWorker("crash")
        #expect(try Self.rows(crashed.path) == (.text("saved body"), .integer(2)))
        let closed = try Self.runWorker("close")
        #expect(try Self.rows(closed.path) == (.text("first"), .integer(1)))
        let retried = try Self.runWorker("retry")
        #expect(retried.output.contains("SAVED\n"))
        #expect(try Self.rows(retried.path) == (.text("saved body"), .integer(2)))
    }

    @Test("after a crash the journal offers the draft exactly when its save did not land (the entry goes in the save's transaction)")
    func journaledDraftAfterTheCrash() throws {
        let crashed = try Self.runWorker("crash", journal: true)
        let landed = try Self.openJournaled(crashed.path)
        #expect(try landed.fetch(Note.self, id: 1)?.body == "saved body")
        #expect(try landed.count(Note.self) == 2)
        #expect(try landed.restorableDrafts().isEmpty, "the save landed, yet its draft is offered again")
        landed.close()

        let closed = try Self.runWorker("close", journal: true)
        let lost = try Self.openJournaled(closed.path)
        defer { lost.close() }
        #expect(try lost.fetch(Note.self, id: 1)?.body == "first")
        let drafts = try lost.restorableDrafts()
        #expect(drafts.count == 1)
        let item = try lost.restoreDraft(Note.self, id: try #require(drafts.first).id)
        #expect(item.draft.body == "saved body")
        #expect(try item.staleness() == nil)
        try item.save()
        #expect(try lost.fetch(Note.self, id: 1)?.body == "saved body")
        #expect(try lost.count(Note.self) == 2)
        #expect(try lost.restorableDrafts().isEmpty)
    }

    static func openJournaled(_ path: String) throws -> DraftStore {
        var configuration = DraftStore.Configuration()
        configuration.entities = [Note.self]
        configuration.journalsDrafts = true
        return try DraftStore(
            path: path,
            migrations: [Migration(name: "0001_notes", sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL);")],
            configuration: configuration)
    }
}

/// A row of `notes`.
private struct Note: Entity {
    var id: Int64?
    var body = ""

    init() {}

    init(id: Int64?, body: String) {
        self.id = id
        self.body = body
    }

    static let schema = EntitySchema<Note>(table: "notes", columns: [.primaryKey("id", \.id), .column("body", \.body)])
}

/// A row of `tags`.
private struct Tag: Entity {
    var id: Int64?
    var noteID: Int64 = 0
    var label = ""

    init() {}

    init(noteID: Int64, label: String) {
        self.noteID = noteID
        self.label = label
    }

    static let schema = EntitySchema<Tag>(
        table: "tags", columns: [.primaryKey("id", \.id), .column("note_id", \.noteID), .column("label", \.label)])
}
