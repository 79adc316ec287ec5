import Foundation
import Testing

@testable import DraftStore
@testable import DraftStoreSQLite

/// A folder under the system's temporary directory, made fresh for one test and removed
/// afterwards, even when the test fails.
struct TemporaryFolder {
    let url: URL

    /// Runs `body` with a new empty folder, then removes it.
    static func with<T>(_ body: (TemporaryFolder) throws -> T) throws -> T {
        let url = FileManager.default.temporaryDirectory.appending(path: "draftstore-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: url) }
        return try body(TemporaryFolder(url: url))
    }

    /// The path of `name` inside the folder.
    func path(_ name: String) -> String { url.appending(path: name).path }
}

/// Where a storage test's database lives: each storage test runs against both.
enum DatabaseKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case inMemory
    case file

    var testDescription: String { rawValue }

    /// Opens a connection of this kind (a file in a fresh temporary folder), runs `body`,
    /// then closes the connection and removes the folder, even when `body` throws.
    func withConnection<T>(_ body: (Connection) throws -> T) throws -> T {
        switch self {
        case .inMemory:
            let connection = try Connection(path: nil)
            defer { connection.close() }
            return try body(connection)
        case .file:
            return try TemporaryFolder.with { folder in
                let connection = try Connection(path: folder.path("test.sqlite"))
                defer { connection.close() }
                try connection.enableWAL()
                return try body(connection)
            }
        }
    }
}

/// Reads every row of `sql` as values, for comparing whole tables.
func rows(_ connection: Connection, _ sql: String, _ arguments: [SQLiteValue] = []) throws -> [[SQLiteValue]] {
    try connection.fetch(sql, arguments) { row in try (0..<Int32(row.count)).map { try row.value(at: $0) } }
}

/// Everything that makes up a database's state: its `sqlite_schema` rows and every table's rows.
func snapshot(_ connection: Connection) throws -> [String: [[SQLiteValue]]] {
    var result = ["sqlite_schema": try rows(connection, "SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY type, name")]
    let tables = try connection.fetch("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'") {
        try $0.text(at: 0)
    }
    for table in tables {
        let quoted = "\"" + table.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        result[table] = try rows(connection, "SELECT * FROM \(quoted) ORDER BY rowid")
    }
    return result
}

/// Catches the error `body` throws as `E`, failing the test when it throws nothing or something else.
func caught<E: Error>(_: E.Type, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void) -> E? {
    do {
        try body()
        Issue.record("expected \(E.self), but nothing was thrown", sourceLocation: sourceLocation)
    } catch let error as E {
        return error
    } catch {
        Issue.record("expected \(E.self), got \(error)", sourceLocation: sourceLocation)
    }
    return nil
}
