@_spi(Testing) import DraftStore
import Foundation
import Synchronization
import Testing

/// `ledger_entries(id, amount, stamped)`: the tests' own table for per-connection schema.
struct StampedEntry: Entity, Equatable {
    var id: Int64?
    var amount: Int64 = 0
    var stamped: String?
    static let schema = EntitySchema<StampedEntry>(
        table: "ledger_entries", columns: [.primaryKey("id", \.id), .column("amount", \.amount), .column("stamped", \.stamped)])
}

/// Issue 27, item 4: TEMP objects live in one connection. A migration that creates one is
/// refused (it would stop working at the next open); the store's per-connection setup
/// (`connectionSQL`, `connectionSetup`) runs on every connection it opens, before migrations and
/// before any read; its TEMP schema over the app's tables (`temporarySchemaSQL`) runs on the
/// writer once the migrations made them, and the store sees the TEMP triggers it makes (a save
/// reads back what they set).
@Suite("Store: per-connection setup")
struct PerConnectionSetupTests {
    static let table = Migration(
        name: "0001_ledger", sql: "CREATE TABLE ledger_entries(id INTEGER PRIMARY KEY, amount INTEGER NOT NULL, stamped TEXT);")
    /// The setup: a TEMP trigger that stamps each new entry, and a TEMP view of the total.
    static let setup = """
        CREATE TEMP TRIGGER IF NOT EXISTS ledger_stamp AFTER INSERT ON main.ledger_entries
        BEGIN UPDATE ledger_entries SET stamped = 'stamped ' || NEW.amount WHERE id = NEW.id; END;
        CREATE TEMP VIEW IF NOT EXISTS ledger_totals AS SELECT coalesce(sum(amount), 0) AS total FROM main.ledger_entries;
        """

    static func open(_ path: String, _ migrations: [Migration], sql: String? = setup) throws -> DraftStore {
        var configuration = DraftStore.Configuration()
        configuration.entities = [StampedEntry.self]
        configuration.temporarySchemaSQL = sql
        return try DraftStore(path: path, migrations: migrations, configuration: configuration)
    }

    @Test(
        "A migration that creates a TEMP trigger or view is refused, naming it and the hook; nothing of it stays",
        arguments: [
            ("trigger", "CREATE TEMP TRIGGER ledger_stamp AFTER INSERT ON ledger_entries BEGIN SELECT 1; END;"),
            ("view", "CREATE TEMP VIEW ledger_totals AS SELECT sum(amount) AS total FROM ledger_entries;"),
            ("table", "CREATE TEMPORARY TABLE scratch(x);"),
        ])
    func migrationTempObjectRefused(type: String, sql: String) throws {
        try TemporaryFolder.with { folder in
            let path = folder.path("ledger.sqlite")
            let migrations = [Self.table, Migration(name: "0002_temp", sql: "ALTER TABLE ledger_entries ADD COLUMN note TEXT; " + sql)]
            do {
                _ = try Self.open(path, migrations, sql: nil)
                Issue.record("the migration was applied")
            } catch let error as MigrationError {
                guard case let .createsTemporaryObject(found, name) = error.kind else {
                    Issue.record("\(error)")
                    return
                }
                #expect(found == type && error.file == "0002_temp")
                #expect(["ledger_stamp", "ledger_totals", "scratch"].contains(name))
                #expect(error.description.contains("temporarySchemaSQL"))
            }
            // Rolled back: only the first migration is recorded, the column was not added.
            let plain = try Connection(path: path)
            defer { plain.close() }
            #expect(try plain.scalar("SELECT group_concat(name) FROM draftstore_migrations") == .text("0001_ledger"))
            #expect(try plain.scalar("SELECT count(*) FROM pragma_table_info('ledger_entries') WHERE name = 'note'") == .integer(0))
        }
    }

    @Test("The setup's TEMP trigger fires on the writer after a reopen, and the save reads back what it set")
    func hookTriggerAfterReopen() throws {
        try TemporaryFolder.with { folder in
            let path = folder.path("ledger.sqlite")
            for (round, amount) in [(1, 5 as Int64), (2, 7)] {
                let store = try Self.open(path, [Self.table])
                defer { store.close() }
                let context = store.newChildContext()
                let entry = try context.insert(StampedEntry(amount: amount))
                let result = try context.save()
                let id = try #require(result.insertedIDs[entry.id!])
                // What the TEMP trigger set is what the context sees after the save (read back).
                #expect(try context.fetch(StampedEntry.self, id: id)?.stamped == "stamped \(amount)", "round \(round)")
                #expect(try store.fetch(StampedEntry.self, id: id)?.stamped == "stamped \(amount)", "round \(round)")
            }
            // Plain SQL on a copy without the setup: the trigger is not part of the file.
            let plain = try Connection(path: path)
            defer { plain.close() }
            #expect(try plain.scalar("SELECT count(*) FROM ledger_entries WHERE stamped LIKE 'stamped %'") == .integer(2))
            try plain.run("INSERT INTO ledger_entries(amount) VALUES (1)")
            #expect(try plain.scalar("SELECT stamped FROM ledger_entries WHERE amount = 1") == .null)
        }
    }

