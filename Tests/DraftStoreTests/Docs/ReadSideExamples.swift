import DraftStore
import DraftStoreTesting
import Foundation
import Testing

/// An article of the read side's examples: `articles(title, body)`, an FTS5 table keyed by rowid.
struct Article: Entity, Equatable {
    var rowid: Int64?
    var title = ""
    var body = ""
    static let schema = EntitySchema<Article>(
        table: "articles", columns: [.primaryKey("rowid", \.rowid), .column("title", \.title), .column("body", \.body)])
}

/// The DocC article "Reading lists" and the README's read-side block, compiled and run
/// (`scripts/check-snippets` checks their blocks against the `// snippet:` regions).
@Suite("Docs: reading lists")
struct ReadSideExamples {
    static let migration = Migration(
        name: "0001_articles", sql: "CREATE VIRTUAL TABLE articles USING fts5(title, body);")

    @Test func sqlOfTheAppsOwn() async throws {
        let store = try readingStore(count: 100)
        defer { store.close() }
        // snippet: read-sql
        // An aggregate over a join, read into tuples on a reader of the store.
        let perRoom = try await store.reads.values(
            """
            SELECT shelves.room, count(*) FROM notes JOIN shelves ON shelves.name = notes.shelf
            WHERE notes.id <= ? GROUP BY shelves.room ORDER BY shelves.room
            """,
            arguments: [.integer(50)], as: (String, Int).self)
        // Rows read into an entity by column name.
        let latest = try await store.reads.fetch(
            ReadNote.self, sql: "SELECT * FROM notes ORDER BY id DESC LIMIT ?", arguments: [.integer(3)])
        // A statement that would write is refused before it runs.
        do {
            _ = try await store.reads.rows("DELETE FROM notes")
        } catch let error as SQLReadError {
            print(error)  // DELETE FROM notes would write or change the connection; ...
        }
        // snippet: end
        #expect(perRoom.map(\.0) == ["attic", "hall", "study"] && perRoom.map(\.1) == [10, 20, 20])
        #expect(latest.map(\.id) == [100, 99, 98])
        // snippet: read-observe
        // Re-run after each commit to a table the statement reads (SQLite's authorizer says which);
        // a commit that leaves the result as it was delivers nothing.
        for try await rows in store.reads.observe("SELECT shelf, count(*) FROM notes GROUP BY shelf") {
            print(rows)  // [[.text("A"), .integer(20)], ...]
            break
        }
        // snippet: end
    }

    @Test func fullTextSearch() async throws {
        let store = try DraftStore(path: nil, migrations: [Self.migration])
        defer { store.close() }
        let context = store.newChildContext()
        try context.insert(Article(title: "Café society", body: "coffee near the river"))
        try context.insert(Article(title: "Star wars", body: "a NEAR miss"))
        try await context.save()
        let searchField = #"café "NEAR"#
        // snippet: read-fts
        // Text a person typed: every word must be there; quotes, `*`, NEAR and OR are only words.
        let request = FetchRequest<Article>.all.filter(.matching(searchField)).sorted(by: .rank)
        let hits = try await store.reads.fetch(request)
        // snippet: end
        #expect(hits.map(\.title) == ["Café society"])
    }

    @MainActor
    @Test func sectionsAndCursors() async throws {
        let store = try readingStore(count: 12)
        defer { store.close() }
        // snippet: read-sections
        let notes = ListModel(FetchRequest<ReadNote>.all.sorted(by: .ascending(\.shelf), .ascending(\.id)), in: store)
        // … once loaded, and again after each commit that changes the rows:
        for section in notes.sections(by: \.shelf) {
            print(section.key, section.rows.map(\.title))
        }
        // snippet: end
        await caughtUp(notes)
        #expect(notes.sections(by: \.shelf).map(\.key) == ["A", "B", "C", "D", "E"])
        // snippet: read-cursor
        var words = 0
        for try await note in store.reads.cursor(FetchRequest<ReadNote>.all, batchSize: 500) {
            words += note.title.split(separator: " ").count
        }
        // snippet: end
        #expect(words == 24)
    }
}
