import Bookshelf
import DraftStore
import Testing

/// `authors form` keeps its draft in the journal: a draft a killed form left is offered at the next `form`.
@Suite("authors form: kept drafts (subprocess)")
struct FormJournalTests {
    /// Leaves a journaled, unsaved edit of author 1, as a killed form does.
    func leaveDraft(_ db: TestDatabase, name: String) throws {
        var configuration = DraftStore.Configuration()
        configuration.entities = Bookshelf.entities
        let store = try DraftStore(path: db.path, migrations: Bookshelf.migrations, configuration: configuration)
        let item = try store.presentEdit(Author.self, id: 1, journal: true)
        item.draft.name = name
        store.close()
    }

    @Test func aKeptDraftIsOfferedRestoredAndSaved() throws {
        let db = try TestDatabase()
        try db.add("Ada Lovelace", "ada@example.com")
        try leaveDraft(db, name: "Ada King")
        let result = try db.expect(0, "form", "1", input: "y\n\n\n\ns\n")
        #expect(result.stdout.contains("An unsaved draft of this form was kept"))
        #expect(result.stdout.contains("Restored: #1  Ada King <ada@example.com>."))
        #expect(result.stdout.hasSuffix("Saved: #1  Ada King <ada@example.com>\n"))
        #expect(try db.authors().map(\.name) == ["Ada King"])
        #expect(try db.journalEntries() == 0)
    }

    @Test func aDeclinedDraftIsDiscarded() throws {
        let db = try TestDatabase()
        try db.add("Ada Lovelace", "ada@example.com")
        try leaveDraft(db, name: "Ada King")
        let result = try db.expect(0, "form", "1", input: "n\n\n\n\nc\n")
        #expect(result.stdout.contains("Editing author #1."))
        #expect(try db.authors().map(\.name) == ["Ada Lovelace"])
        #expect(try db.journalEntries() == 0)
    }
}