    @Test("Readers see a TEMP view the setup made; the closure runs on every connection the store opens")
    func readersSeeTheView() throws {
        try TemporaryFolder.with { folder in
            let path = folder.path("ledger.sqlite")
            let opened = Mutex(0)
            var configuration = DraftStore.Configuration()
            configuration.entities = [StampedEntry.self]
            configuration.temporarySchemaSQL = Self.setup
            configuration.connectionSetup = { _ in opened.withLock { $0 += 1 } }
            let store = try DraftStore(path: path, migrations: [Self.table], configuration: configuration)
            defer { store.close() }
            #expect(opened.withLock { $0 } == 1, "the writer, before any read")
            let context = store.newChildContext()
            try context.insert(StampedEntry(amount: 5))
            try context.insert(StampedEntry(amount: 8))
            try context.save()
            #expect(try store.fetch(FetchRequest<StampedEntry>.all).count == 2)
            #expect(opened.withLock { $0 } == 2, "and the reader, at the first read")
            // The writer and the (read-only) reader each have the view.
            var totals: [SQLiteValue?] = []
            store.forEachConnection { connection in totals.append(try? connection.scalar("SELECT total FROM ledger_totals")) }
            #expect(totals == [.integer(13), .integer(13)])
        }
    }

    /// A migration whose result depends on `recursive_triggers`: a trigger that inserts the next
    /// number up to 3 fires on its own inserts only when the PRAGMA is on.
    static let counting = Migration(
        name: "0001_counting",
        sql: """
            CREATE TABLE counter(n INTEGER NOT NULL);
            CREATE TRIGGER counter_next AFTER INSERT ON counter WHEN NEW.n < 3 BEGIN INSERT INTO counter VALUES (NEW.n + 1); END;
            INSERT INTO counter VALUES (1);
            """)

    @Test("A PRAGMA of connectionSQL and an ATTACH of connectionSetup are in force while the migrations run", arguments: [false, true])
    func setupBeforeMigrations(recursive: Bool) throws {
        try TemporaryFolder.with { folder in
            // The seed the migration copies from, attached by the closure.
            let seedPath = folder.path("seed.sqlite")
            let seed = try Connection(path: seedPath)
            try seed.execute("CREATE TABLE names(name TEXT NOT NULL); INSERT INTO names VALUES ('Ada'), ('Grace');")
            seed.close()
            var configuration = DraftStore.Configuration()
            configuration.connectionSQL = "PRAGMA recursive_triggers = \(recursive ? "ON" : "OFF");"
            configuration.connectionSetup = { (connection: Connection) throws(SQLiteError) in
                try connection.execute("ATTACH DATABASE '\(seedPath)' AS seed")
            }
            let copying = Migration(
                name: "0002_copy", sql: "CREATE TABLE people(name TEXT NOT NULL); INSERT INTO people SELECT name FROM seed.names;")
            let path = folder.path("counting.sqlite")
            let store = try DraftStore(path: path, migrations: [Self.counting, copying], configuration: configuration)
            store.close()
            // Plain SQL on another file, with the PRAGMA set by hand: the same rows.
            let plain = try Connection(path: folder.path("plain.sqlite"))
            defer { plain.close() }
            try plain.execute("PRAGMA recursive_triggers = \(recursive ? "ON" : "OFF")")
            try plain.execute(Self.counting.sql)
            let migrated = try Connection(path: path)
            defer { migrated.close() }
            let expected = try plain.scalar("SELECT group_concat(n) FROM (SELECT n FROM counter ORDER BY n)")
            #expect(expected == .text(recursive ? "1,2,3" : "1,2"))
            #expect(try migrated.scalar("SELECT group_concat(n) FROM (SELECT n FROM counter ORDER BY n)") == expected)
            #expect(try migrated.scalar("SELECT group_concat(name) FROM (SELECT name FROM people ORDER BY name)") == .text("Ada,Grace"))
            // The main database alone went to WAL: the attached seed kept its journal mode.
            #expect(try migrated.journalMode() == "wal")
            let reopened = try Connection(path: seedPath)
            defer { reopened.close() }
            #expect(try reopened.journalMode() == "delete")
        }
    }

    @Test("The reader and the pool's connections are set up before their first read: a generated column calls the setup's function")
    func readersSetUpBeforeTheirFirstRead() async throws {
        let folder = TemporaryFolder(url: FileManager.default.temporaryDirectory.appending(path: "draftstore-tests-\(UUID().uuidString)"))
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder.url) }
        let opened = Mutex(0)
        var configuration = DraftStore.Configuration()
        // Registered by the closure only: a connection that reads before it ran fails "no such function".
        configuration.connectionSetup = { (connection: Connection) throws(SQLiteError) in
            opened.withLock { $0 += 1 }
            try connection.register(SQLFunction(name: "ledger_label", argumentCount: 1) { .text("amount \($0[0])") })
        }
        let migration = Migration(
            name: "0001_labelled",
            sql: """
                CREATE TABLE labelled(id INTEGER PRIMARY KEY, amount INTEGER NOT NULL,
                  label TEXT GENERATED ALWAYS AS (ledger_label(amount)) VIRTUAL);
                INSERT INTO labelled(amount) VALUES (5);
                """)
        let store = try DraftStore(path: folder.path("labelled.sqlite"), migrations: [migration], configuration: configuration)
        defer { store.close() }
        let expected = [LabelledEntry(id: 1, amount: 5, label: "amount 5")]
        #expect(try store.fetch(FetchRequest<LabelledEntry>.all) == expected)
        #expect(try await store.reads.fetch(FetchRequest<LabelledEntry>.all) == expected)
        #expect(opened.withLock { $0 } >= 3, "the writer, the reader, a pool connection")
    }
}

/// `labelled(id, amount, label)`, whose generated `label` calls a function of the per-connection setup.
struct LabelledEntry: Entity, Equatable {
    var id: Int64?
    var amount: Int64 = 0
    var label: String?
    static let schema = EntitySchema<LabelledEntry>(
        table: "labelled", columns: [.primaryKey("id", \.id), .column("amount", \.amount), .column("label", \.label)])
}
