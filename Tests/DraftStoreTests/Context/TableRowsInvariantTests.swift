import Bookshelf
import DraftStoreTesting
import Testing

@testable import DraftStore
@testable import DraftStoreSQLite

/// The invariants of a context's slot storage (`TableRows`) through what the context does:
/// after each step every table's storage is checked, and the change count, `hasChanges`,
/// the changeset and what fetches return must agree.
@Suite("Context: table storage invariants")
struct TableRowsInvariantTests {
    /// Expects every table of `context` to keep the storage's invariants, with `changes`
    /// inserted, updated or deleted rows in all.
    func check(_ context: ObjectContext, changes: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        var counted = 0
        for (name, state) in context.tables {
            #expect(state.rows.invariantViolations == [], "\(name)", sourceLocation: sourceLocation)
            counted += state.rows.changeCount
        }
        #expect(counted == changes, sourceLocation: sourceLocation)
        #expect(context.hasChanges == (changes > 0), sourceLocation: sourceLocation)
        #expect(context.changeset().changes.count == changes, sourceLocation: sourceLocation)
    }

    @Test("edits back to the base, inserts, deletes, slot reuse and rollback keep the invariants")
    func editsInsertsDeletesRollback() throws {
        try seeded.withEachKind { test in
            let context = test.store.newChildContext()
            var mira = try #require(try context.fetch(Author.self, id: 1))
            let jon = try #require(try context.fetch(Author.self, id: 2))
            check(context, changes: 0)
            // An edit, then every field back to its base value: unchanged again.
            mira.name = "Mira Edited"
            try context.update(mira)
            check(context, changes: 1)
            #expect(context.changedFields(of: mira).map(\.field) == ["name"])
            mira.name = "Mira Okafor"
            try context.update(mira)
            check(context, changes: 0)
            #expect(context.changedFields(of: mira).isEmpty)
            // Inserts and the delete of a read row.
            let ada = try context.insert(Author(name: "Ada Lovelace", email: "ada@example.com"))
            let bea = try context.insert(Author(name: "Bea Quill", email: "bea@example.com"))
            try context.delete(Author.self, id: 2)
            check(context, changes: 3)
            #expect(context.isDeleted(Author.self, id: 2))
            #expect(try context.fetch(Author.self, id: 2) == nil)
            // Deleting an insert forgets it; the next insert reuses its slot.
            try context.delete(Author.self, id: ada.id!)
            check(context, changes: 2)
            #expect(try context.fetch(Author.self, id: ada.id!) == nil)
            var cy = try context.insert(Author(name: "Cy Twombly", email: "cy@example.com"))
            cy.bio = "painter"
            try context.update(cy)  // an edited insert stays an insert
            check(context, changes: 3)
            #expect(try context.fetch(Author.self, id: cy.id!)?.bio == "painter")
            #expect(try context.fetch(Author.self, id: bea.id!)?.name == "Bea Quill")
            #expect(context.changeset().changes.map(\.kind) == [.insert, .insert, .delete])
            // Rollback: the inserts are gone, the delete undone.
            context.rollback()
            check(context, changes: 0)
            #expect(try context.fetch(Author.self, id: cy.id!) == nil)
            #expect(try context.fetch(Author.self, id: 2) == jon)
            #expect(!context.isDeleted(Author.self, id: 2))
            #expect(try context.fetch(FetchRequest<Author>.all).map(\.name) == ["Mira Okafor", "Jon Bay"])
        }
    }

    @Test("a save gives real ids in place; forget, a child's save and a later edit keep the invariants")
    func saveForgetAndChildSave() throws {
        try seeded.withEachKind { test in
            let context = test.store.newChildContext()
            context.keepsSavedObjects = true
            var jon = try #require(try context.fetch(Author.self, id: 2))
            jon.bio = "Jon's bio"
            try context.update(jon)
            let dan = try context.insert(Author(name: "Dan Brook", email: "dan@example.com"))
            let book = try context.insert(Book(authorID: dan.id!, title: "Brook's Book"))
            try context.delete(Book.self, id: 2)
            check(context, changes: 4)
            let result = try context.save()
            let realDan = try #require(result.insertedIDs[dan.id!])
            let realBook = try #require(result.insertedIDs[book.id!])
            check(context, changes: 0)
            #expect(try context.fetch(Author.self, id: realDan)?.name == "Dan Brook")
            #expect(try context.fetch(Book.self, id: realBook)?.authorID == realDan)
            #expect(try context.fetch(Author.self, id: 2)?.bio == "Jon's bio")
            #expect(try context.fetch(Book.self, id: 2) == nil)
            // Forgetting a changed row drops its change.
            var dan2 = try #require(try context.fetch(Author.self, id: realDan))
            dan2.bio = "to forget"
            try context.update(dan2)
            check(context, changes: 1)
            context.forget(Author.self, id: realDan)
            check(context, changes: 0)
            #expect(try context.fetch(Author.self, id: realDan)?.bio == nil)  // read again from the store
            // A child's edit and insert, saved into this context, then into the store.
            let child = context.newChildContext()
            var mira = try #require(try child.fetch(Author.self, id: 1))
            mira.bio = "from the child"
            try child.update(mira)
            let eve = try child.insert(Author(name: "Eve Stone", email: "eve@example.com"))
            check(child, changes: 2)
            try child.save()
            check(child, changes: 0)
            check(context, changes: 2)
            #expect(try context.fetch(Author.self, id: eve.id!)?.name == "Eve Stone")
            let second = try context.save()
            let realEve = try #require(second.insertedIDs[eve.id!])
            check(context, changes: 0)
            #expect(try child.fetch(Author.self, id: realEve)?.name == "Eve Stone")
            check(child, changes: 0)
            #expect(try test.store.fetch(Author.self, id: 1)?.bio == "from the child")
        }
    }

    @Test("rows fetched in bulk, then edited, deleted and rolled back keep the invariants")
    func bulkFetchThenChanges() throws {
        try seeded.withEachKind { test in
            let context = test.store.newChildContext()
            let books = try context.fetchAll(Book.self)
            #expect(books.count == 2)
            check(context, changes: 0)
            var first = books[0]
            first.title = "Renamed"
            try context.update(first)
            try context.delete(Book.self, id: books[1].id!)
            check(context, changes: 2)
            #expect(try context.fetchAll(Book.self).map(\.title) == ["Renamed"])
            context.rollback()
            check(context, changes: 0)
            #expect(try context.fetchAll(Book.self) == books)
        }
    }
}
