import Bookshelf
import DraftStore
import DraftStoreTesting
import Foundation
import Testing

/// A row with numeric and date columns, to store edge values no Bookshelf field has.
private struct Sample: Entity, Hashable {
    var id: Int64?
    var count = 0
    var ratio: Double?
    var when = Date(timeIntervalSince1970: 0)
    init() {}
    static let schema = EntitySchema<Sample>(
        table: "samples", columns: [.primaryKey("id", \.id), .column("count", \.count), .column("ratio", \.ratio), .column("at", \.when)])
}

private let sampleMigrations = [
    Migration(
        name: "0001_samples",
        sql: "CREATE TABLE samples (id INTEGER PRIMARY KEY, count INTEGER NOT NULL, ratio REAL, at INTEGER NOT NULL) STRICT;")
]

/// How a new app developer might misuse the API: each misuse is a typed error or the documented behaviour.
@Suite struct MisuseTests {
    @Test func savingTwiceWritesOnceAndTheSecondIsANoOp() throws {
        try seeded.withEachKind { test in
            let context = try editAuthor(test.store) { $0.name = "Twice" }
            try context.save()
            let second = try context.save()
            #expect(second.changeset.isEmpty)
            #expect(try storedName(test.store, 1) == "Twice")
        }
    }

    @Test func savingAfterDiscardIsFinished() throws {
        try seeded.withEachKind { test in
            let context = try editAuthor(test.store) { $0.name = "Gone" }
            context.discard()
            #expect(throws: SaveError.self) { try context.save() }
            #expect(try storedName(test.store, 1) == "Mira Okafor")
        }
    }

    @Test func aChildMadeBeforeTheParentFetchedAnythingSavesThroughIt() throws {
        try seeded.withEachKind { test in
            let parent = test.store.newChildContext()
            let child = parent.newChildContext()
            var author = try #require(try child.fetch(Author.self, id: 1))
            author.bio = "From the child"
            try child.update(author)
            try child.save()
            #expect(try parent.fetch(Author.self, id: 1)?.bio == "From the child")
            #expect(try test.store.fetch(Author.self, id: 1)?.bio == nil)
            try parent.save()
            #expect(try test.store.fetch(Author.self, id: 1)?.bio == "From the child")
        }
    }

    @Test func updatingAnObjectFetchedFromAnotherContextIsRefusedUntilReadHere() throws {
        try seeded.withEachKind { test in
            let other = test.store.newChildContext()
            var author = try #require(try other.fetch(Author.self, id: 1))
            author.name = "Borrowed"
            let context = test.store.newChildContext()
            let refused = try #require(throws: ContextError.self) { try context.update(author) }
            #expect(isKeyNotRead(refused, table: "authors", key: 1))
            #expect(!context.hasChanges)
            _ = try context.fetch(Author.self, id: 1)
            try context.update(author)
            #expect(!other.hasChanges)
            try context.save()
            #expect(try storedName(test.store, 1) == "Borrowed")
        }
    }

    @Test func insertingAPositiveIDThatExistsIsAFieldError() throws {
        try seeded.withEachKind { test in
            let context = test.store.newChildContext()
            var copy = Author(name: "Clone", email: "clone@example.com")
            copy.id = 1
            try context.insert(copy)
            let error = try #require(throws: SaveError.self) { try context.save() }
            guard case let .rejected(fields) = error else {
                Issue.record("expected .rejected, got \(error)")
                return
            }
            // A primary-key rejection under the key's field (a form that does not show it shows it on the record).
            #expect(fields.map(\.field) == ["id"])
            #expect(fields.first?.rejection?.kind == .primaryKey)
            #expect(fields.first?.rejection?.columns == ["id"])
            #expect(try storedName(test.store, 1) == "Mira Okafor")
        }
    }

    @Test func cancelAfterAFailedSaveWritesNothing() throws {
        try seeded.withEachKind { test in
            let item = try test.store.presentEdit(Author.self, id: 2)
            item.draft.email = "MIRA@example.com"
            #expect(throws: SaveError.self) { try item.save() }
            try expectNoStatements(test.store) { try item.cancel() }
            #expect(try test.store.fetch(Author.self, id: 2)?.email == "jon@example.com")
        }
    }

