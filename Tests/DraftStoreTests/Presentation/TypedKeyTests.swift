import Bookshelf
import DraftStore
import DraftStoreTesting
import Foundation
import Testing

/// `recipes(slug TEXT PRIMARY KEY, …)` and its `steps` (deleted with their recipe): a key the
/// person types in the add form.
private struct Recipe: Entity {
    var slug = ""
    var title = ""
    static let schema = EntitySchema<Recipe>(
        table: "recipes",
        columns: [.primaryKey("slug", \.slug), .column("title", \.title, label: "Title", rules: [.required])])
}

/// A key typed in an add form, or set by the app after the insert (a UUID, an ISBN, a slug):
/// the insert follows the draft's key until the save.
@Suite("Presentation: a key typed in an add form")
struct TypedKeyTests {
    static let sql = """
        CREATE TABLE recipes (slug TEXT PRIMARY KEY, title TEXT NOT NULL);
        CREATE TABLE steps (id INTEGER PRIMARY KEY, recipe TEXT NOT NULL REFERENCES recipes(slug) ON DELETE CASCADE, text TEXT);
        """

    @Test("Joplin: a folder whose id the app sets after presenting it is saved under that id, as plain SQL does")
    func joplinFolderKeySetAfterPresenting() throws {
        try JoplinTests.fixture.withEachKind { test in
            let mirror = try SQLMirror(test.store)
            let item = try test.store.presentNew(JoplinFolder(id: "", title: "Inbox"))
            let id = "0f5c6e1d2b3a49c8a7e6d5c4b3a29180"
            item.draft.id = id
            item.draft.title = "Inbox 2"
            let saved = try item.save()
            #expect(saved.id == id)
            try mirror.run("INSERT INTO folders (id, title, created_time, updated_time) VALUES (?, 'Inbox 2', 0, 0)", [.text(id)])
            try mirror.expectSameTables(as: test.store)
        }
    }

    @Test("A slug typed letter by letter: one row under the last key; a stored row of the first key and its steps are kept")
    func typedSlug() throws {
        let store = try DraftStore(path: nil, migrations: [Migration(name: "0001", sql: Self.sql)])
        defer { store.close() }
        try store.withWriterConnection { connection in
            try connection.run("INSERT INTO recipes VALUES ('', 'Unnamed')")
            try connection.run("INSERT INTO steps (recipe, text) VALUES ('', 'Stir')")
        }
        let item = try store.presentNew(Recipe())
        for slug in ["w", "wa", "waf", "waffles"] { item.draft.slug = slug }
        item.draft.title = "Waffles"
        #expect(item.context.changeset().changes.map(\.key) == [RowKey("waffles")])
        #expect(try item.save().slug == "waffles")
        let rows = try store.withWriterConnection {
            try $0.scalar("SELECT group_concat(slug || ':' || title, ',') FROM recipes ORDER BY slug")
        }
        #expect(rows == .text(":Unnamed,waffles:Waffles"))
        #expect(try store.withWriterConnection { try $0.scalar("SELECT count(*) FROM steps") } == .integer(1))
    }

    @Test("A typed key that another row already has is the store's refusal: nothing written, the draft kept")
    func typedKeyTaken() throws {
        let store = try DraftStore(path: nil, migrations: [Migration(name: "0001", sql: Self.sql)])
        defer { store.close() }
        try store.withWriterConnection { try $0.run("INSERT INTO recipes VALUES ('pancakes', 'Pancakes')") }
        let item = try store.presentNew(Recipe())
        item.draft.slug = "pancakes"
        item.draft.title = "Other pancakes"
        let error = try #require(throws: SaveError.self) { try item.save() }
        guard case .rejected = error else { Issue.record("expected a rejection, got \(error)"); return }
        #expect(item.draft.title == "Other pancakes" && !item.isFinished)
        #expect(try store.fetch(Recipe.self, key: "pancakes")?.title == "Pancakes")
        item.draft.slug = "pancakes-2"
        #expect(try item.save().slug == "pancakes-2")
        #expect(try store.count(Recipe.self) == 2)
    }

    @Test("A rowid the app chooses after presenting is the row's id; a negative one is refused and nothing is written")
    func chosenRowID() throws {
        let store = try Bookshelf.openStore(path: nil)
        defer { store.close() }
        let item = try store.presentNew(Author(name: "Ann Lee", email: "ann@example.com"))
        #expect(item.draft.id! < 0, "a temporary id at first")
        item.draft.id = 42
        #expect(try item.save().id == 42)
        #expect(try store.fetch(Author.self, id: 42)?.name == "Ann Lee")

        let negative = try store.presentNew(Author(name: "Bo Ek", email: "bo@example.com"))
        negative.draft.id = -7_000
        let error = try #require(throws: SaveError.self) { try negative.save() }
        #expect(error.fieldErrors.map(\.code) == [.keyChanged])
        #expect(error.fieldErrors.first?.message.contains("negative keys are the temporary keys of unsaved inserts") == true)
        #expect(try store.count(Author.self) == 1)
        negative.draft.id = 43
        #expect(try negative.save().id == 43)
    }
}
