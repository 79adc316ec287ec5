import Bookshelf
import DraftStore
import DraftStoreTesting
import Foundation
import Testing

/// Issue 6: the harness's own guarantees.
@Suite("Harness: fixtures, isolation, refusals")
struct HarnessTests {
    struct BodyFailed: Error {}

    @Test("a failing body still removes the temporary files (withStore)")
    func failingBodyCleansUp() throws {
        var directory: URL?
        #expect(throws: BodyFailed.self) {
            try seeded.withStore(.file) { test in
                directory = test.directory
                try editAuthor(test.store) { $0.name = "Written" }.save()
                #expect(FileManager.default.fileExists(atPath: try #require(test.filePath)))
                throw BodyFailed()
            }
        }
        let path = try #require(directory).path
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test("makeStore + close removes the folder; closing twice is harmless; release alone removes it too")
    func makeStoreAndClose() throws {
        let test = try seeded.makeStore(.file)
        let directory = try #require(test.directory)
        #expect(FileManager.default.fileExists(atPath: directory.path))
        test.close()
        #expect(!FileManager.default.fileExists(atPath: directory.path))
        test.close()
        #expect(throws: (any Error).self) { try test.store.newChildContext().fetch(Author.self, id: 1) }
        var released: URL?
        do {
            let other = try seeded.makeStore(.file)
            released = other.directory
        }
        #expect(!FileManager.default.fileExists(atPath: try #require(released).path))
    }

    @Test("template copies are isolated when tests run in parallel", arguments: 0..<8)
    func parallelCopies(index: Int) throws {
        try seeded.withStore(index.isMultiple(of: 2) ? .inMemory : .file) { test in
            #expect(try test.store.count(Author.self) == 2)
            #expect(try storedName(test.store, 1) == "Mira Okafor")
            try editAuthor(test.store) { $0.name = "Copy \(index)" }.save()
            let context = test.store.newChildContext()
            for book in 0..<20 { try context.insert(Book(authorID: 2, title: "B\(index)-\(book)")) }
            try context.save()
            #expect(try storedName(test.store, 1) == "Copy \(index)")
            #expect(try storedTitles(test.store, author: 2).allSatisfy { $0.hasPrefix("B\(index)-") })
            #expect(try test.store.count(Book.self) == 22)
        }
    }

    /// Builds the shared fixture file once: Bookshelf schema and the seed data, closed.
    private func buildFixtureFile() throws -> (directory: URL, path: String) {
        let directory = try temporaryDirectory()
        let path = directory.appending(path: "fixture.sqlite").path
        let store = try Bookshelf.openStore(path: path)
        let context = store.newChildContext()
        let mira = try context.insert(Author(name: "Mira Okafor", email: "mira@example.com"))
        try context.insert(Author(name: "Jon Bay", email: "jon@example.com"))
        try context.insert(Book(authorID: mira.id!, title: "Tide Charts"))
        try context.insert(Book(authorID: mira.id!, title: "Salt Roads"))
        try context.save()
        store.close()
        return (directory, path)
    }

    @Test("rollback mode: after 1,000 bodies that each save, the fixture file is byte-identical")
    func rollbackIsolationLeavesFileIdentical() throws {
        let (directory, path) = try buildFixtureFile()
        defer { try? FileManager.default.removeItem(at: directory) }
        let before = try Data(contentsOf: URL(filePath: path))
        let isolation = RollbackIsolation(path: path, migrations: Bookshelf.migrations, entities: Bookshelf.entities)
        for body in 0..<1_000 {
            try isolation.run { test in
                let context = try editAuthor(test.store) { $0.name = "Body \(body)" }
                try context.insert(Book(authorID: 2, title: "Book \(body)"))
                try context.delete(Book.self, id: 1)
                try context.save()
                // The save is visible inside the body.
                #expect(try storedName(test.store, 1) == "Body \(body)")
                #expect(try test.store.count(Book.self) == 2)
                if body.isMultiple(of: 100) {
                    // A failing save inside the scope rolls back only its own savepoint.
                    let failing = try editAuthor(test.store, 2) { $0.email = "mira@example.com" }
                    #expect(throws: SaveError.self) { try failing.save() }
                    #expect(try storedName(test.store, 1) == "Body \(body)")
                }
            }
        }
        #expect(try Data(contentsOf: URL(filePath: path)) == before)
        let reopened = try Bookshelf.openStore(path: path)
        defer { reopened.close() }
        #expect(try storedName(reopened, 1) == "Mira Okafor")
        #expect(try reopened.count(Book.self) == 2)
    }

    @Test("helpers that need real commits or a second connection refuse rollback mode in words")
    func helpersRefuseRollbackMode() throws {
        let (directory, path) = try buildFixtureFile()
        defer { try? FileManager.default.removeItem(at: directory) }
        try RollbackIsolation(path: path, migrations: Bookshelf.migrations, entities: Bookshelf.entities).run { test in
            let refusals: [(String, () throws -> Void)] = [
                ("BackgroundWriter", { _ = try BackgroundWriter(test) }),
                ("failNextCommit", { try test.failNextCommit() }),
                ("failWrites", { try test.failWrites(with: .diskFull) }),
                ("holdWriteLock", { _ = try test.holdWriteLock(for: .milliseconds(10)) }),
            ]
            for (name, call) in refusals {
                let error = #expect(throws: HarnessError.self, "\(name) should refuse") { try call() }
                #expect(error?.description.contains("rollback isolation") == true, "\(name): \(String(describing: error))")
            }
            // The store still works after the refusals.
            try editAuthor(test.store) { $0.bio = "Still fine" }.save()
        }
        #expect(try Bookshelf.openStore(path: path).fetch(Author.self, id: 1)?.bio == nil)
    }

    @Test("BackgroundWriter and holdWriteLock refuse in-memory stores in words")
    func inMemoryRefusals() throws {
        try seeded.withStore(.inMemory) { test in
            #expect(throws: HarnessError.self) { _ = try BackgroundWriter(test) }
            #expect(throws: HarnessError.self) { _ = try test.holdWriteLock(for: .milliseconds(10)) }
            #expect(throws: HarnessError.self) { try test.failWrites(with: .ioError) }
        }
    }
}
