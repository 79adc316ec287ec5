import Bookshelf
import DraftStore
import DraftStoreTesting
import Foundation
import Testing

/// SQLite checks UNIQUE per statement and a save runs inserts before deletes: reusing a unique
/// value freed in the same save is refused, typed, with nothing written (documented on `save`).
@Suite struct UniqueOrderTests {
    @Test func deleteAndReinsertTheSameEmailInOneSaveIsRefusedWhole() throws {
        try seeded.withEachKind { test in
            let context = test.store.newChildContext()
            let jon = try #require(try context.fetch(Author.self, id: 2))
            try context.delete(jon)
            #expect(throws: ContextError.self) { try context.insert(jon) }
            var copy = jon
            copy.id = nil
            try context.insert(copy)
            let error = try #require(throws: SaveError.self) { try context.save() }
            guard case let .rejected(fields) = error else {
                Issue.record("expected .rejected, got \(error)")
                return
            }
            #expect(fields.map(\.field) == ["email"])
            #expect(try test.store.fetch(Author.self, id: 2)?.email == "jon@example.com")
            #expect(try test.store.count(Author.self) == 2)
            // The documented way: save the delete first, then the insert.
            let deleter = test.store.newChildContext()
            try deleter.delete(Author.self, id: 2)
            try deleter.save()
            let adder = test.store.newChildContext()
            try adder.insert(copy)
            try adder.save()
            #expect(try test.store.count(Author.self) == 2)
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
            guard case .rejected = error else {
                Issue.record("expected .rejected, got \(error)")
                return
            }
            #expect(try test.store.fetch(Author.self, id: 1)?.email == "mira@example.com")
            #expect(try test.store.fetch(Author.self, id: 2)?.email == "jon@example.com")
        }
    }
}
