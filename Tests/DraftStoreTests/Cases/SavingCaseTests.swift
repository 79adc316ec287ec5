import Bookshelf
import DraftStore
import DraftStoreTesting
import Testing

/// Cases S1–S4 of /work/shared/cases/README.md.
@Suite("Cases: saving and cancelling (S1–S4)")
struct SavingCaseTests {
    /// Closes the store and opens its file again, so a read proves the value is on disk.
    private func reopened(_ test: TestStore) throws -> DraftStore? {
        guard let path = test.filePath else { return nil }
        test.store.close()
        return try Bookshelf.openStore(path: path)
    }

    @Test("S1: cancel never persists; no write ran; a new draft shows the old e-mail")
    func s1CancelNeverPersists() throws {
        try seeded.withEachKind { test in
            let store = test.store
            let statements = try StatementRecorder.record(store) {
                let item = try store.presentEdit(Author.self, id: 1)
                item.draft.email = "changed@example.com"
                #expect(item.context.hasChanges)
                _ = try item.staleness()  // "wait": the editor stays open and checks for news
                try item.cancel()
            }
            #expect(statements.filter(StatementRecorder.isWrite).isEmpty, "\(statements)")
            #expect(!statements.contains { $0.uppercased().hasPrefix("BEGIN") })
            #expect(try store.presentEdit(Author.self, id: 1).draft.email == "mira@example.com")
            if let disk = try reopened(test) {
                defer { disk.close() }
                #expect(try disk.fetch(Author.self, id: 1)?.email == "mira@example.com")
            }
        }
    }

    @Test("S2: drafts are invisible until saved — to fetches, lists and other drafts")
    func s2DraftsInvisible() throws {
        try seeded.withEachKind { test in
            let store = test.store
            let lists = Lock<[[String]]>([])
            let observation = store.observe(FetchRequest<Author>.all.sorted(by: \.name)) { authors in
                lists.withLock { $0.append(authors.map(\.name)) }
            }
            defer { observation.cancel() }
            let a = try store.presentEdit(Author.self, id: 1)
            a.draft.name = "Zed"
            func expectEverywhere(_ name: String) throws {
                #expect(try storedName(store, 1) == name)
                #expect(try store.fetch(FetchRequest<Author>.all.sorted(by: \.name)).map(\.name) == ["Jon Bay", name])
                #expect(try store.fetch(FetchRequest<Author>.all.filter(\.name, equals: "Zed")).isEmpty)
                #expect(try store.presentEdit(Author.self, id: 1).draft.name == name)
                #expect(try store.newChildContext().fetchAll(Author.self).map(\.name).contains(name))
                waitForObservers(store)
                #expect(lists.withLock { $0 } == [["Jon Bay", name]])
            }
            try expectEverywhere("Mira Okafor")
            #expect(try a.context.fetch(Author.self, id: 1)?.name == "Zed")
            try a.cancel()
            try expectEverywhere("Mira Okafor")
        }
    }

    @Test("S3: cancel restores relationships on both sides", arguments: ["delete", "move"])
    func s3CancelRestoresRelationships(change: String) throws {
        try seeded.withEachKind { test in
            let item = try test.store.presentEdit(Author.self, id: 1)
            let context = item.context
            if change == "delete" {
                try context.delete(Book.self, id: 2)
            } else {
                var book = try #require(try context.fetch(Book.self, id: 2))
                book.authorID = 2
                try context.update(book)
                #expect(try context.fetch(FetchRequest<Book>.all.filter(\.authorID, equals: 2)).map(\.title) == ["Salt Roads"])
            }
            #expect(try context.fetch(FetchRequest<Book>.all.filter(\.authorID, equals: 1)).map(\.title) == ["Tide Charts"])
            try expectNoStatements(test.store) { try item.cancel() }
            #expect(try storedTitles(test.store, author: 1) == ["Salt Roads", "Tide Charts"])
            #expect(try storedTitles(test.store, author: 2).isEmpty)
            let fresh = test.store.newChildContext()
            #expect(try fresh.fetch(FetchRequest<Book>.all.filter(\.authorID, equals: 1)).count == 2)
        }
    }

    @Test("S4: row deleted while its draft is open: reported, typed conflict, no re-insert unless asked; cancel works")
    func s4DeletedWhileOpen() throws {
        try seeded.withEachKind { test in
            let store = test.store
            let item = try store.presentEdit(Author.self, id: 1)
            item.draft.name = "Mira Renamed"
            try BackgroundWriter.deleteOrContext(test, id: 1)
            #expect(try store.count(Book.self) == 0)  // cascade
            #expect(item.draft.name == "Mira Renamed")
            #expect(try item.staleness()?.wasDeleted == true)
            let thrown = expectUnchanged(store) { try item.save() }
            guard case let .conflict(conflict)? = thrown as? SaveError else {
                Issue.record("expected a deleted-kind conflict, got \(String(describing: thrown))")
                return
            }
            #expect(conflict.objects.map(\.wasDeleted) == [true])
            #expect(try store.count(Author.self) == 1)
            #expect(!item.isFinished)
            // Cancel works.
            try expectNoStatements(store) { try item.cancel() }
            // Explicitly saving as new inserts a new row.
            let second = try store.presentEdit(Author.self, id: 2)
            second.draft.name = "Jon Renamed"
            try BackgroundWriter.deleteOrContext(test, id: 2)
            let saved = try second.saveAsNew()
            #expect(saved.id != 2 && saved.name == "Jon Renamed")
            #expect(try store.fetch(Author.self, id: saved.id!)?.email == "jon@example.com")
            #expect(try store.fetch(Author.self, id: 2) == nil)
        }
    }
}

extension BackgroundWriter {
    /// Deletes an author as another writer would: a second connection for files, another context in memory.
    static func deleteOrContext(_ test: TestStore, id: Int64) throws {
        if test.kind == .file {
            try BackgroundWriter(test).delete(Author.self, id: id)
        } else {
            let other = test.store.newChildContext()
            try other.delete(Author.self, id: id)
            try other.save()
        }
    }
}
