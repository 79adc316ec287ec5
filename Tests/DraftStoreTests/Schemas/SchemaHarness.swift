// # Schema tests
//
// DraftStore run against schemas it was not written for. Each fixture is a Swift string literal
// (no bundle resources), its header naming the source repository, path, commit and licence.
//
// | fixture | source | what it exercises |
// |---|---|---|
// | `Fixtures/Chinook.swift` | lerocha/chinook-database (MIT), via `shared/schemas/chinook.sql` | keys named `ArtistId`, the composite key `PlaylistTrack`, NUMERIC(10,2), DATETIME text, a self-reference, NO ACTION |
// | `Fixtures/Sakila.swift` | jOOQ/sakila `sqlite-sakila-db/sqlite-sakila-schema.sql` @ 2df186f (BSD) | composite join tables, AFTER INSERT/UPDATE triggers on every table, DECIMAL, named CHECKs, a composite UNIQUE index, ON DELETE SET NULL, the store/staff cycle, ISO-8601 TIMESTAMP text |
// | `Fixtures/Joplin.swift` | laurent22/joplin `packages/lib/JoplinDatabase.ts` @ 016c2fc (MIT) | TEXT keys made by the app, `DEFAULT ""` (double-quoted), NUMERIC coordinates, a table with only the implicit rowid, no foreign keys |
// | `Fixtures/Atlas.swift` | written for these tests | what the others lack: WITHOUT ROWID, foreign keys to a non-key UNIQUE column (CASCADE, SET NULL), SET DEFAULT, RESTRICT, composite foreign keys (CASCADE, SET NULL), DEFAULTs, an AFTER INSERT trigger, a RAISE trigger, a generated column, a self-reference |
//
// Every test runs in memory and on a file (`StoreFixture.withEachKind`) and, where it changes
// data, runs the same operations in plain SQL on a copy of the database (`SQLMirror`) and compares
// every table row by row. `AtlasModelTests` is the seeded random test: `DRAFTSTORE_MODEL_STEPS`
// (default 300 per seed) and `DRAFTSTORE_MODEL_SEED` (added to each seed) make longer or other runs.
// Conflicts from another process use Python's `sqlite3` (`python3`); without it those tests say so and skip.

import DraftStore
import DraftStoreTesting
import Foundation
import Synchronization
import TestTools
import Testing

/// The SQL of the schemas the tests run against, each as the migration that creates it.
enum SchemaFixtures {
    /// A one-migration list for a fixture's SQL.
    static func migrations(_ name: String, _ sql: String) -> [Migration] { [Migration(name: "0001_\(name)", sql: sql)] }
}

/// A plain-SQL copy of a store's database: the tests run the same operations on it with
/// SQLite alone, then compare every table, row by row, with the store's.
struct SQLMirror {
    let connection: Connection
    /// Columns whose values depend on the clock (`DATETIME('now')` in a trigger): compared as NULL.
    let ignoring: Set<String>

    /// Copies the store's database, as it is now, into a private in-memory database.
    init(_ store: DraftStore, ignoring: Set<String> = []) throws {
        let copy = try Connection(path: nil)
        try store.withWriterConnection { source in try source.backup(to: copy) }
        connection = copy
        self.ignoring = ignoring
    }

    /// The single integer a query gives on the copy.
    func count(_ sql: String) throws -> Int {
        if case let .integer(value)? = try connection.scalar(sql) { return Int(value) }
        return -1
    }

    /// Runs one statement with bound values, or a script of statements without, on the copy.
    func run(_ sql: String, _ arguments: [SQLiteValue] = []) throws {
        if arguments.isEmpty { try connection.execute(sql) } else { try connection.run(sql, arguments) }
    }

    /// Records an issue for each table of the store that differs from the copy's.
    func expectSameTables(as store: DraftStore, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let mine = try store.withWriterConnection { try Self.contents(of: $0, ignoring: ignoring) }
        let theirs = try Self.contents(of: connection, ignoring: ignoring)
        #expect(Set(mine.keys) == Set(theirs.keys), sourceLocation: sourceLocation)
        for name in mine.keys.sorted() where mine[name] != theirs[name] {
            let extra = (mine[name] ?? []).filter { !(theirs[name] ?? []).contains($0) }
            let missing = (theirs[name] ?? []).filter { !(mine[name] ?? []).contains($0) }
            Issue.record("table \(name) differs from plain SQL: store has \(extra), SQLite has \(missing)", sourceLocation: sourceLocation)
        }
    }