    @Test func undoAfterSaveChangesNothing() throws {
        try seeded.withEachKind { test in
            let item = try test.store.presentEdit(Author.self, id: 1)
            item.draft.name = "Saved Name"
            try item.save()
            #expect(!item.canUndo)
            item.undo()
            #expect(item.draft.name == "Saved Name")
            #expect(try storedName(test.store, 1) == "Saved Name")
            #expect(throws: SaveError.self) { try item.save() }
        }
    }

    @Test func limitZeroAndLikeWildcards() throws {
        try seeded.withEachKind { test in
            let context = test.store.newChildContext()
            try context.insert(Author(name: "100% Pure_\\Joy", email: "pure@example.com"))
            #expect(try test.store.fetch(FetchRequest<Author>.all.limit(0)).isEmpty)
            #expect(try context.fetch(FetchRequest<Author>.all.limit(0)).isEmpty)
            for needle in ["%", "_", "\\", "0% P", "e_\\J"] {
                let request = FetchRequest<Author>.all.filter(\.name, contains: needle)
                #expect(try context.fetch(request).map(\.name) == ["100% Pure_\\Joy"], "\(needle) in the context")
                #expect(try test.store.fetch(request).isEmpty, "\(needle) in the store, before the save")
            }
            try context.save()
            for needle in ["%", "_", "\\"] {
                #expect(try test.store.fetch(FetchRequest<Author>.all.filter(\.name, contains: needle)).count == 1, "\(needle)")
            }
        }
    }

    @Test func extremeNumbersAndDatesRoundTrip() throws {
        let store = try DraftStore(path: nil, migrations: sampleMigrations)
        var sample = Sample()
        sample.count = Int.min
        sample.ratio = -.infinity
        sample.when = .distantFuture
        let context = store.newChildContext()
        let inserted = try context.insert(sample)
        let id = try #require(try context.save().insertedIDs[inserted.id!])
        let read = try #require(try store.fetch(Sample.self, id: id))
        #expect(read.count == Int.min)
        #expect(read.ratio == -.infinity)
        #expect(read.when == .distantFuture)
        var past = read
        past.when = .distantPast
        past.count = Int.max
        // The save forgot the rows it inserted: the row is read again before it is updated.
        _ = try context.fetch(Sample.self, id: id)
        try context.update(past)
        try context.save()
        #expect(try store.fetch(Sample.self, id: id)?.when == .distantPast)
        #expect(try store.fetch(Sample.self, id: id)?.count == Int.max)
    }

