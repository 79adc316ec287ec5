import Bookshelf
import DraftStore
import DraftStoreTesting
import Foundation
import Testing

/// SQLite checks UNIQUE per statement: a save runs a statement that frees a unique value before
/// one that takes it; a swap, which no order can do, is refused whole, typed, nothing written.
@Suite struct UniqueOrderTests {
    @Test func deleteAndReinsertTheSameEmailInOneSave() throws {
        try seeded.withEachKind { test in
            let context = test.store.newChildContext()
            let jon = try #require(try context.fetch(Author.self, id: 2))
            try context.delete(jon)
            // The same key again is SQLite's DELETE then INSERT (ReinsertTests); deleted again, it stays deleted.
            try context.insert(jon)
            try context.delete(jon)
            #expect(context.isDeleted(Author.self, id: 2))
            var copy = jon
            copy.id = nil
            copy.email = "JON@example.com"
            try context.insert(copy)
            try context.save()
            // The delete ran first: the new row took the e-mail (and, by SQLite's rule for a rowid, the next free id).
            #expect(try test.store.fetch(FetchRequest<Author>.all).map(\.email) == ["mira@example.com", "JON@example.com"])
            // A renamed e-mail freed in the same save goes to another row, and a third takes the freed one.
            let chain = test.store.newChildContext()
            var mira = try #require(try chain.fetch(Author.self, id: 1))
            mira.email = "mira.new@example.com"
            try chain.update(mira)
            try chain.insert(Author(name: "Mira Two", email: "mira@example.com"))
            try chain.save()
            #expect(try test.store.count(Author.self) == 3)
        }
    }

    @Test func swappingTwoEmailsInOneSaveIsRefusedWhole() throws {
        try seeded.withEachKind { test in
            let context = test.store.newChildContext()
            var mira = try #require(try context.fetch(Author.self, id: 1))
            var jon = try #require(try context.fetch(Author.self, id: 2))
            (mira.email, jon.email) = (jon.email, mira.email)
            try context.update(mira)
            try context.update(jon)
            let error = try #require(throws: SaveError.self) { try context.save() }
            guard case let .rejected(fields) = error else {
                Issue.record("expected .rejected, got \(error)")
                return
            }
            #expect(fields.map(\.field) == ["email"] && fields[0].message.contains("intermediate value"))
            #expect(try test.store.fetch(Author.self, id: 1)?.email == "mira@example.com")
            #expect(try test.store.fetch(Author.self, id: 2)?.email == "jon@example.com")
        }
    }
}
