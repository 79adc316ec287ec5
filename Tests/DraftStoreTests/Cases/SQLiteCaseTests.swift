import Bookshelf
import DraftStore
import DraftStoreTesting
import Foundation
import Testing

/// Cases Q1–Q2 of /work/shared/cases/README.md (file stores only: they need a second connection).
@Suite("Cases: SQLite (Q1–Q2)", .serialized)
struct SQLiteCaseTests {
    @Test("Q1: store 1 holds the write lock 200 ms while store 2 saves: the save completes after it")
    func q1WaitsForLock() throws {
        try seeded.withStore(.file) { test in
            let path = try #require(test.filePath)
            let second = try Bookshelf.openStore(path: path)
            defer { second.close() }
            let item = try second.presentEdit(Author.self, id: 1)
            item.draft.name = "Mira Two"
            let holder = try test.holdWriteLock(for: .milliseconds(200))
            let saved = try item.save()
            holder.wait()
            #expect(saved.name == "Mira Two")
            #expect(try storedName(test.store, 1) == "Mira Two")
        }
    }

    @Test("Q1: past a short busy timeout the save fails with a typed busy error; the draft stays saveable")
    func q1BusyPastTimeout() throws {
        try seeded.withStore(.file) { test in
            let path = try #require(test.filePath)
            let second = try Bookshelf.openStore(path: path, busyTimeout: .milliseconds(50))
            defer { second.close() }
            let item = try second.presentEdit(Author.self, id: 1)
            item.draft.name = "Mira Two"
            let holder = try test.holdWriteLock(for: .seconds(1))
            var caught: SaveError?
            do {
                try item.save()
            } catch let error as SaveError {
                caught = error
            }
            holder.wait()
            guard case let .storage(error)? = caught else {
                Issue.record("expected a storage error, got \(String(describing: caught))")
                return
            }
            #expect(error.isBusy)
            #expect(!item.isFinished)
            #expect(item.draft.name == "Mira Two")
            #expect(try storedName(test.store, 1) == "Mira Okafor")
            #expect(try second.withWriterConnection { $0.isInTransaction } == false)
            try item.save()
            #expect(try storedName(test.store, 1) == "Mira Two")
        }
    }

    @Test("Q1: two stores on one file × 200 saves each: final counts exact")
    func q1TwoWriters() throws {
        try seeded.withStore(.file) { test in
            let path = try #require(test.filePath)
            let stores = [test.store, try Bookshelf.openStore(path: path)]
            defer { stores[1].close() }
            let failures = Lock<[String]>([])
            let done = DispatchGroup()
            for (index, store) in stores.enumerated() {
                done.enter()
                Thread {
                    defer { done.leave() }
                    for save in 0..<200 {
                        do {
                            let context = store.newChildContext()
                            try context.insert(Book(authorID: 2, title: "S\(index)-\(save)"))
                            try context.save()
                        } catch {
                            failures.withLock { $0.append("\(index)/\(save): \(error)") }
                        }
                    }
                }.start()
            }
            done.wait()
            #expect(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0 })")
            #expect(try test.store.count(Book.self) == 402)
            #expect(try stores[1].count(Book.self) == 402)
        }
    }

    /// The schema and every row of a database file, read on a fresh connection.
    private func contents(_ path: String) throws -> [String] {
        let connection = try Connection(path: path)
        defer { connection.close() }
        var lines = try connection.fetch("SELECT type || ' ' || name || ' ' || coalesce(sql, '') FROM sqlite_schema ORDER BY name") {
            try $0.text(at: 0)
        }
        for table in ["authors", "books", "draftstore_migrations"] {
            lines += try connection.fetch("SELECT * FROM \(table) ORDER BY rowid") { row in
                table + ": " + (0..<Int32(row.count)).map { "\((try? row.value(at: $0)) ?? .null)" }.joined(separator: "|")
            }
        }
        return lines
    }

    @Test("Q2: a failing v3 names its file, leaves schema and data as v2; fixed and rerun, it applies")
    func q2HalfDoneMigration() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appending(path: "v2.sqlite").path
        let v2 = try Bookshelf.openStore(path: path)
        let context = v2.newChildContext()
        try context.insert(Author(name: "Mira Okafor", email: "mira@example.com"))
        try context.save()
        v2.close()
        let before = try contents(path)

        let failing = Migration(
            name: "0003_tags",
            sql: """
                CREATE TABLE tags (id INTEGER PRIMARY KEY, label TEXT NOT NULL);
                ALTER TABLE authors ADD COLUMN nickname TEXT;
                INSERT INTO no_such_table VALUES (1);
                """)
        do {
            _ = try DraftStore(path: path, migrations: Bookshelf.migrations + [failing])
            Issue.record("the failing migration was applied")
        } catch let error as MigrationError {
            #expect(error.file == "0003_tags")
            #expect(error.description.contains("0003_tags"))
            guard case .failed = error.kind else { Issue.record("expected .failed, got \(error.kind)"); return }
        }
        #expect(try contents(path) == before)
        let v2Again = try Bookshelf.openStore(path: path)
        #expect(try v2Again.fetch(Author.self, id: 1)?.name == "Mira Okafor")
        v2Again.close()

        let fixed = Migration(
            name: "0003_tags",
            sql: """
                CREATE TABLE tags (id INTEGER PRIMARY KEY, label TEXT NOT NULL);
                ALTER TABLE authors ADD COLUMN nickname TEXT;
                """)
        let v3 = try DraftStore(path: path, migrations: Bookshelf.migrations + [fixed])
        defer { v3.close() }
        let applied = try v3.withWriterConnection { connection in
            try connection.fetch("SELECT name FROM draftstore_migrations ORDER BY name") { try $0.text(at: 0) }
        }
        #expect(applied.last == "0003_tags" && applied.count == 3)
        #expect(try scalar(v3, "SELECT count(*) FROM pragma_table_info('authors') WHERE name = 'nickname'") == .integer(1))
        #expect(try scalar(v3, "SELECT count(*) FROM sqlite_schema WHERE name = 'tags'") == .integer(1))
        #expect(try v3.fetch(Author.self, id: 1)?.email == "mira@example.com")
    }
}
