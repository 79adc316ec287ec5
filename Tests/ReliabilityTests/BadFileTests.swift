import Bookshelf
import CSQLite
import DraftStore
import Foundation
import Testing

/// Item 3: files that are not what a store expects. Each open is refused with an error
/// naming the path, and the file is left byte-identical; a 0-byte file is a new database.
@Suite("Bad files")
struct BadFileTests {
    /// Makes a real Bookshelf database with a few rows, closed (checkpointed).
    static func makeDatabase(at path: String, authors: Int = 200) throws {
        let store = try Bookshelf.openStore(path: path)
        let context = store.newChildContext()
        for number in 0..<authors {
            let author = try context.insert(
                Author(name: "Author \(number)", email: "a\(number)@example.com", bio: String(repeating: "b", count: 300)))
            try context.insert(Book(authorID: author.id!, title: "Title \(number)"))
        }
        try context.save()
        store.close()
    }

    /// Opens `path` expecting a refusal; returns its description. Checks the bytes did not change.
    @discardableResult
    func expectRefused(
        _ path: String, readOnly: Bool = false, mentioning words: [String] = [], sourceLocation: SourceLocation = #_sourceLocation
    ) -> String {
        let before = FileManager.default.contents(atPath: path)
        var text = ""
        do {
            let store = try Bookshelf.openStore(path: path, readOnly: readOnly)
            store.close()
            Issue.record("\(path) opened, but it should have been refused", sourceLocation: sourceLocation)
        } catch {
            text = "\(error)"
            #expect(error is SQLiteError || error is MigrationError, "untyped error \(type(of: error))", sourceLocation: sourceLocation)
        }
        #expect(text.contains(path), "the error does not name the path: \(text)", sourceLocation: sourceLocation)
        for word in words { #expect(text.contains(word), "the error does not say '\(word)': \(text)", sourceLocation: sourceLocation) }
        #expect(FileManager.default.contents(atPath: path) == before, "the file changed", sourceLocation: sourceLocation)
        return text
    }

    @Test("a text file is refused as not a database, untouched")
    func textFile() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("notes.sqlite")
        try Data("name,email\nMira,mira@example.com\n".utf8).write(to: URL(fileURLWithPath: path))
        expectRefused(path, mentioning: ["not an SQLite database"])
        expectRefused(path, readOnly: true, mentioning: ["not an SQLite database"])
    }

    @Test("a truncated database is refused, untouched", arguments: [0.5, 0.9, 0.02])
    func truncated(fraction: Double) throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("cut.sqlite")
        try BadFileTests.makeDatabase(at: path)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        try bytes.prefix(Int(Double(bytes.count) * fraction)).write(to: URL(fileURLWithPath: path))
        expectRefused(path)
    }

    @Test("a database of a newer schema is refused, untouched")
    func newerSchema() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("newer.sqlite")
        try BadFileTests.makeDatabase(at: path, authors: 3)
        let connection = try Connection(path: path)
        try connection.run("INSERT INTO draftstore_migrations (name, checksum, applied_at) VALUES ('9999_future', '00', 0)")
        try connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        connection.close()
        expectRefused(path, mentioning: ["newer", "9999_future"])
    }

    @Test("a directory where the file should be is refused")
    func directory() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("folder.sqlite")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        expectRefused(path, mentioning: ["directory"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: path).isEmpty)
    }

    @Test("a path in a missing folder is refused and creates nothing")
    func missingFolder() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("missing/deeper/db.sqlite")
        expectRefused(path, mentioning: ["does not exist"])
        #expect(!FileManager.default.fileExists(atPath: folder.path("missing")))
    }

    @Test("a 0-byte file is a new, empty database")
    func emptyFile() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("empty.sqlite")
        _ = FileManager.default.createFile(atPath: path, contents: Data())
        let store = try Bookshelf.openStore(path: path)
        defer { store.close() }
        #expect(try store.count(Author.self) == 0)
        let item = try store.presentNew(Author(name: "Mira Okafor", email: "mira@example.com"))
        #expect(try item.save().id == 1)
    }

    @Test(
        "read-only opens (mode=ro URI, readOnly configuration): reads work, a save is a clear storage error, the file is untouched",
        arguments: [true, false])
    func readOnly(uri: Bool) throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("ro.sqlite")
        try BadFileTests.makeDatabase(at: path, authors: 2)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let store = try Bookshelf.openStore(path: uri ? "file:\(path)?mode=ro" : path, readOnly: !uri)
        defer { store.close() }
        #expect(try store.count(Author.self) == 2)
        let item = try store.presentEdit(Author.self, id: 1)
        item.draft.name = "Renamed"
        do {
            try item.save()
            Issue.record("a read-only store saved")
        } catch {
            guard case let .storage(error) = error else {
                Issue.record("expected a storage error, got \(error)")
                return
            }
            #expect(error.code == SQLITE_READONLY, "\(error)")
            #expect("\(error)".contains(path), "the error does not name the path: \(error)")
            #expect("\(error)".lowercased().contains("read"), "\(error)")
        }
        #expect(!item.isFinished)
        #expect(item.draft.name == "Renamed")
        #expect(try store.fetch(Author.self, id: 1)?.name == "Author 0")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }
}

/// A damaged file is refused before anything is written to it (issue 19): the check runs
/// read-only before the switch to WAL, and the error names the file.
@Suite("Bad files: damaged pages")
struct DamagedFileTests {
    /// A Bookshelf database switched back to rollback-journal mode, as another tool leaves it,
    /// and an open connection to it.
    static func makeRollbackDatabase(at path: String, authors: Int) throws -> Connection {
        try BadFileTests.makeDatabase(at: path, authors: authors)
        let connection = try Connection(path: path)
        try connection.execute("PRAGMA journal_mode = DELETE")
        return connection
    }

    /// A Bookshelf database in rollback-journal mode (as another tool leaves it) whose authors
    /// table has one page overwritten with garbage.
    static func makeDamagedDatabase(at path: String) throws {
        let connection = try makeRollbackDatabase(at: path, authors: 200)
        guard case let .integer(root)? = try connection.scalar("SELECT rootpage FROM sqlite_schema WHERE name = 'authors'"),
            case let .integer(pageSize)? = try connection.scalar("PRAGMA page_size")
        else { throw CocoaError(.fileReadCorruptFile) }
        connection.close()
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        try handle.seek(toOffset: UInt64((root - 1) * pageSize))
        try handle.write(contentsOf: Data((0..<256).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }))
    }

    @Test("a database with a damaged page is refused naming the file, its bytes identical, no -wal or -shm left")
    func damagedPage() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("damaged.sqlite")
        try Self.makeDamagedDatabase(at: path)
        let text = BadFileTests().expectRefused(path, mentioning: ["damaged"])
        #expect(text.contains("it was left unchanged"), "\(text)")
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        #expect(!FileManager.default.fileExists(atPath: path + "-shm"))
        #expect(!FileManager.default.fileExists(atPath: path + "-journal"))
    }

    @Test("a sound database in rollback-journal mode is adopted: checked, switched to WAL, opened")
    func soundRollbackFile() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("sound.sqlite")
        try Self.makeRollbackDatabase(at: path, authors: 3).close()
        let store = try Bookshelf.openStore(path: path)
        defer { store.close() }
        #expect(try store.count(Author.self) == 3)
        #expect(try store.withWriterConnection { try $0.journalMode() } == "wal")
    }
}
