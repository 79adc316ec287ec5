import DraftStore
import DraftStoreTesting
import Foundation
import Testing

/// A shelf of the read-side tests' schema: `shelves(name, room)`.
struct ReadShelf: Entity, Equatable {
    var name: String?
    var room = ""
    static let schema = EntitySchema<ReadShelf>(table: "shelves", columns: [.primaryKey("name", \.name), .column("room", \.room)])
}

/// The rows plain SQLite answers for `sql` on the store's writer connection, for comparison.
func sqliteRows(_ store: DraftStore, _ sql: String, _ arguments: [SQLiteValue] = []) throws -> [[SQLiteValue]] {
    try store.withWriterConnection { connection in
        let statement = try connection.cachedStatement(sql)
        defer { statement.reset() }
        try statement.bind(arguments)
        var rows: [[SQLiteValue]] = []
        while try statement.step() {
            let row = statement.row
            rows.append(try (0..<Int32(row.count)).map { index throws(SQLiteError) in try row.value(at: index) })
        }
        return rows
    }
}

/// `store.reads.rows`, `values`, `fetch(_:sql:)` and `observe`: SQL of the app's own on readers.
@Suite("SQL of the app's own")
struct RawSQLTests {
    static let rooms = """
        SELECT shelves.room, count(*) AS notes FROM notes JOIN shelves ON shelves.name = notes.shelf
        WHERE notes.id <= ? GROUP BY shelves.room ORDER BY shelves.room
        """

    @Test("an aggregate over a join, read into tuples and plain values, as plain SQLite answers it", arguments: [false, true])
    func aggregateOverAJoin(inMemory: Bool) async throws {
        let store = try readingStore(count: 200, inMemory: inMemory)
        defer { store.close() }
        let rooms = try await store.reads.values(Self.rooms, arguments: [.integer(100)], as: (String, Int).self)
        #expect(rooms.map(\.0) == ["attic", "hall", "study"])
        #expect(rooms.map(\.1) == [20, 40, 40])
        let rows = try await store.reads.rows(Self.rooms, arguments: [.integer(100)])
        #expect(rows == (try sqliteRows(store, Self.rooms, [.integer(100)])))
        let distinct = try await store.reads.values("SELECT DISTINCT shelf FROM notes ORDER BY 1 DESC", as: String.self)
        #expect(distinct == ["E", "D", "C", "B", "A"])
        let optional = try await store.reads.values("SELECT max(id), NULL FROM notes", as: (Int64, String?).self)
        #expect(optional.map(\.0) == [200])
        #expect(optional.map(\.1) == [nil])
        await #expect(throws: SQLReadError.mismatch(column: "title", expected: "INTEGER", sql: "SELECT title FROM notes")) {
            _ = try await store.reads.values("SELECT title FROM notes", as: Int.self)
        }
    }

    @Test("rows read into entities by column name, in any order, extra columns ignored")
    func entitiesByColumnName() async throws {
        let store = try readingStore(count: 50)
        defer { store.close() }
        let sql = "SELECT shelf, 'x' AS extra, title, id FROM notes WHERE shelf = ? ORDER BY id DESC LIMIT 4"
        let notes = try await store.reads.fetch(ReadNote.self, sql: sql, arguments: [.text("B")])
        #expect(notes == (try store.fetch(FetchRequest<ReadNote>.all.filter(\.shelf == "B").sorted(by: \.id, ascending: false).limit(4))))
        await #expect(throws: SQLReadError.missingColumn(table: "notes", column: "shelf", sql: "SELECT id, title FROM notes")) {
            _ = try await store.reads.fetch(ReadNote.self, sql: "SELECT id, title FROM notes")
        }
    }

    @Test("a statement that would write, or change the connection, is refused before it runs", arguments: [false, true])
    func writingStatementsRefused(inMemory: Bool) async throws {
        let store = try readingStore(count: 10, inMemory: inMemory)
        defer { store.close() }
        let writes = [
            "DELETE FROM notes", "INSERT INTO shelves VALUES ('Z', 'cellar') RETURNING name", "UPDATE notes SET title = 'x'",
            "BEGIN IMMEDIATE", "SAVEPOINT s", "PRAGMA foreign_keys = OFF", "ATTACH ':memory:' AS other", "CREATE TABLE t (a)",
        ]
        for sql in writes {
            await #expect(throws: SQLReadError.writes(sql: sql)) { _ = try await store.reads.rows(sql) }
        }
        #expect(try store.count(FetchRequest<ReadNote>.all) == 10)
        #expect(try sqliteRows(store, "SELECT count(*) FROM shelves") == [[.integer(5)]])
        // A pragma's table-valued function is a query.
        #expect(
            try await store.reads.values("SELECT name FROM pragma_table_info('shelves') ORDER BY cid", as: String.self) == ["name", "room"])
        // A second statement after a query is refused, not ignored; a trailing comment is no statement.
        let twice = "SELECT count(*) FROM notes; DELETE FROM notes"
        await #expect(throws: SQLReadError.severalStatements(sql: twice)) { _ = try await store.reads.rows(twice) }
        #expect(try await store.reads.values("SELECT count(*) FROM notes; -- all of them", as: Int.self) == [10])
        let words = SQLReadError.writes(sql: "DELETE FROM notes").description
        #expect(words.contains("DELETE FROM notes"))
    }

    @Test("an observed GROUP BY over two tables changes when either table changes it, and not otherwise")
    func observedGroupBy() async throws {
        let store = try readingStore(count: 20)
        defer { store.close() }
        let sql = "SELECT shelves.room, count(*) FROM notes JOIN shelves ON shelves.name = notes.shelf GROUP BY shelves.room ORDER BY 1"
        let results = Collector(store.reads.observe(sql))
        await results.wait(for: 1)
        #expect(results.last == (try sqliteRows(store, sql)))
        let notes = store.newChildContext()
        _ = try notes.insert(ReadNote(id: 21, title: "New", shelf: "A"))
        try await notes.save()  // hall 9 -> 10: one element
        await observersCaughtUp(store)
        await results.wait(for: 2)
        let titles = store.newChildContext()
        var note = try #require(try titles.fetch(ReadNote.self, id: 3))
        note.title = "Renamed"
        try titles.update(note)
        try await titles.save()  // notes changed, the result did not: none
        let shelves = store.newChildContext()
        var shelf = try #require(try shelves.fetch(ReadShelf.self, key: RowKey(.text("E"))))
        shelf.room = "study"
        try shelves.update(shelf)
        try await shelves.save()  // attic disappears: one element
        await observersCaughtUp(store)
        await results.wait(for: 3)
        let elements = results.elements.withLock { $0 }
        #expect(elements.count == 3)
        #expect(elements[1] == [[.text("attic"), .integer(4)], [.text("hall"), .integer(9)], [.text("study"), .integer(8)]])
        #expect(elements[2] == (try sqliteRows(store, sql)))
        #expect(elements[2] == [[.text("hall"), .integer(9)], [.text("study"), .integer(12)]])
    }
}
