import Bookshelf
import CSQLite
import Foundation
import Testing

@testable import DraftStore
@testable import DraftStoreSQLite

/// The Bookshelf schema as `Migrations/` defines it, embedded byte for byte, and case Q2.
@Suite("Bookshelf migrations")
struct BookshelfSchemaTests {
    /// The package's top-level `Migrations/` folder, found from this file's path.
    static let folder = URL(filePath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "Migrations")

    @Test func embeddedMigrationsEqualTheFilesByteForByte() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasSuffix(".sql") }.sorted()
        #expect(names.count >= 2)
        #expect(Bookshelf.migrations.map(\.name) == names.map { String($0.dropLast(4)) })
        for (migration, name) in zip(Bookshelf.migrations, names) {
            let bytes = try Data(contentsOf: Self.folder.appending(path: name))
            #expect(Data(migration.sql.utf8) == bytes, "\(name)")
            #expect(migration.checksum == Migration.fnv1a(Array(bytes)))
        }
        #expect(try Migration.load(from: Self.folder) == Bookshelf.migrations)
    }

    @Test(arguments: DatabaseKind.allCases)
    func schemaIsStrictWithNamedIndexAndCascade(kind: DatabaseKind) throws {
        try kind.withConnection { db throws in
            try Migrator(Bookshelf.migrations).migrate(db)
            let strict = try rows(db, "SELECT name, strict FROM pragma_table_list WHERE name IN ('authors', 'books') ORDER BY name")
            #expect(strict == [[.text("authors"), .integer(1)], [.text("books"), .integer(1)]])
            let index = try db.scalar("SELECT sql FROM sqlite_schema WHERE type = 'index' AND name = 'authors_email_unique'")
            #expect(index == .text("CREATE UNIQUE INDEX authors_email_unique ON authors(email COLLATE NOCASE)"))
            let insert = "INSERT INTO authors(name, email, created_at, updated_at) VALUES (?, ?, 0, 0)"
            try db.run(insert, [.text("Mira Okafor"), .text("mira@example.com")])
            let duplicate = caught(SQLiteError.self) { try db.run(insert, [.text("Jon Bay"), .text("MIRA@Example.com")]) }
            #expect(duplicate?.extendedCode == SQLiteError.constraintUnique)
            #expect(duplicate?.message == "UNIQUE constraint failed: authors.email")
            let strictType = caught(SQLiteError.self) { try db.run("UPDATE authors SET created_at = 'soon'") }
            #expect(strictType?.code == SQLITE_CONSTRAINT)
            try db.execute("INSERT INTO books(author_id, title) VALUES (1, 'Tide Charts'), (1, 'Salt Roads')")
            let orphan = caught(SQLiteError.self) { try db.run("INSERT INTO books(author_id, title) VALUES (99, 'Nobody')") }
            #expect(orphan?.extendedCode == SQLiteError.constraintForeignKey)
            try db.run("DELETE FROM authors WHERE id = 1")
            #expect(try db.scalar("SELECT count(*) FROM books") == .integer(0))
        }
    }

    /// Q2: a v3 that creates a table, adds a column, then fails leaves v2 exactly; fixed, it applies.
    @Test(arguments: DatabaseKind.allCases)
    func halfDoneMigrationsDoNotExist(kind: DatabaseKind) throws {
        try kind.withConnection { db throws in
            try Migrator(Bookshelf.migrations).migrate(db)
            try db.execute(
                """
                INSERT INTO authors(id, name, email, created_at, updated_at) VALUES
                    (1, 'Mira Okafor', 'mira@example.com', 1, 1), (2, 'Jon Bay', 'jon@example.com', 2, 2);
                INSERT INTO books(author_id, title) VALUES (1, 'Tide Charts'), (1, 'Salt Roads');
                """)
            let v2 = try snapshot(db)
            let badSQL = """
                CREATE TABLE tags (id INTEGER PRIMARY KEY, label TEXT NOT NULL) STRICT;
                ALTER TABLE authors ADD COLUMN nickname TEXT;
                INSERT INTO tags(label) VALUES (NULL);
                """
            let bad = Migration(name: "0003_add_tags", sql: badSQL)
            let error = caught(MigrationError.self) { try Migrator(Bookshelf.migrations + [bad]).migrate(db) }
            #expect(error?.file == "0003_add_tags")
            #expect(error?.description.contains("0003_add_tags") == true)
            if case let .failed(cause)? = error?.kind {
                #expect(cause.extendedCode == SQLiteError.constraintNotNull)
            } else {
                Issue.record("expected .failed, got \(String(describing: error))")
            }
            #expect(!db.isInTransaction)
            #expect(try snapshot(db) == v2)
            let fixed = Migration(name: "0003_add_tags", sql: badSQL.replacingOccurrences(of: "(NULL)", with: "('fiction')"))
            #expect(try Migrator(Bookshelf.migrations + [fixed]).migrate(db) == ["0003_add_tags"])
            #expect(try db.scalar("SELECT label FROM tags") == .text("fiction"))
            #expect(try db.scalar("SELECT count(*) FROM authors WHERE nickname IS NULL") == .integer(2))
            #expect(try db.scalar("SELECT checksum FROM draftstore_migrations WHERE name = '0003_add_tags'") == .text(fixed.checksumText))
        }
    }

    @Test func storeRefusesANonDatabaseFileUntouched() throws {
        try TemporaryFolder.with { folder in
            let path = folder.path("library.sqlite")
            let bytes = Data("This is not a database.\n".utf8)
            try bytes.write(to: URL(filePath: path))
            #expect(throws: (any Error).self) { _ = try Bookshelf.openStore(path: path) }
            #expect(FileManager.default.contents(atPath: path) == bytes)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["library.sqlite"])
        }
    }
}
