import DraftStore
import Foundation
import Testing

/// A note of the read-side tests' own schema: `notes(id, title, shelf)`.
struct ReadNote: Entity, Equatable {
    var id: Int64?
    var title = ""
    var shelf = ""
    static let schema = EntitySchema<ReadNote>(
        table: "notes", columns: [.primaryKey("id", \.id), .column("title", \.title), .column("shelf", \.shelf)])
}

/// The read-side tests' schema: notes, and shelves they stand on (no foreign key: raw SQL joins them).
let readingMigrations = [
    Migration(
        name: "0001_notes",
        sql: """
            CREATE TABLE notes (id INTEGER PRIMARY KEY, title TEXT NOT NULL COLLATE reading, shelf TEXT NOT NULL);
            CREATE TABLE shelves (name TEXT PRIMARY KEY, room TEXT NOT NULL);
            """)
]

/// The collation of `notes.title`: text order, after calling `onCompare` (which may block).
func readingCollation(_ onCompare: @escaping @Sendable () -> Void = {}) -> SQLCollation {
    SQLCollation(name: "reading") { left, right in
        onCompare()
        return left == right ? .orderedSame : (left < right ? .orderedAscending : .orderedDescending)
    }
}

/// A store of the reading schema holding `count` notes ("Note 1" … on shelves "A" … "E" in turn),
/// in a file of a fresh directory (or in memory when `inMemory`).
func readingStore(count: Int, inMemory: Bool = false, onCompare: @escaping @Sendable () -> Void = {}) throws -> DraftStore {
    var configuration = DraftStore.Configuration()
    configuration.collations = [readingCollation(onCompare)]
    let path = inMemory ? nil : try temporaryDirectory().appending(path: "notes.sqlite").path
    let store = try DraftStore(path: path, migrations: readingMigrations, configuration: configuration)
    try store.withWriterConnection { connection in
        try connection.run(
            """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
            INSERT INTO notes (id, title, shelf) SELECT i, 'Note ' || i, char(65 + i % 5) FROM n
            """, [.integer(Int64(count))])
        try connection.execute("INSERT INTO shelves VALUES ('A', 'hall'), ('B', 'hall'), ('C', 'study'), ('D', 'study'), ('E', 'attic')")
    }
    return store
}

/// Waits, without timing anything, until `condition` holds (a generous bound for a loaded machine).
func waitUntil(_ condition: @Sendable () -> Bool) {
    var waits = 0
    while !condition(), waits < 600_000 {
        usleep(100)
        waits += 1
    }
}
