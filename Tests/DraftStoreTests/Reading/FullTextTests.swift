import DraftStore
import Foundation
import Testing

/// A document of the full-text tests' schema: the FTS5 table `docs(title, body)`, keyed by its rowid.
struct SearchDoc: Entity, Equatable {
    var rowid: Int64?
    var title = ""
    var body = ""
    static let schema = EntitySchema<SearchDoc>(
        table: "docs", columns: [.primaryKey("rowid", \.rowid), .column("title", \.title), .column("body", \.body)])
}

/// Full-text search: FTS5 tables as entities, searched with text a person typed, ranked.
@Suite("Full-text search")
struct FullTextTests {
    static let schema = "CREATE VIRTUAL TABLE docs USING fts5(title, body);"
    static let rows = [
        ("Don't panic", "the guide says don't panic"),
        ("Star wars", "a NEAR miss among the stars"),
        ("Stardust", "dust falls on the star's fields"),
        ("Café society", "coffee in a café near the river, a star"),
        ("Crème brûlée", "a naïve dessert"),
        ("Near and far", "near far -far"),
    ]
    /// What people type into a search field: quotes, `*`, `NEAR`, operators and non-ASCII.
    static let typed = [
        "don't", "\"star", "star*", "NEAR miss", "café", "CAFE", "brûlée naïve", "-far", "star OR café", "near",
        "(dust", "title:star", "^star",
    ]

