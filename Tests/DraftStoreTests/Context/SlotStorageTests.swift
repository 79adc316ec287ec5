import Bookshelf
import DraftStore
import DraftStoreTesting
import Testing

/// Tricky sequences over a context's compact slot storage (`TableState`): slot reuse,
/// rollback, failed saves, nested inserts, queries over mixed rows, staleness per slot.
@Suite("Context: slot storage sequences")
struct SlotStorageTests {
    @Test("insert → delete → insert (reusing the freed slot) → save: only the live insert is written")
    func reuseFreedSlotThenSave() throws {
        try seeded.withEachKind { test in
            let context = test.store.newChildContext()
            let first = try context.insert(Author(name: "First Draft", email: "first@example.com"))
            try context.delete(Author.self, id: first.id!)
            #expect(!context.hasChanges)
            #expect(try context.fetch(Author.self, id: first.id!) == nil)
            let second = try context.insert(Author(name: "Second Draft", email: "second@example.com"))
            let book = try context.insert(Book(authorID: second.id!, title: "Reused"))
            #expect(try context.fetch(Author.self, id: second.id!)?.name == "Second Draft")
            #expect(context.changeset().changes.count == 2)
            let result = try context.save()
            let realAuthor = try #require(result.insertedIDs[second.id!])
            let realBook = try #require(result.insertedIDs[book.id!])
            #expect(result.insertedIDs[first.id!] == nil)
            #expect(try test.store.count(Author.self) == 3)
            #expect(try test.store.fetch(Book.self, id: realBook)?.authorID == realAuthor)
            // The context now knows the rows under their real ids, unchanged, references followed.
            #expect(!context.hasChanges)
            #expect(try context.fetch(Book.self, id: realBook)?.authorID == realAuthor)
            #expect(try context.fetch(Author.self, id: second.id!) == nil)
            #expect(try context.staleObjects().isEmpty)
        }
    }

