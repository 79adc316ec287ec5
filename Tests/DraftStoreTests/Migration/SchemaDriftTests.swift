import Bookshelf
import Foundation
import Testing

@testable import DraftStore
@testable import DraftStoreSQLite

/// A schema changed by another tool is found when the store opens, named, and the file is
/// left byte-identical (issue 19: schema drift).
@Suite("Schema drift: a change made outside the migrations is refused at open")
struct SchemaDriftTests {
    /// What another tool does to the Bookshelf schema, and the difference the store must name.
    static let changes: [(String, String, SchemaDriftError.Difference)] = [
        ("dropped index", "DROP INDEX authors_email_unique;", .removed(type: "index", name: "authors_email_unique")),
        ("added trigger", "CREATE TRIGGER t AFTER INSERT ON books BEGIN SELECT 1; END;", .added(type: "trigger", name: "t")),
        (
            "dropped column", "ALTER TABLE authors DROP COLUMN bio;",
            .changed(type: "table", name: "authors", expected: "", found: "")
        ),
        (
            "dropped foreign key",
            """
            PRAGMA foreign_keys = OFF;
            CREATE TABLE new_books (id INTEGER PRIMARY KEY, author_id INTEGER NOT NULL, title TEXT NOT NULL, year INTEGER) STRICT;
            INSERT INTO new_books SELECT * FROM books; DROP TABLE books; ALTER TABLE new_books RENAME TO books;
            CREATE INDEX books_author_id_index ON books(author_id);
            """,
            .changed(type: "table", name: "books", expected: "", found: "")
        ),
        (
            "changed column type",
            """
            PRAGMA foreign_keys = OFF;
            CREATE TABLE new_authors (id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT NOT NULL, bio BLOB, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL) STRICT;
            INSERT INTO new_authors SELECT * FROM authors; DROP TABLE authors; ALTER TABLE new_authors RENAME TO authors;
            CREATE UNIQUE INDEX authors_email_unique ON authors(email COLLATE NOCASE); CREATE INDEX authors_name_index ON authors(name);
            """,
            .changed(type: "table", name: "authors", expected: "", found: "")
        ),
    ]

    @Test("each change is a typed error at open naming it; the file is byte-identical", arguments: 0..<changes.count)
    func refusedAtOpen(index: Int) throws {
        let (name, sql, expected) = Self.changes[index]
        try TemporaryFolder.with { folder in
            let path = folder.path("bookshelf.sqlite")
            let store = try Bookshelf.openStore(path: path)
            let context = store.newChildContext()
            try context.insert(Author(name: "Mira Okafor", email: "mira@example.com"))
            try context.save()
            store.close()
            let other = try Connection(path: path)
            try other.execute(sql)
            other.close()
            let before = try Data(contentsOf: URL(filePath: path))
            let error = caught(SchemaDriftError.self) { _ = try Bookshelf.openStore(path: path) }
            let differences = try #require(error?.differences, "\(name): opened")
            #expect(differences.count == 1, "\(name): \(differences)")
            switch (differences.first, expected) {
            case let (.changed(type, table, _, _)?, .changed(expectedType, expectedTable, _, _)):
                #expect(type == expectedType && table == expectedTable, "\(name)")
            default:
                #expect(differences.first == expected, "\(name)")
            }
            #expect("\(error!)".contains(path), "\(name)")
            #expect(try Data(contentsOf: URL(filePath: path)) == before, "\(name): the file changed")
            #expect(!FileManager.default.fileExists(atPath: path + "-wal"), "\(name)")
        }
    }

    @Test("opening with the report policy opens and lists the drift; accepting the schema opens normally")
    func reportAndAccept() throws {
        try TemporaryFolder.with { folder in
            let path = folder.path("bookshelf.sqlite")
            try Bookshelf.openStore(path: path).close()
            let other = try Connection(path: path)
            try other.execute("DROP INDEX authors_name_index;")
            other.close()
            var configuration = DraftStore.Configuration()
            configuration.schemaDrift = .report
            let store = try DraftStore(path: path, migrations: Bookshelf.migrations, configuration: configuration)
            #expect(store.schemaDrift == [.removed(type: "index", name: "authors_name_index")])
            store.close()
            let accepting = try Connection(path: path)
            try Migrator.acceptCurrentSchema(on: accepting)
            accepting.close()
            let accepted = try Bookshelf.openStore(path: path)
            #expect(accepted.schemaDrift.isEmpty)
            accepted.close()
        }
    }

    @Test("a migration that fails after others applied: the record matches what they made, and the fixed one applies on reopen")
    func failedMigrationKeepsTheRecordTrue() throws {
        try TemporaryFolder.with { folder in
            let path = folder.path("notes.sqlite")
            let first = Migration(
                name: "0001_notes.sql", sql: "CREATE TABLE notes (uuid TEXT PRIMARY KEY, body TEXT NOT NULL) WITHOUT ROWID;")
            let second = Migration(name: "0002_tags.sql", sql: "CREATE TABLE tags (name TEXT PRIMARY KEY);")
            let broken = Migration(name: "0003_index.sql", sql: "CREATE INDEX notes_title ON notes(title);")
            try DraftStore(path: path, migrations: [first]).close()
            let error = caught(MigrationError.self) { _ = try DraftStore(path: path, migrations: [first, second, broken]) }
            #expect(error?.file == "0003_index.sql")
            // The second stays applied; the schema it made is what was recorded, so the
            // next open finds no drift and applies the corrected third migration.
            let fixed = Migration(name: "0003_index.sql", sql: "CREATE INDEX notes_body ON notes(body);")
            let store = try DraftStore(path: path, migrations: [first, second, fixed])
            #expect(store.schemaDrift.isEmpty)
            store.close()
            let check = try Connection(path: path)
            let names = try check.fetch("SELECT name FROM draftstore_schema ORDER BY name") { try $0.text(at: 0) }
            #expect(names == ["notes", "notes_body", "tags"])
            check.close()
        }
    }
}