    /// The rowids the `sqlite3` shell answers for `query` (an FTS query) on a copy of the file,
    /// best match first; `nil` when the shell is not installed.
    static func shellAnswer(_ path: String, _ query: String) throws -> [Int64]? {
        let literal = "'" + query.replacing("'", with: "''") + "'"
        let shell = Process()
        shell.executableURL = URL(filePath: "/usr/bin/env")
        shell.arguments = ["sqlite3", path, "SELECT rowid FROM docs WHERE docs MATCH \(literal) ORDER BY rank, rowid;"]
        let output = Pipe()
        shell.standardOutput = output
        guard (try? shell.run()) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 0, "sqlite3 failed on \(query)")
        return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { Int64($0) }
    }

    /// The rowids a plain connection answers for `query`, best match first.
    static func connectionAnswer(_ path: String, _ query: String) throws -> [Int64] {
        let connection = try Connection(path: path)
        defer { connection.close() }
        return try connection.fetch("SELECT rowid FROM docs WHERE docs MATCH ? ORDER BY rank, rowid", [.text(query)]) {
            $0.int64(at: 0)
        }
    }

    /// Searches `store` with each typed text and compares with the shell (or a plain connection) on a copy.
    static func searchesAsSQLiteDoes(_ store: DraftStore, path: String, folder: URL) async throws {
        let copy = folder.appending(path: "copy.sqlite").path
        try? FileManager.default.removeItem(atPath: copy)
        try store.backup(to: copy)
        for text in typed {
            let request = FetchRequest<SearchDoc>.all.filter(.matching(text)).sorted(by: .rank, .ascending(\.rowid))
            let found = try await store.reads.fetch(request).map { $0.rowid ?? 0 }
            let query = FullTextQuery.words(of: text)
            let expected = try shellAnswer(copy, query) ?? connectionAnswer(copy, query)
            #expect(found == expected, "\(text) -> \(query)")
            #expect(try store.fetch(request).map { $0.rowid ?? 0 } == found)
            #expect(try store.count(request) == found.count)
        }
    }

    @Test("an fts5 table created by a migration is an entity, searched with typed text as the sqlite3 shell answers")
    func createdByAMigration() async throws {
        let folder = try temporaryDirectory()
        let path = folder.appending(path: "search.sqlite").path
        let store = try DraftStore(path: path, migrations: [Migration(name: "0001_docs", sql: Self.schema)])
        defer { store.close() }
        let context = store.newChildContext()
        for (title, body) in Self.rows { _ = try context.insert(SearchDoc(title: title, body: body)) }
        try await context.save()
        #expect(try store.count(FetchRequest<SearchDoc>.all) == Self.rows.count)
        try await Self.searchesAsSQLiteDoes(store, path: path, folder: folder)
        // What the words mean: `*` is no prefix, NEAR and OR are words, accents and case fold as unicode61 does.
        let ids = { (text: String) in try store.fetch(FetchRequest<SearchDoc>.all.filter(.matching(text))).map { $0.rowid ?? 0 } }
        #expect(try ids("star*") == [2, 3, 4])
        #expect(try ids("NEAR miss") == [2])
        #expect(try ids("star OR café") == [])
        #expect(try ids("CAFE") == [4])
        #expect(try ids("don't") == [1])
        #expect(try ids("  ") == [1, 2, 3, 4, 5, 6])
    }

    @Test("an fts5 table adopted from an existing database is an entity, searched as the sqlite3 shell answers")
    func adoptedFromAnExistingDatabase() async throws {
        let folder = try temporaryDirectory()
        let path = folder.appending(path: "existing.sqlite").path
        let made = try Connection(path: path)
        try made.execute(Self.schema)
        for (title, body) in Self.rows { try made.run("INSERT INTO docs (title, body) VALUES (?, ?)", [.text(title), .text(body)]) }
        made.close()
        let store = try DraftStore(path: path, migrations: [Migration(name: "0001_docs", sql: Self.schema, options: .baseline)])
        defer { store.close() }
        try await Self.searchesAsSQLiteDoes(store, path: path, folder: folder)
        // Edited as an entity: the index follows the save.
        let context = store.newChildContext()
        var doc = try #require(try context.fetchOne(FetchRequest<SearchDoc>.all.filter(.matching("panic"))))
        doc.body = "keep calm"
        try context.update(doc)
        try await context.save()
        #expect(try store.fetch(FetchRequest<SearchDoc>.all.filter(.matching("panic"))).map(\.title) == ["Don't panic"])
        #expect(try store.fetch(FetchRequest<SearchDoc>.all.filter(.matching("calm"))).map(\.title) == ["Don't panic"])
    }

    @Test("a context runs a search on the store while the table is unchanged there, and refuses it otherwise")
    func contextsRunSearchesOnTheStore() throws {
        let store = try DraftStore(path: nil, migrations: [Migration(name: "0001_docs", sql: Self.schema)])
        defer { store.close() }
        let seed = store.newChildContext()
        for (title, body) in Self.rows { _ = try seed.insert(SearchDoc(title: title, body: body)) }
        try seed.save()
        let parent = store.newChildContext()
        let child = parent.newChildContext()
        let request = FetchRequest<SearchDoc>.all.filter(.matching("star")).sorted(by: .rank)
        #expect(try child.fetch(request) == (try store.fetch(request)))
        #expect(try child.count(request) == 3)
        _ = try parent.insert(SearchDoc(title: "Star gazing", body: ""))
        #expect(throws: QueryError.fullTextNeedsStore(table: "docs")) { try child.fetch(request) }
        #expect(throws: QueryError.fullTextNeedsStore(table: "docs")) { try child.count(request) }
        #expect(QueryError.fullTextNeedsStore(table: "docs").description.contains("docs"))
    }

    @Test("a captured save into an fts5 table leaves its shadow tables out and names the table")
    func capturedChangesLeaveShadowTablesOut() throws {
        let store = try DraftStore(path: nil, migrations: [Migration(name: "0001_docs", sql: Self.schema)])
        defer { store.close() }
        let context = store.newChildContext()
        context.capturesChanges = true
        _ = try context.insert(SearchDoc(title: "Star", body: "wars"))
        let captured = try #require(try context.save().capturedChanges)
        #expect(captured.omittedTables.map(\.name) == ["docs"])
        #expect(captured.omittedTables.map(\.reason) == [.virtualTable])
        // Without the shadow tables (`docs_content`, `docs_data`, …) nothing SQLite records was written.
        #expect(captured.changeset.isEmpty)
    }

    @Test("an fts4 table is an entity too; a typed * is no prefix search there either")
    func fts4Table() throws {
        struct Note4: Entity {
            var rowid: Int64?
            var body = ""
            static let schema = EntitySchema<Note4>(table: "notes4", columns: [.primaryKey("rowid", \.rowid), .column("body", \.body)])
        }
        let store = try DraftStore(path: nil, migrations: [Migration(name: "0001", sql: "CREATE VIRTUAL TABLE notes4 USING fts4(body);")])
        defer { store.close() }
        let context = store.newChildContext()
        for body in ["star dust", "stardust", "^star* wars", "café NEAR"] { try context.insert(Note4(body: body)) }
        try context.save()
        let ids = { (text: String) in try store.fetch(FetchRequest<Note4>.all.filter(.matching(text))).map { $0.rowid ?? 0 } }
        let direct = { (query: String) in
            try store.withWriterConnection { connection in
                try connection.fetch("SELECT rowid FROM notes4 WHERE notes4 MATCH ? ORDER BY rowid", [.text(query)]) { $0.int64(at: 0) }
            }
        }
        #expect(try ids("star*") == [1, 3])
        #expect(try ids("star*") == (try direct(#""star""#)))
        #expect(try direct("star*") == [1, 2, 3])  // what the text would mean as query syntax
        #expect(try ids("^star") == [1, 3])
        #expect(try ids("CAFE near") == (try direct(#""cafe" "near""#)))
    }

    @Test("typed text becomes quoted words: quotes doubled, * and ^ spaces, operators words")
    func typedTextBecomesWords() {
        #expect(FullTextQuery.words(of: #"Tolkien "ring* NEAR café"#) == #""Tolkien" """ring" "NEAR" "café""#)
        #expect(FullTextQuery.words(of: "a-b OR (c)") == #""a-b" "OR" "(c)""#)
        #expect(FullTextQuery.words(of: " \t ") == "")
    }
}
