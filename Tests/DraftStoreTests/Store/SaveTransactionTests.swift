import Bookshelf
import DraftStore
import DraftStoreTesting
import Foundation
import Testing

/// Issue 3: a child's save is one transaction; a cancel writes nothing and runs nothing.
@Suite("Store: one transaction per save, nothing on cancel")
struct SaveTransactionTests {
    @Test("insert an author and two books in one child: three rows, one BEGIN/COMMIT, references resolved")
    func insertAuthorAndBooks() throws {
        try seeded.withEachKind { test in
            let store = test.store
            let child = store.newChildContext()
            let author = try child.insert(Author(name: "Octavia Butler", email: "octavia@example.com"))
            #expect(author.hasTemporaryKey)
            try child.insert(Book(authorID: author.id!, title: "Kindred", year: 1979))
            try child.insert(Book(authorID: author.id!, title: "Dawn", year: 1987))
            var result: SaveResult?
            let statements = try StatementRecorder.record(store) { result = try child.save() }
            let upper = statements.map { $0.uppercased() }
            #expect(upper.filter { $0.hasPrefix("BEGIN") }.count == 1, "\(statements)")
            #expect(upper.filter { $0.hasPrefix("COMMIT") }.count == 1, "\(statements)")
            #expect(!upper.contains { $0.hasPrefix("ROLLBACK") })
            #expect(upper.filter { $0.hasPrefix("INSERT") }.count == 3)
            let ids = try #require(result).insertedIDs
            #expect(ids.count == 3)
            let realAuthor = try #require(ids[author.id!])
            #expect(realAuthor == 3)
            #expect(try store.count(Author.self) == 3)
            #expect(try store.count(Book.self) == 4)
            #expect(try storedTitles(store, author: realAuthor) == ["Dawn", "Kindred"])
            // The child now knows the rows by their real ids.
            #expect(try child.fetch(Author.self, id: realAuthor)?.name == "Octavia Butler")
            #expect(!child.hasChanges)
        }
    }

    @Test("expectOneTransaction agrees with the trace of a save")
    func oneTransactionHelper() throws {
        try seeded.withEachKind { test in
            let child = try editAuthor(test.store) { $0.bio = "Writes about the sea." }
            try expectOneTransaction(test.store) { try child.save() }
            #expect(try test.store.fetch(Author.self, id: 1)?.bio == "Writes about the sea.")
        }
    }

    @Test("cancel instead: same bytes, same total_changes, zero statements")
    func cancelWritesNothing() throws {
        try seeded.withEachKind { test in
            let store = test.store
            let totalBefore = try store.withWriterConnection { $0.totalChanges }
            let bytesBefore = try test.filePath.map { try Data(contentsOf: URL(filePath: $0)) }
            let child = store.newChildContext()
            let author = try child.insert(Author(name: "Octavia Butler", email: "octavia@example.com"))
            try child.insert(Book(authorID: author.id!, title: "Kindred"))
            var mira = try #require(try child.fetch(Author.self, id: 1))
            mira.name = "Zed"
            try child.update(mira)
            try child.delete(Book.self, id: 2)
            #expect(child.hasChanges)
            expectNoStatements(store) {
                child.rollback()
                child.discard()
            }
            #expect(try store.withWriterConnection { $0.totalChanges } == totalBefore)
            if let path = test.filePath { #expect(try Data(contentsOf: URL(filePath: path)) == bytesBefore) }
            #expect(try store.count(Author.self) == 2)
            #expect(try store.count(Book.self) == 2)
            #expect(try storedName(store, 1) == "Mira Okafor")
            #expect(throws: SaveError.self) { try child.save() }
        }
    }

    @Test("a fetch runs no write statement")
    func fetchWritesNothing() throws {
        try seeded.withEachKind { test in
            let child = test.store.newChildContext()
            try expectNoWrites(test.store) {
                _ = try child.fetchAll(Author.self)
                _ = try child.fetch(FetchRequest<Book>.all.filter(\.authorID, equals: 1).sorted(by: \.title))
                _ = try child.staleObjects()
            }
        }
    }

    @Test("deleting an author cascades in the context before any save, then on disk")
    func cascadeInScratch() throws {
        try seeded.withEachKind { test in
            let child = test.store.newChildContext()
            try child.delete(Author.self, id: 1)
            #expect(try child.fetchAll(Book.self).isEmpty)
            #expect(child.isDeleted(Book.self, id: 1))
            #expect(try test.store.count(Book.self) == 2)
            try expectOneTransaction(test.store) { try child.save() }
            #expect(try test.store.count(Book.self) == 0)
            #expect(try test.store.count(Author.self) == 1)
        }
    }

    @Test("changedFields lists old and new values; text is compared by bytes")
    func changedFieldsByBytes() throws {
        try seeded.withEachKind { test in
            let child = test.store.newChildContext()
            var mira = try #require(try child.fetch(Author.self, id: 1))
            mira.name = "Mira Okafor"
            try child.update(mira)
            #expect(!child.hasChanges)
            mira.bio = "e\u{301}"
            try child.update(mira)
            let change = try #require(child.changedFields(of: mira).first)
            #expect(change.field == "bio" && change.old == .null && change.new == .text("e\u{301}"))
            try child.save()
            mira = try #require(try child.fetch(Author.self, id: 1))
            mira.bio = "é"  // equal for Swift's ==, different bytes
            try child.update(mira)
            #expect(child.hasChanges)
            #expect(child.changedFields(of: mira).map(\.field) == ["bio"])
        }
    }
}
