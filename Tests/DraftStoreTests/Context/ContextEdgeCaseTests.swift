import Bookshelf
import DraftStore
import DraftStoreTesting
import Testing

/// Edge cases of nested contexts: temporary ids after an ancestor's save, filtered queries
/// over registered rows, and unsaved inserts with chosen ids.
@Suite("Context: edge cases of ids, filters and order")
struct ContextEdgeCaseTests {
    // MARK: Temporary ids after an ancestor saved them

    @Test("a child's saved-up inserts: after the parent's save, the child knows them by their real ids")
    func childLearnsRealIDsOfItsSavedInserts() throws {
        try seeded.withEachKind { test in
            let parent = test.store.newChildContext()
            let child = parent.newChildContext()
            let author = try child.insert(Author(name: "Ada Vale", email: "ada@example.com"))
            let book = try child.insert(Book(authorID: author.id!, title: "Harbor Lights"))
            try child.save()
            let saved = try parent.save()
            let authorID = try #require(saved.insertedIDs[author.id!])
            let bookID = try #require(saved.insertedIDs[book.id!])
            #expect(authorID > 0 && bookID > 0, "\(test.kind)")

            #expect(try child.staleObjects().isEmpty, "\(test.kind): not deleted, just renumbered")
            #expect(try child.fetch(Author.self, id: authorID)?.id == authorID, "\(test.kind)")
            #expect(try child.fetch(Author.self, id: author.id!)?.id == authorID, "\(test.kind): the temporary id still finds it")
            #expect(try child.fetch(Book.self, id: bookID)?.authorID == authorID, "\(test.kind): references follow")
            #expect(try child.fetch(FetchRequest<Author>.all).map(\.id) == [1, 2, authorID], "\(test.kind): one copy")

            // An edit through the entity the child handed out (temporary id) reaches the saved row.
            var renamed = author
            renamed.name = "Ada Vale-Okoro"
            try child.update(renamed)
            try child.save()
            try parent.save()
            #expect(try storedName(test.store, authorID) == "Ada Vale-Okoro", "\(test.kind)")
            #expect(try test.store.count(Author.self) == 3, "\(test.kind): no second insert")
            #expect(!child.hasChanges && !parent.hasChanges, "\(test.kind)")
        }
    }

    @Test("a parent's insert read by a child and by a grandchild: after the parent saved, not stale, one copy")
    func descendantsOfTheSaverFollow() throws {
        try seeded.withEachKind { test in
            let root = test.store.newChildContext()
            let author = try root.insert(Author(name: "Noor Hale", email: "noor@example.com"))
            let middle = root.newChildContext()
            let leaf = middle.newChildContext()
            #expect(try leaf.fetch(Author.self, id: author.id!)?.name == "Noor Hale")
            let book = try leaf.insert(Book(authorID: author.id!, title: "Quiet Water"))
            let saved = try root.save()
            let authorID = try #require(saved.insertedIDs[author.id!])

            #expect(try leaf.staleObjects().isEmpty, "\(test.kind)")
            #expect(try middle.staleObjects().isEmpty, "\(test.kind)")
            #expect(try leaf.fetch(FetchRequest<Author>.all.filter(\.email, equals: "noor@example.com")).map(\.id) == [authorID])
            #expect(try leaf.fetch(Book.self, id: book.id!)?.authorID == authorID, "\(test.kind): an unsaved insert's reference follows")
            // The leaf's insert, referencing the saved author, saves through both levels.
            try leaf.save()
            try middle.save()
            try root.save()
            #expect(try storedTitles(test.store, author: authorID) == ["Quiet Water"], "\(test.kind)")

            // Staleness still sees real changes, under the real id.
            let other = try editAuthor(test.store, authorID) { $0.bio = "Changed elsewhere" }
            try other.save()
            #expect(try leaf.staleObjects().map(\.id) == [authorID], "\(test.kind)")
        }
    }

    @Test("after another process commits, rows a parent's save renumbered are compared under their real ids, not deleted")
    func foreignCommitAfterTheParentsSave() throws {
        try seeded.withStore(.file) { test in
            let parent = test.store.newChildContext()
            let child = parent.newChildContext()
            let author = try child.insert(Author(name: "Tess Ward", email: "tess@example.com"))
            try child.save()
            let authorID = try #require(try parent.save().insertedIDs[author.id!])
            // An unrelated commit by another connection: every registered row may have changed.
            try BackgroundWriter(test).execute("UPDATE authors SET bio = 'Theirs' WHERE id = 2")
            #expect(try child.staleObjects().isEmpty)
            try BackgroundWriter(test).execute("UPDATE authors SET bio = 'Theirs' WHERE id = ?", [.integer(authorID)])
            let stale = try child.staleObjects()
            #expect(stale.map(\.id) == [authorID])
            #expect(stale.first?.wasDeleted == false)
            #expect(stale.first?.fields.map(\.name) == ["bio"])
        }
    }

    @Test("an entity kept from before the save, with its temporary reference, saves with the real id")
    func staleReferenceInANewInsert() throws {
        try seeded.withEachKind { test in
            let root = test.store.newChildContext()
            let child = root.newChildContext()
            let author = try child.insert(Author(name: "Ines Marr", email: "ines@example.com"))
            try child.save()
            let authorID = try #require(try root.save().insertedIDs[author.id!])
            try child.insert(Book(authorID: author.id!, title: "Late Arrival"))
            try child.save()
            try root.save()
            #expect(try storedTitles(test.store, author: authorID) == ["Late Arrival"], "\(test.kind)")
        }
    }