    @Test func closedStoreThrowsTypedErrors() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appending(path: "closed.sqlite").path
        let store = try Bookshelf.openStore(path: path)
        let context = try editAuthorOrInsert(store)
        store.close()
        store.close()
        #expect(throws: Misuse.storeClosed) { try store.fetch(Author.self, id: 1) }
        #expect(throws: Misuse.storeClosed) { try store.count(Author.self) }
        // Saving into a closed store is a misuse by the program, not a storage failure.
        let error = try #require(throws: SaveError.self) { try context.save() }
        guard case .finished(.storeClosed) = error else {
            Issue.record("expected .finished(.storeClosed), got \(error)")
            return
        }
        #expect(throws: (any Error).self) { try context.staleObjects() }
        #expect(throws: (any Error).self) { try store.presentEdit(Author.self, id: 1) }
    }

    private func editAuthorOrInsert(_ store: DraftStore) throws -> ObjectContext {
        let context = store.newChildContext()
        try context.insert(Author(name: "Closed Case", email: "closed@example.com"))
        return context
    }

    @Test func twoStoresOnOneFileSeeEachOthersCommits() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appending(path: "twice.sqlite").path
        let first = try Bookshelf.openStore(path: path)
        let second = try Bookshelf.openStore(path: path)
        let item = try first.presentNew(Author(name: "Ann Lee", email: "ann@example.com"))
        let saved = try item.save()
        #expect(try second.fetch(Author.self, id: saved.id!)?.name == "Ann Lee")
        let edit = try second.presentEdit(Author.self, id: saved.id!)
        let mine = try first.presentEdit(Author.self, id: saved.id!)
        edit.draft.name = "Ann B. Lee"
        try edit.save()
        #expect(try mine.staleness()?.fields.map(\.name) == ["name"])
        mine.draft.name = "Ann C. Lee"
        let error = try #require(throws: SaveError.self) { try mine.save() }
        guard case .conflict = error else {
            Issue.record("expected a conflict, got \(error)")
            return
        }
    }

    @Test func bothSidesSettingTheSameValueIsNotAConflict() throws {
        try seeded.withEachKind { test in
            let mine = try editAuthor(test.store) { $0.name = "Same" }
            let theirs = try editAuthor(test.store) { $0.name = "Same" }
            try theirs.save()
            try mine.save()
            #expect(try storedName(test.store, 1) == "Same")
        }
    }

    @Test func rebaseWhenTheRowWasDeletedReportsItAndKeepsTheDraft() throws {
        try seeded.withEachKind { test in
            let item = try test.store.presentEdit(Author.self, id: 1)
            item.draft.name = "Still Mine"
            let deleter = test.store.newChildContext()
            try deleter.delete(Author.self, id: 1)
            try deleter.save()
            let stale = try #require(try item.rebase())
            #expect(stale.wasDeleted)
            #expect(item.draft.name == "Still Mine")
            let error = try #require(throws: SaveError.self) { try item.save() }
            guard case let .conflict(conflict) = error else {
                Issue.record("expected a deleted conflict, got \(error)")
                return
            }
            #expect(conflict.objects.map(\.wasDeleted) == [true])
            #expect(try test.store.count(Author.self) == 1)
            let copy = try item.saveAsNew()
            #expect(copy.id != 1)
            #expect(try storedName(test.store, copy.id!) == "Still Mine")
        }
    }

    @Test(arguments: [MergePolicy.error, .draftWins, .storeWins, .overwrite, .rollback])
    func deletingARowChangedMeanwhile(policy: MergePolicy) throws {
        try seeded.withEachKind { test in
            let deleter = test.store.newChildContext()
            try deleter.delete(Author.self, id: 2)
            let renamer = try editAuthor(test.store, 2) { $0.name = "Renamed" }
            try renamer.save()
            switch policy {
            case .error:
                let error = try #require(throws: SaveError.self) { try deleter.save(policy: policy) }
                guard case let .conflict(conflict) = error else {
                    Issue.record("expected a conflict, got \(error)")
                    return
                }
                #expect(conflict.objects.first?.fields.map(\.name) == ["name"])
                #expect(try storedName(test.store, 2) == "Renamed")
            case .draftWins, .overwrite:
                try deleter.save(policy: policy)
                #expect(try test.store.fetch(Author.self, id: 2) == nil)
            case .storeWins, .rollback:
                try deleter.save(policy: policy)
                #expect(try storedName(test.store, 2) == "Renamed")
            }
        }
    }

    @Test func anObserverThatSavesFromItsCallbackDoesNotDeadlock() throws {
        try seeded.withStore(.file) { test in
            let store = test.store
            let seen = Lock<[Int]>([])
            let token = store.observe(FetchRequest<Book>.all) { books in
                seen.withLock { $0.append(books.count) }
                // Called back into the store: read and write from the callback.
                if books.count == 3, (try? store.count(Author.self)) == 2 {
                    let context = store.newChildContext()
                    _ = try? context.insert(Author(name: "From Callback", email: "callback@example.com"))
                    _ = try? context.save()
                }
            }
            let context = store.newChildContext()
            try context.insert(Book(authorID: 1, title: "Third"))
            try context.save()
            waitForObservers(store)
            #expect(seen.withLock { $0 } == [2, 3])
            #expect(try store.count(Author.self) == 3)
            token.cancel()
        }
    }

}