    /// Every row of every table, the ignored columns as NULL, rows sorted by their values.
    static func contents(of connection: Connection, ignoring: Set<String>) throws -> [String: [[SQLiteValue]]] {
        let names = try connection.fetch(
            "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name"
        ) { try $0.text(at: 0) }
        var tables: [String: [[SQLiteValue]]] = [:]
        for name in names {
            let columns = try connection.fetch("SELECT name FROM pragma_table_xinfo(?)", [.text(name)]) { try $0.text(at: 0) }
            let list = columns.map { ignoring.contains($0) ? "NULL" : Connection.quoteIdentifier($0) }.joined(separator: ", ")
            let rows = try connection.fetch("SELECT \(list) FROM \(Connection.quoteIdentifier(name))") { row in
                try (0..<Int32(row.count)).map { try row.value(at: $0) }
            }
            tables[name] = rows.sorted { lhs, rhs in
                for (a, b) in zip(lhs, rhs) where a != b { return SQLiteValue.precedes(a, b) }
                return false
            }
        }
        return tables
    }
}

/// Another writer: a second connection to a file store, or (in memory, where there is no
/// second connection) the store's own connection used behind the contexts' backs.
func writeBehind(_ test: TestStore, _ sql: String, _ arguments: [SQLiteValue] = []) throws {
    if let path = test.filePath {
        let connection = try Connection(path: path)
        defer { connection.close() }
        try connection.run(sql, arguments)
    } else {
        try test.store.withWriterConnection { try $0.run(sql, arguments) }
    }
}

/// Runs a Python `sqlite3` script on the test's database file (`sys.argv[1]`); `false` when
/// the store has no file (an in-memory store: another process cannot reach it).
///
/// A test that calls it declares `.requires(.python3)`, so it is skipped, saying why, where
/// python3 is missing.
func runPython(_ test: TestStore, _ script: String) throws -> Bool {
    guard let path = test.filePath else { return false }
    let python = try #require(ExternalTool.python3.path, "the test must declare .requires(.python3)")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = ["-c", "import sqlite3, sys\nc = sqlite3.connect(sys.argv[1])\n\(script)\nc.commit()\nc.close()", path]
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    process.waitUntilExit()
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(process.terminationStatus == 0, "python3 failed: \(message)")
    return process.terminationStatus == 0
}

/// Collects what a store observation delivers.
final class Deliveries<E: Entity>: Sendable {
    let results = Mutex<[[E]]>([])
    func append(_ result: [E]) { results.withLock { $0.append(result) } }
    var last: [E]? { results.withLock { $0.last } }
    var count: Int { results.withLock { $0.count } }
}

/// The conflict a save threw, or `nil` (with an issue recorded) when it threw something else or nothing.
func saveConflict(sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void) -> ConflictError? {
    do {
        try body()
        Issue.record("expected a conflict, but the save succeeded", sourceLocation: sourceLocation)
    } catch let error as SaveError {
        if case let .conflict(conflict) = error { return conflict }
        Issue.record("expected a conflict, got \(error)", sourceLocation: sourceLocation)
    } catch {
        Issue.record("expected a conflict, got \(error)", sourceLocation: sourceLocation)
    }
    return nil
}

/// The field errors of a refused save (`.rejected`), or `[]` with an issue recorded.
func rejectedFields(sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void) -> [FieldError] {
    do {
        try body()
        Issue.record("expected the store to refuse the save, but it succeeded", sourceLocation: sourceLocation)
    } catch let error as SaveError {
        if case let .rejected(errors) = error { return errors }
        Issue.record("expected a rejection, got \(error)", sourceLocation: sourceLocation)
    } catch {
        Issue.record("expected a rejection, got \(error)", sourceLocation: sourceLocation)
    }
    return []
}
