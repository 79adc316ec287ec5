import Foundation
import Testing

@testable import DraftStore
@testable import DraftStoreSQLite

/// Chinook as an existing file made by the `sqlite3` shell, adopted by a baseline migration,
/// then migrated once more: every row of every table byte-identical, plus the migration's change.
@Suite("Chinook: an existing database adopted, then migrated")
struct ChinookAdoptionTests {
    /// Every row of every table (DraftStore's own left out), in rowid or key order.
    static func contents(_ connection: Connection) throws -> [String: [[SQLiteValue]]] {
        let tables = try connection.fetch(
            "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE 'draftstore\\_%' ESCAPE '\\'"
        ) { try $0.text(at: 0) }
        var result: [String: [[SQLiteValue]]] = [:]
        for table in tables { result[table] = try rows(connection, "SELECT * FROM \(Connection.quoteIdentifier(table)) ORDER BY 1, 2") }
        return result
    }

    @Test func adoptedThenMigratedKeepsEveryRow() throws {
        try TemporaryFolder.with { folder in
            let path = folder.path("chinook.sqlite")
            // Made by another tool: the sqlite3 shell where it is installed, else a plain connection.
            let script = folder.path("chinook.sql")
            try Data(SchemaFixtures.chinook.utf8).write(to: URL(filePath: script))
            let shell = Process()
            shell.executableURL = URL(filePath: "/usr/bin/env")
            shell.arguments = ["sqlite3", path, ".read \(script)"]
            var madeByShell = false
            if (try? shell.run()) != nil {
                shell.waitUntilExit()
                madeByShell = shell.terminationStatus == 0
            }
            if !madeByShell {
                try? FileManager.default.removeItem(atPath: path)
                let made = try Connection(path: path)
                try made.execute(SchemaFixtures.chinook)
                made.close()
            }
            let original = try Connection(path: path)
            let before = try Self.contents(original)
            original.close()
            #expect(before.count == 11 && before.values.allSatisfy { !$0.isEmpty })
            let migrations = [
                Migration(name: "0001_chinook", sql: SchemaFixtures.chinook, options: .baseline),
                Migration(name: "0002_artist_country", sql: "ALTER TABLE Artist ADD COLUMN Country TEXT;"),
            ]
            let store = try DraftStore(path: path, migrations: migrations)
            store.close()
            let after = try Connection(path: path)
            defer { after.close() }
            let contents = try Self.contents(after)
            for (table, rows) in before where table != "Artist" { #expect(contents[table] == rows, "\(table)") }
            #expect(contents["Artist"] == before["Artist"]!.map { $0 + [.null] })
            #expect(try after.scalar("SELECT count(*) FROM draftstore_migrations") == .integer(2))
        }
    }
}