    /// The public calls a descendant may make first after the root saved its inserts: each
    /// must see the real ids, with no call before it to bring the context up to date.
    static let firstCalls: [String] = [
        "hasChanges", "changeset", "changedFields", "isDeleted", "fetch", "count", "staleObjects", "forget", "save",
    ]

    @Test("whichever public call comes first after the root's save, the child sees real ids", arguments: firstCalls)
    func everyFirstCallSeesRealIDs(_ call: String) throws {
        try seeded.withEachKind { test in
            let parent = test.store.newChildContext()
            let child = parent.newChildContext()
            let inserted = try child.insert(Author(name: "Ada Vale", email: "ada@example.com"))
            try child.save()
            var edited = try #require(try child.fetch(Author.self, id: inserted.id!))
            edited.name = "Ada Vale-Okoro"
            try child.update(edited)
            let realID = try #require(try parent.save().insertedIDs[inserted.id!])
            var real = edited
            real.id = realID
            let context = "\(test.kind), \(call)"
            switch call {
            case "hasChanges": #expect(child.hasChanges, "\(context)")
            case "changeset": #expect(child.changeset().changes.map(\.key) == [RowKey(realID)], "\(context)")
            case "changedFields": #expect(child.changedFields(of: real).map(\.field) == ["name"], "\(context)")
            case "isDeleted": #expect(!child.isDeleted(Author.self, id: realID), "\(context)")
            case "fetch": #expect(try child.fetch(Author.self, id: realID)?.name == "Ada Vale-Okoro", "\(context)")
            case "count":
                #expect(try child.count(FetchRequest<Author>.all.filter(\.name, equals: "Ada Vale-Okoro")) == 1, "\(context)")
                #expect(try child.count(FetchRequest<Author>.all) == 3, "\(context): one copy of the row")
            case "staleObjects": #expect(try child.staleObjects().isEmpty, "\(context)")
            case "forget":
                child.forget(Author.self, id: realID)
                #expect(!child.hasChanges, "\(context): the edit under the real id is gone")
            default:
                try child.save()
                try parent.save()
                #expect(try storedName(test.store, realID) == "Ada Vale-Okoro", "\(context)")
                #expect(try test.store.count(Author.self) == 3, "\(context): no second insert")
            }
        }
    }

    // MARK: Filtered queries return registered rows as the context sees them

    @Test("a registered, unchanged row matches a filter by the context's snapshot, not the store's new values")
    func filterUsesTheContextsValues() throws {
        try seeded.withEachKind { test in
            let context = test.store.newChildContext()
            #expect(try context.fetch(Book.self, id: 2)?.authorID == 1)
            // Someone else moves book #2 to author #2.
            let other = test.store.newChildContext()
            var salt = try #require(try other.fetch(Book.self, id: 2))
            salt.authorID = 2
            try other.update(salt)
            try other.save()

            let byMira = FetchRequest<Book>.all.filter(\.authorID, equals: 1)
            let byJon = FetchRequest<Book>.all.filter(\.authorID, equals: 2)
            #expect(try context.fetch(byMira).map(\.id) == [1, 2], "\(test.kind): as the context sees them")
            #expect(try context.fetch(byJon).isEmpty, "\(test.kind)")
            #expect(try context.fetch(byMira.filter(\.title, contains: "salt")).map(\.id) == [2], "\(test.kind)")
            // A child reads through it and sees the same.
            #expect(try context.newChildContext().fetch(byMira).map(\.id) == [1, 2], "\(test.kind)")
            // After a rebase the context sees the store's values, and the result follows.
            try context.rebase()
            #expect(try context.fetch(byMira).map(\.id) == [1], "\(test.kind)")
            #expect(try context.fetch(byJon).map(\.id) == [2], "\(test.kind)")
        }
    }

    // MARK: Unsaved inserts with chosen ids sort as the store will number them

    static let orders: [(String, FetchRequest<Book>)] = [
        ("all", .all),
        ("by id desc", FetchRequest<Book>.all.sorted(by: \.id, ascending: false)),
        ("by title", FetchRequest<Book>.all.sorted(by: \.title)),
        ("by year desc, limit 3", FetchRequest<Book>.all.sorted(by: \.year, ascending: false).limit(3)),
    ]

    @Test("temporary and chosen ids mixed, in one context and nested: before save == store after", arguments: 0..<orders.count)
    func chosenIDsSortAsSaved(index: Int) throws {
        let (name, request) = Self.orders[index]
        try seeded.withEachKind { test in
            let root = test.store.newChildContext()
            // The store has books #1 and #2: the first temporary id becomes #3, then 50, 51, 40, 80, 81.
            try root.insert(book(nil, year: 2001))
            try root.insert(book(50, year: 2002))
            let child = root.newChildContext()
            try child.insert(book(nil, year: 2003))
            try child.insert(book(40, year: 2004))
            try child.insert(book(80, year: 2005))
            try child.insert(book(nil, year: 2006))
            let describe = { (books: [Book]) in books.map { "\($0.title)|\($0.year ?? 0)" } }
            let inChild = describe(try child.fetch(request))
            try child.save()
            let inRoot = describe(try root.fetch(request))
            try root.save()
            let stored = describe(try test.store.fetch(request))
            #expect(inChild == stored, "\(name), \(test.kind)")
            #expect(inRoot == stored, "\(name), \(test.kind)")
        }
    }

    /// A book titled "Same" (so sorting by title ties and falls back to the id), with a chosen id or none.
    private func book(_ id: Int64?, year: Int) -> Book {
        var book = Book(authorID: 1, title: "Same", year: year)
        book.id = id
        return book
    }
}
