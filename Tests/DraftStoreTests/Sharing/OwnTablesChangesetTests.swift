import CChangesetApply
import Foundation
import Testing

@testable import DraftStore

/// `shelf_notes(id, body)`: the tests' own table for changesets that also carry DraftStore's tables.
struct ShelfNote: Entity, Equatable {
    var id: Int64?
    var body = ""
    static let schema = EntitySchema<ShelfNote>(table: "shelf_notes", columns: [.primaryKey("id", \.id), .column("body", \.body)])
}

/// Issue 27, item 9: applying a changeset never writes the store's own `draftstore_*` tables.
/// The rule: changes to them are skipped, never written, counted and reported
/// (``ChangesetApplication/skippedOwnChanges``); the app's rows of the same changeset apply.
@Suite("Changesets: the store's own tables are the store's")
struct OwnTablesChangesetTests {
    static let migrations = [
        Migration(name: "0001_notes", sql: "CREATE TABLE shelf_notes(id INTEGER PRIMARY KEY, body TEXT NOT NULL);")
    ]

    static func open(_ path: String, recording: Bool = true) throws -> DraftStore {
        var configuration = DraftStore.Configuration()
        configuration.recordsChanges = recording
        configuration.entities = [ShelfNote.self]
        return try DraftStore(path: path, migrations: migrations, configuration: configuration)
    }

    /// Every row of every table but SQLite's own, as text, by table: what a copy holds.
    static func contents(_ path: String, tables: [String]) throws -> [String: [String]] {
        let connection = try Connection(path: path)
        defer { connection.close() }
        var result: [String: [String]] = [:]
        for table in tables {
            let exists = try connection.scalar("SELECT count(*) FROM sqlite_schema WHERE name = ?", [.text(table)]) == .integer(1)
            result[table] =
                exists
                ? try connection.fetch("SELECT * FROM \(table) ORDER BY 1") { row in
                    try (0..<Int32(row.count)).map { "\(try row.value(at: $0))" }.joined(separator: "|")
                } : []
        }
        return result
    }

    static let ownTables = ["draftstore_migrations", "draftstore_schema", "draftstore_changes"]

    @Test("A changeset that adds a draftstore_migrations row (and a note) writes the note only; the store reopens")
    func craftedMigrationRow() throws {
        try TemporaryFolder.with { folder in
            let source = folder.path("source.sqlite")
            let target = folder.path("target.sqlite")
            try Self.open(source).close()
            try Self.open(target).close()
            // The changeset: plain SQL under an SQLite session on another copy.
            let connection = try Connection(path: source)
            let session = try Session(connection: connection)
            try connection.execute(
                """
                INSERT INTO draftstore_migrations VALUES ('9999_from_the_future', 'x', 0);
                INSERT INTO shelf_notes(id, body) VALUES (7, 'carried');
                """)
            let changeset = SQLiteChangeset(try session.changeset())
            connection.close()
            let before = try Self.contents(target, tables: Self.ownTables)
            do {
                let store = try Self.open(target)
                defer { store.close() }
                let report = try store.apply(changeset)
                #expect(report.applied == 1)
                #expect(report.skippedOwnChanges == 1)
                #expect(report.skippedOwnTables == ["draftstore_migrations"])
            }
            // The store's tables are as they were (the change log gained the note's commit only).
            let after = try Self.contents(target, tables: Self.ownTables)
            #expect(after["draftstore_migrations"] == before["draftstore_migrations"])
            #expect(after["draftstore_schema"] == before["draftstore_schema"])
            let reopened = try Self.open(target)
            defer { reopened.close() }
            #expect(try reopened.fetch(FetchRequest<ShelfNote>.all) == [ShelfNote(id: 7, body: "carried")])
            // Plain SQLite would have written it, and the next open would refuse the file.
            let plain = folder.path("plain.sqlite")
            try FileManager.default.copyItem(atPath: source, toPath: plain)
            #expect(try Self.contents(plain, tables: ["draftstore_migrations"])["draftstore_migrations"]!.count == 2)
        }
    }

    @Test("A changeset of only the store's tables applies nothing and reports what it skipped")
    func onlyOwnTables() throws {
        try TemporaryFolder.with { folder in
            let path = folder.path("store.sqlite")
            let store = try Self.open(path)
            defer { store.close() }
            let context = store.newChildContext()
            try context.insert(ShelfNote(body: "recorded"))
            try context.save()
            #expect(try store.exportChanges(after: 0).count == 1)
            // A session over the change log's own table: a changeset that rewrites it.
            let changeset = try store.withWriterConnection { connection in
                let session = try Session(connection: connection)
                try connection.execute("UPDATE draftstore_changes SET recorded_at = 0")
                let data = try session.changeset()
                try connection.execute("UPDATE draftstore_changes SET recorded_at = 1")
                return data
            }
            let before = try Self.contents(path, tables: Self.ownTables)
            let report = try store.apply(SQLiteChangeset(changeset))
            #expect(report.applied == 0 && report.unchanged == 0)
            #expect(report.skippedOwnChanges == 1)
            #expect(try Self.contents(path, tables: Self.ownTables) == before)
        }
    }

    @Test("sqldiff --changeset between two ordinary copies: the notes apply, the store's tables stay this copy's")
    func sqldiffBetweenCopies() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/sqldiff") else {
            print("Skipped: sqldiff is not installed (Debian package sqlite3-tools).")
            return
        }
        try TemporaryFolder.with { folder in
            let (a, b) = (folder.path("a.sqlite"), folder.path("b.sqlite"))
            // Two copies migrated separately, each with its own history and change log.
            for (path, body) in [(a, "only in a"), (b, "only in b")] {
                let store = try Self.open(path)
                let context = store.newChildContext()
                try context.insert(ShelfNote(body: body))
                try context.insert(ShelfNote(body: "shared \(body)"))
                try context.save()
                store.close()
            }
            let file = folder.path("diff.changeset")
            let process = Process()
            process.executableURL = URL(filePath: "/usr/bin/sqldiff")
            process.arguments = ["--changeset", file, a, b]
            try process.run()
            process.waitUntilExit()
            try #require(process.terminationStatus == 0)
            let changeset = SQLiteChangeset(try Data(contentsOf: URL(filePath: file)))
            let operations = try changeset.operations()
            #expect(operations.contains { $0.table.hasPrefix("draftstore_") }, "sqldiff carries the store's tables")
            let own = try Self.contents(a, tables: Self.ownTables)
            // Plain SQLite on a copy of a: the notes as sqldiff says, and the store's tables overwritten.
            let plain = folder.path("plain.sqlite")
            try FileManager.default.copyItem(atPath: a, toPath: plain)
            let code = changeset.bytes.withUnsafeBytes { cchangeset_apply(plain, $0.baseAddress, Int32($0.count)) }
            #expect(code == 0)
            #expect(try Self.contents(plain, tables: Self.ownTables) != own)
            // Through the store: the same notes, its own tables as they were (change log: one more entry).
            let store = try Self.open(a, recording: false)
            let report = try store.apply(changeset, policy: .overwrite)
            store.close()
            #expect(report.skippedOwnChanges == operations.filter { $0.table.hasPrefix("draftstore_") }.count)
            #expect(try Self.contents(a, tables: ["shelf_notes"]) == Self.contents(plain, tables: ["shelf_notes"]))
            #expect(try Self.contents(a, tables: Self.ownTables) == own)
            let reopened = try Self.open(a)
            reopened.close()
        }
    }
}
