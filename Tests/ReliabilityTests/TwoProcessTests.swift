import Bookshelf
import DraftStore
import Foundation
import Synchronization
import TestTools
import Testing

/// Item 2: two processes edit the same authors. The other process is Python's `sqlite3`;
/// this side is the library in-process (drafts open for a while, like a form) and the
/// `authors` CLI as its own processes. A trigger records every UPDATE with its old and new
/// values, so a silent overwrite would show as a write whose old value is not the draft's base.
@Suite("Two processes", .requires(.python3))
struct TwoProcessTests {
    static let authors = 6

    /// A database with a few authors and an update history kept by a trigger.
    static func makeDatabase(_ folder: TemporaryDirectory) throws -> String {
        let path = folder.path("shared.sqlite")
        let store = try Bookshelf.openStore(path: path)
        let context = store.newChildContext()
        for number in 1...authors { try context.insert(Author(name: "Author \(number)", email: "a\(number)@example.com")) }
        try context.save()
        try store.withWriterConnection { connection in
            try connection.execute(
                """
                CREATE TABLE history (seq INTEGER PRIMARY KEY, id INTEGER, old_name TEXT, new_name TEXT, old_bio TEXT, new_bio TEXT);
                CREATE TRIGGER authors_history AFTER UPDATE ON authors BEGIN
                  INSERT INTO history (id, old_name, new_name, old_bio, new_bio) VALUES (old.id, old.name, new.name, old.bio, new.bio);
                END;
                """)
            // Added outside the migrations on purpose: recorded as the schema the store expects.
            try Migrator.acceptCurrentSchema(on: connection)
        }
        store.close()
        return path
    }

    /// One history row.
    struct Change { let id: Int64, oldName: String, newName: String, oldBio: String?, newBio: String? }

    static func history(_ path: String) throws -> [Change] {
        let connection = try Connection(path: path)
        defer { connection.close() }
        return try connection.fetch("SELECT id, old_name, new_name, old_bio, new_bio FROM history ORDER BY seq") { row in
            Change(
                id: row.int64(at: 0), oldName: try row.text(at: 1), newName: try row.text(at: 2),
                oldBio: row.isNull(at: 3) ? nil : try row.text(at: 3), newBio: row.isNull(at: 4) ? nil : try row.text(at: 4))
        }
    }
}

extension TwoProcessTests {
    @Test("opening a second connection in this process keeps its locks: another process's close does not drop the WAL")
    func secondOpenKeepsLocks() throws {
        let folder = try TemporaryDirectory()
        let path = try TwoProcessTests.makeDatabase(folder)
        let store = try Bookshelf.openStore(path: path)
        defer { store.close() }
        let item = try store.presentEdit(Author.self, id: 1)
        item.draft.bio = "before"
        try item.save()
        // Another connection of this process on the same file (what backup(to:) and readers do).
        let extra = try Connection(path: path)
        extra.close()
        // Another process opens, reads and closes: it must see this process's connections.
        let python = try ChildProcess.run(
            try ChildProcess.python(),
            [
                "-c", "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute('SELECT count(*) FROM authors').fetchall(); c.close()",
                path,
            ])
        #expect(python.status == 0, "\(python.stderr)")
        #expect(FileManager.default.fileExists(atPath: path + "-wal"), "the other process deleted the WAL while this one had it open")
        let after = try store.presentEdit(Author.self, id: 1)
        after.draft.bio = "after"
        try after.save()
        let reader = try ChildProcess.run(
            try ChildProcess.python(),
            [
                "-c", "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('SELECT bio FROM authors WHERE id=1').fetchone()[0])",
                path,
            ])
        #expect(
            reader.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "after",
            "another process does not see the commit: \(reader.stdout)")
    }
}