    @Test("many inserts and deletes interleaved keep every slot's values apart")
    func churn() throws {
        try seeded.withEachKind { test in
            let context = test.store.newChildContext()
            var live: [Int64: String] = [:]
            for round in 0..<30 {
                let name = "Author \(round)"
                let author = try context.insert(Author(name: name, email: "a\(round)@example.com"))
                live[author.id!] = name
                if round % 3 == 2, let victim = live.keys.sorted().dropFirst(round % 2).first {
                    try context.delete(Author.self, id: victim)
                    live.removeValue(forKey: victim)
                }
            }
            for (id, name) in live { #expect(try context.fetch(Author.self, id: id)?.name == name) }
            let result = try context.save()
            #expect(result.insertedIDs.count == live.count)
            let stored = try test.store.fetch(FetchRequest<Author>.all).map(\.name)
            #expect(Set(stored) == Set(live.values).union(["Mira Okafor", "Jon Bay"]))
            for (temporary, name) in live {
                #expect(try context.fetch(Author.self, id: result.insertedIDs[temporary]!)?.name == name)
            }
        }
    }

    @Test("fetch, edit, rollback, edit again: the second edit is measured against the base")
    func rollbackThenReedit() throws {
        try seeded.withEachKind { test in
            let context = test.store.newChildContext()
            var mira = try #require(try context.fetch(Author.self, id: 1))
            mira.name = "Mira One"
            mira.bio = "First bio"
            try context.update(mira)
            try context.delete(Book.self, id: 2)
            let inserted = try context.insert(Book(authorID: 1, title: "Gone"))
            context.rollback()
            #expect(!context.hasChanges)
            #expect(try context.fetch(Author.self, id: 1)?.name == "Mira Okafor")
            #expect(try context.fetch(Author.self, id: 1)?.bio == nil)
            #expect(try context.fetch(Book.self, id: 2)?.title == "Salt Roads")
            #expect(try context.fetch(Book.self, id: inserted.id!) == nil)
            var again = try #require(try context.fetch(Author.self, id: 1))
            again.email = "mira.two@example.com"
            try context.update(again)
            #expect(context.changedFields(of: again).map(\.field) == ["email"])
            let change = try #require(context.changeset().changes.first)
            #expect(context.changeset().changes.count == 1 && change.changedColumns.count == 1)
            try context.save()
            let stored = try #require(try test.store.fetch(Author.self, id: 1))
            #expect(stored.name == "Mira Okafor" && stored.email == "mira.two@example.com" && stored.bio == nil)
            #expect(try test.store.count(Book.self) == 2)
        }
    }

    @Test("a save refused by a constraint, then fixed: slots, temporary and real ids are right")
    func failedSaveThenSuccess() throws {
        try seeded.withEachKind { test in
            let context = test.store.newChildContext()
            let ada = try context.insert(Author(name: "Ada", email: "ada@example.com"))
            var dup = try context.insert(Author(name: "Dup", email: "MIRA@example.com"))  // taken, ignoring case
            let book = try context.insert(Book(authorID: dup.id!, title: "Under Dup"))
            var jon = try #require(try context.fetch(Author.self, id: 2))
            jon.bio = "Jon's bio"
            try context.update(jon)
            #expect(throws: SaveError.self) { try context.save() }
            #expect(try test.store.count(Author.self) == 2)
            // Everything is still in the context, under the same temporary ids.
            #expect(context.hasChanges)
            #expect(try context.fetch(Author.self, id: ada.id!)?.name == "Ada")
            #expect(try context.fetch(Book.self, id: book.id!)?.authorID == dup.id)
            dup.email = "dup@example.com"
            try context.update(dup)
            let result = try context.save()
            let realDup = try #require(result.insertedIDs[dup.id!])
            let realBook = try #require(result.insertedIDs[book.id!])
            let realAda = try #require(result.insertedIDs[ada.id!])
            #expect(realAda > 2 && realDup > realAda)
            #expect(try test.store.fetch(Book.self, id: realBook)?.authorID == realDup)
            #expect(try test.store.fetch(Author.self, id: 2)?.bio == "Jon's bio")
            #expect(try context.fetch(Book.self, id: realBook)?.authorID == realDup)
            #expect(try context.fetch(Author.self, id: realDup)?.email == "dup@example.com")
            #expect(!context.hasChanges)
            // Editing a settled row again updates it in place.
            var settled = try #require(try context.fetch(Author.self, id: realDup))
            settled.bio = "now saved"
            try context.update(settled)
            try context.save()
            #expect(try test.store.fetch(Author.self, id: realDup)?.bio == "now saved")
        }
    }

    @Test("a child's insert referencing its parent's insert, saved through two levels")
    func nestedInsertsThroughTwoLevels() throws {
        try seeded.withEachKind { test in
            let root = test.store.newChildContext()
            let author = try root.insert(Author(name: "Nested Author", email: "nested@example.com"))
            let child = root.newChildContext()
            let grandchild = child.newChildContext()
            let book = try grandchild.insert(Book(authorID: author.id!, title: "Deep Book", year: 2001))
            var seen = try #require(try grandchild.fetch(Author.self, id: author.id!))
            seen.bio = "edited two levels down"
            try grandchild.update(seen)
            try grandchild.save()
            #expect(try test.store.count(Book.self) == 2)
            try child.save()
            #expect(try root.fetch(Book.self, id: book.id!)?.title == "Deep Book")
            #expect(try root.fetch(Author.self, id: author.id!)?.bio == "edited two levels down")
            let result = try root.save()
            let realAuthor = try #require(result.insertedIDs[author.id!])
            let realBook = try #require(result.insertedIDs[book.id!])
            let stored = try #require(try test.store.fetch(Book.self, id: realBook))
            #expect(stored.authorID == realAuthor && stored.title == "Deep Book")
            #expect(try test.store.fetch(Author.self, id: realAuthor)?.bio == "edited two levels down")
            #expect(try root.fetch(Book.self, id: realBook)?.authorID == realAuthor)
            #expect(!root.hasChanges && !child.hasChanges && !grandchild.hasChanges)
        }
    }

    @Test(
        "sorted + limit over saved, unsaved, edited and deleted rows equals the store after save",
        arguments: [
            FetchRequest<Book>.all.sorted(by: \.title).limit(3),
            FetchRequest<Book>.all.sorted(by: \.title, ascending: false).limit(2),
            FetchRequest<Book>.all.sorted(by: \.year).limit(4),
            FetchRequest<Book>.all.sorted(by: \.year, ascending: false).limit(5),
            FetchRequest<Book>.all.sorted(by: \.id, ascending: false).limit(3),
            FetchRequest<Book>.all.filter(\.authorID, equals: 1).sorted(by: \.year).limit(2),
            FetchRequest<Book>.all.limit(0),
        ])
    func sortedLimitOverMixedRows(request: FetchRequest<Book>) throws {
        try seeded.withEachKind { test in
            let context = test.store.newChildContext()
            let gone = try context.insert(Book(authorID: 2, title: "Aardvark", year: 1500))
            try context.insert(Book(authorID: 2, title: "Middle", year: 2001))
            try context.delete(Book.self, id: gone.id!)  // frees a slot
            try context.insert(Book(authorID: 1, title: "Zebra", year: 2001))  // reuses it
            try context.insert(Book(authorID: 1, title: "Middle", year: nil))
            var tide = try #require(try context.fetch(Book.self, id: 1))
            tide.title = "Bay"
            tide.year = 2001
            try context.update(tide)
            try context.delete(Book.self, id: 2)
            let render = { (books: [Book]) in books.map { "\($0.title)|\($0.year.map(String.init) ?? "nil")" } }
            let before = try render(context.fetch(request))
            let nested = try render(context.newChildContext().fetch(request))
            try context.save()
            let after = try render(test.store.fetch(request))
            #expect(before == after)
            #expect(nested == after)
        }
    }

    @Test("inserts made in a child before the parent's own insert sort as the store numbers them")
    func nestedInsertOrderMatchesStore() throws {
        try seeded.withEachKind { test in
            let parent = test.store.newChildContext()
            let child = parent.newChildContext()
            try child.insert(Author(name: "Child First", email: "child@example.com"))  // temporary id given first
            try parent.insert(Author(name: "Parent Second", email: "parent@example.com"))
            try child.save()  // merged after the parent's own insert: saved after it
            let request = FetchRequest<Author>.all
            let before = try parent.fetch(request).map(\.name)
            let grandchild = try parent.newChildContext().fetch(request).map(\.name)
            try parent.save()
            let after = try test.store.fetch(request).map(\.name)
            #expect(before == after)
            #expect(grandchild == after)
        }
    }

    @Test("another connection edits a row that was fetched, edited and rolled back: stale, and rebase takes theirs")
    func staleAfterRollback() throws {
        try seeded.withStore(.file) { test in
            let context = test.store.newChildContext()
            var mira = try #require(try context.fetch(Author.self, id: 1))
            mira.name = "Mine"
            try context.update(mira)
            context.rollback()
            #expect(try context.staleObjects().isEmpty)
            try BackgroundWriter(test).update(Author.self, id: 1) { $0.bio = "Theirs" }
            let stale = try context.staleObjects()
            #expect(stale.map(\.id) == [1])
            #expect(stale.first?.fields.map(\.name) == ["bio"])
            #expect(stale.first?.fields.first?.mine == .null)
            #expect(stale.first?.conflictingFields.isEmpty == true)
            // The rolled-back row still shows what was read, until rebased.
            #expect(try context.fetch(Author.self, id: 1)?.bio == nil)
            #expect(try context.rebase().isEmpty)
            #expect(try context.fetch(Author.self, id: 1)?.bio == "Theirs")
            #expect(!context.hasChanges)
            var again = try #require(try context.fetch(Author.self, id: 1))
            again.name = "Mine again"
            try context.update(again)
            try context.save()
            let stored = try #require(try test.store.fetch(Author.self, id: 1))
            #expect(stored.name == "Mine again" && stored.bio == "Theirs")
        }
    }

    @Test("a child reading its parent's unsaved rows is not stale because of the parent's own changes")
    func childOfEditedParentIsNotStale() throws {
        try seeded.withStore(.file) { test in
            let parent = test.store.newChildContext()
            var mira = try #require(try parent.fetch(Author.self, id: 1))
            mira.name = "Parent's edit"
            try parent.update(mira)
            let draft = try parent.insert(Author(name: "Parent Insert", email: "pi@example.com"))
            let child = parent.newChildContext()
            _ = try child.fetch(Author.self, id: 1)
            _ = try child.fetch(Author.self, id: draft.id!)
            // An unrelated commit by another connection moves data_version.
            try BackgroundWriter(test).update(Author.self, id: 2) { $0.bio = "elsewhere" }
            #expect(try child.staleObjects().isEmpty)
            #expect(try child.rebase().isEmpty)
            var edit = try #require(try child.fetch(Author.self, id: 1))
            edit.bio = "child bio"
            try child.update(edit)
            try child.save()
            try parent.save()
            let stored = try #require(try test.store.fetch(Author.self, id: 1))
            #expect(stored.name == "Parent's edit" && stored.bio == "child bio")
        }
    }
}
