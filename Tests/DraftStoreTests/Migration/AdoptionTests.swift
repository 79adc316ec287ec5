import Foundation
import Testing

@testable import DraftStore
@testable import DraftStoreSQLite

/// Existing databases adopted with a baseline migration, and table-rebuild migrations that
/// run with foreign keys off (issue 12, items 5 and 6).
@Suite("Migrations: adopting an existing database, table rebuilds")
struct AdoptionTests {
    /// An app's schema, as another tool made it.
    static let existing = """
        CREATE TABLE lists (id INTEGER PRIMARY KEY, title TEXT NOT NULL);
        CREATE TABLE items (id INTEGER PRIMARY KEY, list_id INTEGER NOT NULL REFERENCES lists(id) ON DELETE CASCADE, text TEXT);
        CREATE INDEX items_list ON items(list_id);
        """

    /// Every row of every table but DraftStore's own, for byte-exact comparison.
    static func contents(_ connection: Connection) throws -> [String: [[SQLiteValue]]] {
        let tables = try connection.fetch("SELECT name FROM sqlite_schema WHERE type = 'table' AND name != 'draftstore_migrations'") {
            try $0.text(at: 0)
        }
        var result: [String: [[SQLiteValue]]] = [:]
        for table in tables { result[table] = try rows(connection, "SELECT * FROM \(Connection.quoteIdentifier(table)) ORDER BY rowid") }
        return result
    }

