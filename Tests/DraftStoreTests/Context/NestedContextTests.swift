import Bookshelf
import DraftStore
import DraftStoreTesting
import Testing

/// Issue 3: a grandchild saves into its parent only; the database changes when the top context saves.
@Suite("Context: nested child contexts")
struct NestedContextTests {
    @Test("grandchild save changes nothing on disk; the child sees it; the child's save writes it")
    func grandchildThenChild() throws {
        try seeded.withEachKind { test in
            let store = test.store
            let child = store.newChildContext()
            let grandchild = child.newChildContext()
            var mira = try #require(try grandchild.fetch(Author.self, id: 1))
            mira.name = "Mira O."
            try grandchild.update(mira)
            let newBook = try grandchild.insert(Book(authorID: 1, title: "Reef Notes"))
            try expectNoWrites(store) { try grandchild.save() }  // it may read the row into the child to merge
            #expect(try storedName(store, 1) == "Mira Okafor")
            #expect(try store.count(Book.self) == 2)
            #expect(try child.fetch(Author.self, id: 1)?.name == "Mira O.")
            #expect(try child.fetch(Book.self, id: newBook.id!)?.title == "Reef Notes")
            #expect(child.hasChanges)
            #expect(!grandchild.hasChanges)
            try expectOneTransaction(store) { try child.save() }
            #expect(try storedName(store, 1) == "Mira O.")
            #expect(try storedTitles(store, author: 1) == ["Reef Notes", "Salt Roads", "Tide Charts"])
        }
    }

    @Test("discarding the child after a grandchild save loses both levels and writes nothing")
    func discardChildLosesBoth() throws {
        try seeded.withEachKind { test in
            let store = test.store
            let child = store.newChildContext()
            let grandchild = child.newChildContext()
            try grandchild.delete(Author.self, id: 2)
            try grandchild.insert(Author(name: "Ada Reyes", email: "ada@example.com"))
            try grandchild.save()
            expectUnchanged(store) {
                expectNoStatements(store) { child.discard() }
            }
            #expect(try store.count(Author.self) == 2)
            #expect(try store.newChildContext().fetch(Author.self, id: 2)?.name == "Jon Bay")
        }
    }

    @Test("a grandchild reads its parents' unsaved changes in queries, filtered and ordered")
    func queriesSeeParentScratch() throws {
        try seeded.withEachKind { test in
            let child = test.store.newChildContext()
            try child.insert(Book(authorID: 1, title: "Anchor Lines"))
            try child.delete(Book.self, id: 1)
            let grandchild = child.newChildContext()
            let titles = try grandchild.fetch(FetchRequest<Book>.all.filter(\.authorID, equals: 1).sorted(by: \.title)).map(\.title)
            #expect(titles == ["Anchor Lines", "Salt Roads"])
            let limited = try grandchild.fetch(FetchRequest<Book>.all.sorted(by: \.title, ascending: false).limit(1)).map(\.title)
            #expect(limited == ["Salt Roads"])
        }
    }

    @Test("a grandchild's temporary ids resolve through two saves")
    func temporaryIDsThroughLevels() throws {
        try seeded.withEachKind { test in
            let child = test.store.newChildContext()
            let grandchild = child.newChildContext()
            let author = try grandchild.insert(Author(name: "Ada Reyes", email: "ada@example.com"))
            try grandchild.insert(Book(authorID: author.id!, title: "First Light"))
            try grandchild.save()
            let result = try child.save()
            let realID = try #require(result.insertedIDs[author.id!])
            #expect(try storedTitles(test.store, author: realID) == ["First Light"])
        }
    }

    @Test("two siblings change different fields of one row: the parent keeps both")
    func siblingsMergeDifferentFields() throws {
        try seeded.withEachKind { test in
            let parent = test.store.newChildContext()
            let first = parent.newChildContext()
            let second = parent.newChildContext()
            var a = try #require(try first.fetch(Author.self, id: 1))
            var b = try #require(try second.fetch(Author.self, id: 1))
            a.name = "Mira A."
            b.bio = "B's bio"
            try first.update(a)
            try second.update(b)
            try first.save()
            try second.save()
            try parent.save()
            let stored = try #require(try test.store.fetch(Author.self, id: 1))
            #expect(stored.name == "Mira A." && stored.bio == "B's bio")
        }
    }

    @Test("two siblings change the same field: the second save into the parent is a conflict")
    func siblingsConflict() throws {
        try seeded.withEachKind { test in
            let parent = test.store.newChildContext()
            let first = parent.newChildContext()
            let second = parent.newChildContext()
            var a = try #require(try first.fetch(Author.self, id: 1))
            var b = try #require(try second.fetch(Author.self, id: 1))
            a.name = "Mira A."
            b.name = "Mira B."
            try first.update(a)
            try second.update(b)
            try first.save()
            let conflict = expectConflict(on: \Author.name) { try second.save() }
            #expect(conflict?.objects.first?.fields.first?.theirs == .text("Mira A."))
            #expect(try parent.fetch(Author.self, id: 1)?.name == "Mira A.")
            #expect(second.hasChanges)
            try second.save(policy: .draftWins)
            #expect(try parent.fetch(Author.self, id: 1)?.name == "Mira B.")
        }
    }
}
