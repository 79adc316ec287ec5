import Bookshelf
import CSQLite
import DraftStore
import DraftStoreTesting
import Testing

/// Issue 3 and 6: a failed save leaves the store exactly as before and the context with
/// every change; after the cause is fixed, the same context saves.
@Suite("Store: a failed save changes nothing and can be retried")
struct FailedSaveTests {
    /// A context that renames #1, adds a book and deletes #2.
    private func pendingWork(_ store: DraftStore) throws -> ObjectContext {
        let context = try editAuthor(store) { $0.name = "Mira Renamed" }
        try context.insert(Book(authorID: 1, title: "Harbour Lights"))
        try context.delete(Author.self, id: 2)
        return context
    }

    /// Checks the work of ``pendingWork(_:)`` landed.
    private func expectLanded(_ store: DraftStore) throws {
        #expect(try storedName(store, 1) == "Mira Renamed")
        #expect(try storedTitles(store, author: 1) == ["Harbour Lights", "Salt Roads", "Tide Charts"])
        #expect(try store.fetch(Author.self, id: 2) == nil)
    }

    private func expectNoTransactionOpen(_ store: DraftStore) throws {
        #expect(try store.withWriterConnection { $0.isInTransaction } == false)
    }

    @Test("constraint violation: rejected as a field error; fixed, the same context saves")
    func constraint() throws {
        try seeded.withEachKind { test in
            let context = try pendingWork(test.store)
            var mira = try #require(try context.fetch(Author.self, id: 1))
            mira.email = "taken@example.com"
            try context.update(mira)
            // Mira keeps her e-mail's new value: no order of this save can give it to Twin too.
            try context.insert(Author(name: "Twin", email: "TAKEN@example.com"))
            let thrown = expectUnchanged(test.store) { try context.save() }
            guard case let .rejected(errors)? = thrown as? SaveError else {
                Issue.record("expected a rejection, got \(String(describing: thrown))")
                return
            }
            #expect(errors.map(\.field) == ["email"])
            #expect(errors.allSatisfy { $0.source == .store && $0.code == .notUnique })
            try expectNoTransactionOpen(test.store)
            #expect(context.hasChanges)
            #expect(try context.fetch(Author.self, id: 1)?.name == "Mira Renamed")
            let twin = try #require(try context.fetch(FetchRequest<Author>.all.filter(\.name, equals: "Twin")).first)
            try context.delete(twin)
            try context.save()
            try expectLanded(test.store)
        }
    }

    @Test("conflict: refused, nothing written; after a rebase the same context saves")
    func conflict() throws {
        try seeded.withEachKind { test in
            let context = try pendingWork(test.store)
            try editAuthor(test.store) { $0.name = "Mira Elsewhere" }.save()
            let before = try DatabaseSnapshot(test.store)
            expectConflict(on: \Author.name) { try context.save() }
            #expect(try DatabaseSnapshot(test.store) == before)
            try expectNoTransactionOpen(test.store)
            #expect(try context.rebase().first?.fields.map(\.name) == ["name"])
            try context.save()
            try expectLanded(test.store)
        }
    }

    @Test("injected commit failure: a storage error, rolled back; the next save lands")
    func commitFailure() throws {
        try seeded.withEachKind { test in
            let context = try pendingWork(test.store)
            try test.failNextCommit()
            let thrown = expectUnchanged(test.store) { try context.save() }
            guard case let .storage(error)? = thrown as? SaveError else {
                Issue.record("expected a storage error, got \(String(describing: thrown))")
                return
            }
            #expect(error.extendedCode == SQLiteError.constraintCommitHook)
            try expectNoTransactionOpen(test.store)
            #expect(context.hasChanges)
            try context.save()
            try expectLanded(test.store)
        }
    }

    @Test("disk full: SQLITE_FULL as a storage error; cleared, the same context saves")
    func diskFull() throws {
        try seeded.withEachKind { test in
            let context = try pendingWork(test.store)
            try context.insert(Author(name: "Long Bio", email: "long@example.com", bio: String(repeating: "x", count: 200_000)))
            try test.failWrites(with: .diskFull)
            let thrown = expectUnchanged(test.store) { try context.save() }
            guard case let .storage(error)? = thrown as? SaveError else {
                Issue.record("expected a storage error, got \(String(describing: thrown))")
                test.clearFaults()
                return
            }
            #expect(error.code == SQLITE_FULL)
            try expectNoTransactionOpen(test.store)
            test.clearFaults()
            #expect(context.hasChanges)
            try context.save()
            try expectLanded(test.store)
            #expect(try test.store.count(Author.self) == 2)
        }
    }

    @Test("I/O error: SQLITE_IOERR as a storage error; cleared, the same context saves")
    func ioError() throws {
        try seeded.withStore(.file) { test in
            let context = try pendingWork(test.store)
            try test.failWrites(with: .ioError)
            let thrown = expectUnchanged(test.store) { try context.save() }
            test.clearFaults()
            guard case let .storage(error)? = thrown as? SaveError else {
                Issue.record("expected a storage error, got \(String(describing: thrown))")
                return
            }
            #expect(error.code == SQLITE_IOERR)
            try expectNoTransactionOpen(test.store)
            try context.save()
            try expectLanded(test.store)
            // Reopen: the landed values are on disk.
            let path = try #require(test.filePath)
            test.store.close()
            let reopened = try Bookshelf.openStore(path: path)
            defer { reopened.close() }
            try expectLanded(reopened)
        }
    }
}

/// Every row of the authors and books tables, for before/after comparisons.
struct DatabaseSnapshot: Equatable {
    let authors: [Author]
    let books: [Book]

    init(_ store: DraftStore) throws {
        authors = try store.fetch(FetchRequest<Author>.all)
        books = try store.fetch(FetchRequest<Book>.all)
    }
}