    @Test("a database with tables and no record is adopted by a baseline; later migrations apply on top; rows unchanged")
    func adoptsWithBaseline() throws {
        try TemporaryFolder.with { folder in
            let path = folder.path("app.sqlite")
            let made = try Connection(path: path)
            try made.execute(Self.existing)
            try made.execute("INSERT INTO lists VALUES (1, 'Groceries'); INSERT INTO items VALUES (1, 1, 'Milk'), (2, 1, 'Eggs');")
            let before = try Self.contents(made)
            made.close()
            let migrations = [
                Migration(name: "0001_baseline", sql: "-- draftstore: baseline\n" + Self.existing),
                Migration(name: "0002_items_done", sql: "ALTER TABLE items ADD COLUMN done INTEGER NOT NULL DEFAULT 0;"),
            ]
            // Without a baseline the database is refused, and the message says how to adopt it.
            let refused = caught(MigrationError.self) { _ = try DraftStore(path: path, migrations: Array(migrations.dropFirst())) }
            #expect(refused.map { "\($0)" }?.contains("baseline") == true)
            let store = try DraftStore(path: path, migrations: migrations)
            store.close()
            let reopened = try Connection(path: path)
            defer { reopened.close() }
            let after = try Self.contents(reopened)
            #expect(after["lists"] == before["lists"])
            #expect(after["items"] == before["items"]!.map { $0 + [.integer(0)] })
            #expect(
                try rows(reopened, "SELECT name FROM draftstore_migrations ORDER BY name") == [
                    [.text("0001_baseline")], [.text("0002_items_done")],
                ])
        }
    }

    @Test("a baseline that does not describe the database is refused, naming each difference; the file unchanged")
    func baselineMismatch() throws {
        try TemporaryFolder.with { folder in
            let path = folder.path("app.sqlite")
            let made = try Connection(path: path)
            try made.execute(Self.existing)
            made.close()
            let before = try Data(contentsOf: URL(filePath: path))
            let wrong = Self.existing.replacingOccurrences(of: "text TEXT", with: "text TEXT, due INTEGER")
            let error = caught(MigrationError.self) {
                _ = try DraftStore(path: path, migrations: [Migration(name: "0001_baseline", sql: wrong, options: .baseline)])
            }
            guard case let .baselineMismatch(differences)? = error?.kind else {
                Issue.record("expected a baseline mismatch, got \(String(describing: error))")
                return
            }
            #expect(differences == ["items.due is missing"])
            #expect(try Data(contentsOf: URL(filePath: path)) == before)
        }
    }

    @Test("a baseline on an empty database runs like any migration", arguments: DatabaseKind.allCases)
    func baselineOnEmptyDatabase(kind: DatabaseKind) throws {
        try kind.withConnection { db in
            let applied = try Migrator([Migration(name: "0001_baseline", sql: Self.existing, options: .baseline)]).migrate(db)
            #expect(applied == ["0001_baseline"])
            #expect(try db.scalar("SELECT count(*) FROM sqlite_schema WHERE name = 'items'") == .integer(1))
        }
    }

    /// SQLite's twelve-step rebuild of the parent table `lists` (https://www.sqlite.org/lang_altertable.html#otheralter).
    static let rebuild = """
        -- draftstore: foreign_keys=off
        CREATE TABLE new_lists (id INTEGER PRIMARY KEY, title TEXT NOT NULL CHECK (length(title) > 0));
        INSERT INTO new_lists SELECT id, title FROM lists;
        DROP TABLE lists;
        ALTER TABLE new_lists RENAME TO lists;
        """

    @Test("a rebuild of a parent table with foreign keys off keeps every child row", arguments: DatabaseKind.allCases)
    func rebuildKeepsChildren(kind: DatabaseKind) throws {
        try kind.withConnection { db in
            try Migrator([Migration(name: "0001", sql: Self.existing)]).migrate(db)
            try db.execute("INSERT INTO lists VALUES (1, 'Groceries'); INSERT INTO items VALUES (1, 1, 'Milk'), (2, 1, 'Eggs');")
            try Migrator([Migration(name: "0001", sql: Self.existing), Migration(name: "0002_rebuild", sql: Self.rebuild)]).migrate(db)
            #expect(try db.scalar("SELECT count(*) FROM items") == .integer(2))
            #expect(try db.scalar("PRAGMA foreign_keys") == .integer(1))
            // Without the declaration, DROP TABLE lists would have cascaded to every item.
            #expect(try db.scalar("SELECT sql LIKE '%CHECK%' FROM sqlite_schema WHERE name = 'lists'") == .integer(1))
        }
    }

    @Test("a rebuild that leaves an orphan is rolled back, naming the table and row", arguments: DatabaseKind.allCases)
    func rebuildViolationRollsBack(kind: DatabaseKind) throws {
        try kind.withConnection { db in
            try Migrator([Migration(name: "0001", sql: Self.existing)]).migrate(db)
            try db.execute("INSERT INTO lists VALUES (1, 'Groceries'), (2, 'Tools'); INSERT INTO items VALUES (7, 2, 'Saw');")
            let losing = Self.rebuild.replacingOccurrences(of: "FROM lists;", with: "FROM lists WHERE id = 1;")
            let error = caught(MigrationError.self) {
                try Migrator([Migration(name: "0001", sql: Self.existing), Migration(name: "0002_rebuild", sql: losing)]).migrate(db)
            }
            guard case let .foreignKeyViolation(table, rowid, parent)? = error?.kind else {
                Issue.record("expected a foreign-key violation, got \(String(describing: error))")
                return
            }
            #expect(table == "items" && rowid == 7 && parent == "lists" && error?.file == "0002_rebuild")
            #expect(try db.scalar("SELECT count(*) FROM lists") == .integer(2))
            #expect(try db.scalar("SELECT count(*) FROM draftstore_migrations") == .integer(1))
            #expect(try db.scalar("PRAGMA foreign_keys") == .integer(1))
        }
    }

    @Test("a migration that sets PRAGMA foreign_keys itself is refused, saying how to declare it; unknown directives too")
    func foreignKeysPragmaRefused() {
        for sql in ["PRAGMA foreign_keys = OFF; DROP TABLE x;", "pragma main.FOREIGN_KEYS=0;"] {
            let error = caught(MigrationError.self) { _ = try Migrator([Migration(name: "0003_rebuild", sql: sql)]) }
            guard case .setsForeignKeys? = error?.kind else {
                Issue.record("\(sql): expected setsForeignKeys, got \(String(describing: error))")
                continue
            }
            #expect("\(error!)".contains("-- draftstore: foreign_keys=off"))
        }
        // Reading the pragma is fine.
        #expect(throws: Never.self) { _ = try Migrator([Migration(name: "0001", sql: "PRAGMA foreign_keys;")]) }
        let unknown = caught(MigrationError.self) { _ = try Migrator([Migration(name: "0001", sql: "-- draftstore: fk=off\nSELECT 1;")]) }
        guard case .unknownDirective("fk=off")? = unknown?.kind else {
            Issue.record("expected an unknown directive, got \(String(describing: unknown))")
            return
        }
    }
}
