import CSQLite
import Foundation
import Testing

@testable import DraftStore
@testable import DraftStoreSQLite

/// The migrator applies migrations in order, each whole or not at all, and refuses databases
/// and lists it cannot vouch for without touching them.
@Suite("Migrator")
struct MigratorTests {
    static let v1 = Migration(name: "0001_notes", sql: "CREATE TABLE notes(id INTEGER PRIMARY KEY, body TEXT NOT NULL) STRICT;")
    static let v2 = Migration(name: "0002_seed", sql: "INSERT INTO notes(body) VALUES ('first');\nCREATE INDEX notes_body ON notes(body);")

    func failure(of body: () throws -> Void) -> (file: String, kind: MigrationError.Kind)? {
        caught(MigrationError.self, body).map { ($0.file, $0.kind) }
    }

    @Test(arguments: DatabaseKind.allCases)
    func appliesInOrderEachInItsOwnTransactionAndRecordsChecksums(kind: DatabaseKind) throws {
        try kind.withConnection { db throws in
            var traced: [String] = []
            db.setTraceHandler { traced.append($0) }
            let applied = try Migrator([Self.v1, Self.v2]).migrate(db)
            #expect(applied == ["0001_notes", "0002_seed"])
            #expect(
                traced.filter { $0.hasPrefix("BEGIN") || $0.hasPrefix("COMMIT") } == [
                    "BEGIN IMMEDIATE TRANSACTION", "COMMIT TRANSACTION", "BEGIN IMMEDIATE TRANSACTION", "COMMIT TRANSACTION",
                ])
            let recorded = try rows(db, "SELECT name, checksum FROM draftstore_migrations ORDER BY name")
            #expect(recorded == [[.text("0001_notes"), .text(Self.v1.checksumText)], [.text("0002_seed"), .text(Self.v2.checksumText)]])
            #expect(Self.v1.checksumText.count == 16)
            #expect(Migration.fnv1a(Array("a".utf8)) == 0xaf63_dc4c_8601_ec8c)
            #expect(try db.scalar("SELECT body FROM notes") == .text("first"))
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func rerunOnUpToDateDatabaseWritesNothing(kind: DatabaseKind) throws {
        try kind.withConnection { db throws in
            let migrator = try Migrator([Self.v1, Self.v2])
            try migrator.migrate(db)
            let before = try snapshot(db)
            var traced: [String] = []
            db.setTraceHandler { traced.append($0) }
            let changes = db.totalChanges
            #expect(try migrator.migrate(db).isEmpty)
            #expect(try migrator.pending(in: db).isEmpty)
            db.setTraceHandler(nil)
            #expect(!traced.isEmpty)
            #expect(traced.allSatisfy { $0.hasPrefix("SELECT") }, "\(traced)")
            #expect(db.totalChanges == changes)
            #expect(try snapshot(db) == before)
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func failingMigrationLeavesThePreviousVersion(kind: DatabaseKind) throws {
        try kind.withConnection { db throws in
            try Migrator([Self.v1, Self.v2]).migrate(db)
            let before = try snapshot(db)
            let broken = Migration(
                name: "0003_tags",
                sql: """
                    CREATE TABLE tags(id INTEGER PRIMARY KEY, label TEXT) STRICT;
                    ALTER TABLE notes ADD COLUMN pinned INTEGER;
                    UPDATE notes SET body = 'changed';
                    INSERT INTO missing_table VALUES (1);
                    """)
            let failure = failure(of: { try Migrator([Self.v1, Self.v2, broken]).migrate(db) })
            #expect(failure?.file == "0003_tags")
            guard case let .failed(error)? = failure?.kind else {
                Issue.record("expected .failed, got \(String(describing: failure))"); return
            }
            #expect(error.message == "no such table: missing_table")
            #expect(!db.isInTransaction)
            #expect(try snapshot(db) == before)
            // Fixed, it applies.
            let fixed = Migration(
                name: "0003_tags", sql: broken.sql.replacingOccurrences(of: "INSERT INTO missing_table VALUES (1);", with: ""))
            #expect(try Migrator([Self.v1, Self.v2, fixed]).migrate(db) == ["0003_tags"])
            #expect(try db.scalar("SELECT count(*) FROM pragma_table_info('notes') WHERE name = 'pinned'") == .integer(1))
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func editedMigrationIsAChecksumMismatch(kind: DatabaseKind) throws {
        try kind.withConnection { db throws in
            try Migrator([Self.v1, Self.v2]).migrate(db)
            let before = try snapshot(db)
            let edited = Migration(name: "0002_seed", sql: Self.v2.sql + "\n-- a comment")
            let failure = failure(of: { try Migrator([Self.v1, edited]).migrate(db) })
            #expect(failure?.file == "0002_seed")
            guard case let .checksumMismatch(recorded, current)? = failure?.kind else {
                Issue.record("\(String(describing: failure))"); return
            }
            #expect(recorded == Self.v2.checksumText && current == edited.checksumText)
            #expect(try snapshot(db) == before)
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func unknownAppliedMigrationIsANewerSchema(kind: DatabaseKind) throws {
        try kind.withConnection { db throws in
            try Migrator([Self.v1, Self.v2]).migrate(db)
            let before = try snapshot(db)
            let failure = failure(of: { try Migrator([Self.v1]).migrate(db) })
            guard case let .newerSchema(unknown)? = failure?.kind else { Issue.record("\(String(describing: failure))"); return }
            #expect(unknown == ["0002_seed"])
            #expect(failure?.file == (db.path ?? ":memory:"))
            #expect(try snapshot(db) == before)
        }
    }

    @Test func listChecks() throws {
        let outOfOrder = failure(of: { _ = try Migrator([Self.v2, Self.v1]) })
        #expect(outOfOrder?.file == "0001_notes")
        if case let .outOfOrder(previous)? = outOfOrder?.kind {
            #expect(previous == "0002_seed")
        } else {
            Issue.record("\(String(describing: outOfOrder))")
        }
        let duplicate = failure(of: { _ = try Migrator([Self.v1, Migration(name: "0001_notes", sql: "SELECT 1;")]) })
        #expect(duplicate?.file == "0001_notes")
        if case .duplicateName? = duplicate?.kind {} else { Issue.record("\(String(describing: duplicate))") }
    }

    @Test(arguments: [
        "BEGIN;\nCREATE TABLE a(x);\nCOMMIT;", "CREATE TABLE a(x);\ncommit", "begin immediate transaction; CREATE TABLE a(x);",
        "CREATE TABLE a(x); ROLLBACK;", "SAVEPOINT s; CREATE TABLE a(x); RELEASE s;", "/* c */ END TRANSACTION;", "-- note\nBEGIN;",
    ])
    func transactionStatementsAreRefused(sql: String) throws {
        let failure = failure(of: { _ = try Migrator([Self.v1, Migration(name: "0002_bad", sql: sql)]) })
        #expect(failure?.file == "0002_bad")
        if case .transactionStatement? = failure?.kind {} else { Issue.record("\(String(describing: failure))") }
        #expect(failure.map { MigrationError(file: $0.file, kind: $0.kind).description.contains("0002_bad") } == true)
    }

    @Test func triggerBodiesAndQuotedKeywordsAreAccepted() throws {
        let sql = """
            CREATE TABLE log(x TEXT);
            -- BEGIN; in a comment
            CREATE TRIGGER notes_log AFTER INSERT ON notes BEGIN
                INSERT INTO log VALUES ('BEGIN; COMMIT;');
                UPDATE log SET x = x WHERE x = 'END';
            END;
            """
        let db = try Connection(path: nil)
        try Migrator([Self.v1, Migration(name: "0002_trigger", sql: sql)]).migrate(db)
        try db.run("INSERT INTO notes(body) VALUES ('x')")
        #expect(try db.scalar("SELECT x FROM log") == .text("BEGIN; COMMIT;"))
    }

    @Test func nonDatabaseFileIsRefusedUntouched() throws {
        try TemporaryFolder.with { folder in
            let path = folder.path("notes.sqlite")
            let bytes = Data("name,email\nMira,mira@example.com\n".utf8)
            try bytes.write(to: URL(filePath: path))
            let error = caught(SQLiteError.self) { _ = try Connection(path: path) }
            #expect(error?.code == SQLITE_NOTADB)
            #expect(error?.message.contains(path) == true)
            #expect(FileManager.default.contents(atPath: path) == bytes)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["notes.sqlite"])
        }
    }

    @Test func newerSchemaFileIsByteIdentical() throws {
        try TemporaryFolder.with { folder in
            let path = folder.path("newer.sqlite")
            let db = try Connection(path: path)
            try db.enableWAL()
            try Migrator([Self.v1, Self.v2]).migrate(db)
            db.close()
            let bytes = try #require(FileManager.default.contents(atPath: path))
            let reopened = try Connection(path: path)
            let failure = failure(of: { try Migrator([Self.v1]).migrate(reopened) })
            reopened.close()
            if case .newerSchema? = failure?.kind {} else { Issue.record("\(String(describing: failure))") }
            #expect(FileManager.default.contents(atPath: path) == bytes)
        }
    }
}
