import Bookshelf
import DraftStore
import DraftStoreTesting
import Testing

/// Issue 3: staleness between contexts of one process, and query observers.
@Suite("Context: staleness and query observation")
struct StalenessObserverTests {
    @Test("after one context saves, the other reports exactly the stale fields, before its own save")
    func staleFieldsInProcess() throws {
        try seeded.withEachKind { test in
            let a = try editAuthor(test.store) { $0.bio = "A's bio" }
            _ = try a.fetch(Author.self, id: 2)
            _ = try a.fetch(Book.self, id: 1)
            #expect(try a.staleObjects().isEmpty)
            try editAuthor(test.store) {
                $0.name = "Mira B."
                $0.email = "mira.b@example.com"
            }.save()
            let stale = try a.staleObjects()
            #expect(stale.count == 1)
            let object = try #require(stale.first)
            #expect(object.table == "authors" && object.id == 1 && !object.wasDeleted)
            #expect(object.fields.map(\.name) == ["name", "email"])
            #expect(object.fields.first?.base == .text("Mira Okafor"))
            #expect(object.fields.first?.mine == .text("Mira Okafor"))
            #expect(object.fields.first?.theirs == .text("Mira B."))
            #expect(object.conflictingFields.isEmpty)
            // Checking changes nothing: A still holds its edit and still saves (different fields).
            #expect(try a.fetch(Author.self, id: 1)?.bio == "A's bio")
            try a.save()
            let stored = try #require(try test.store.fetch(Author.self, id: 1))
            #expect(stored.name == "Mira B." && stored.bio == "A's bio")
        }
    }

    @Test("a second connection's write is noticed through data_version")
    func staleFromAnotherConnection() throws {
        try seeded.withStore(.file) { test in
            let a = try editAuthor(test.store) { $0.name = "Mine" }
            try BackgroundWriter(test).update(Author.self, id: 1) { $0.email = "theirs@example.com" }
            let stale = try a.staleObjects()
            #expect(stale.map(\.id) == [1])
            #expect(stale.first?.fields.map(\.name) == ["email"])
            try BackgroundWriter(test).delete(Author.self, id: 2)
            _ = try a.fetch(Author.self, id: 1)
            #expect(try a.staleObjects().count == 1)
        }
    }

    @Test("a row deleted by another context is reported as deleted")
    func staleDeleted() throws {
        try seeded.withEachKind { test in
            let a = try editAuthor(test.store) { $0.name = "Mine" }
            let deleter = test.store.newChildContext()
            try deleter.delete(Author.self, id: 1)
            try deleter.save()
            let stale = try a.staleObjects()
            #expect(stale.map(\.wasDeleted) == [true])
            #expect(stale.first?.id == 1)
        }
    }

    @Test("a query observer sees the new list once per commit, and not after cancel")
    func observerOncePerCommit() throws {
        try seeded.withEachKind { test in
            let results = Lock<[[String]]>([])
            let observation = test.store.observe(FetchRequest<Author>.all.sorted(by: \.name)) { authors in
                results.withLock { $0.append(authors.map(\.name)) }
            }
            waitForObservers(test.store)
            #expect(results.withLock { $0 } == [["Jon Bay", "Mira Okafor"]])
            // One save touching two authors and a book: one delivery.
            let context = try editAuthor(test.store) { $0.name = "Amira Okafor" }
            try context.insert(Author(name: "Zoe Lin", email: "zoe@example.com"))
            try context.insert(Book(authorID: 2, title: "Fog"))
            try context.save()
            waitForObservers(test.store)
            #expect(results.withLock { $0 }.count == 2)
            waitForObservers(test.store)
            #expect(results.withLock { $0 }.last == ["Amira Okafor", "Jon Bay", "Zoe Lin"])
            // A commit to books only does not re-run an authors query.
            let books = test.store.newChildContext()
            try books.insert(Book(authorID: 1, title: "Other"))
            try books.save()
            waitForObservers(test.store)
            #expect(results.withLock { $0 }.count == 2)
            // A discarded draft and a failed save deliver nothing.
            let cancelled = try editAuthor(test.store) { $0.name = "Never" }
            cancelled.discard()
            let failing = try editAuthor(test.store, 2) { $0.email = "mira@example.com" }
            #expect(throws: SaveError.self) { try failing.save() }
            waitForObservers(test.store)
            #expect(results.withLock { $0 }.count == 2)
            // A second commit: a second delivery.
            let deleter = test.store.newChildContext()
            try deleter.delete(Author.self, id: 3)
            try deleter.save()
            waitForObservers(test.store)
            #expect(results.withLock { $0 }.count == 3)
            waitForObservers(test.store)
            #expect(results.withLock { $0 }.last == ["Amira Okafor", "Jon Bay"])
            observation.cancel()
            try editAuthor(test.store) { $0.name = "After" }.save()
            waitForObservers(test.store)
            #expect(results.withLock { $0 }.count == 3)
        }
    }
}
