import Foundation
import Testing

@testable import DraftStore
@testable import DraftStoreSQLite

/// What the store sets up on every connection: the app's functions and collations, double-quoted
/// strings off, and the refusals of misuse (issue 12, items 4, 7, 10, 11).
@Suite("Store setup: functions, collations, quoted strings, nesting, open transactions")
struct ConnectionSetupTests {
    struct Tag: Entity, Equatable {
        var id: Int64?
        var name = ""
        static let schema = EntitySchema<Tag>(table: "tags", columns: [.primaryKey("id", \.id), .column("name", \.name)])
    }

    static let unicase = SQLCollation(name: "unicase") { $0.compare($1, options: [.caseInsensitive, .diacriticInsensitive]) }
    static let shout = SQLFunction(name: "shout", argumentCount: 1) { arguments in
        guard case let .text(text) = arguments[0] else { return .null }
        return .text(text.uppercased() + "!")
    }

    static func configuration() -> DraftStore.Configuration {
        var configuration = DraftStore.Configuration()
        configuration.functions = [shout]
        configuration.collations = [unicase]
        return configuration
    }

    static let schema = [
        Migration(
            name: "0001_tags",
            sql: """
                CREATE TABLE tags (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE COLLATE unicase);
                CREATE TABLE log (message TEXT);
                CREATE TRIGGER tags_log AFTER INSERT ON tags BEGIN INSERT INTO log VALUES (shout(new.name)); END;
                """)
    ]

    @Test(
        "the app's collation and function work in the schema's constraints and triggers, on every connection",
        arguments: DatabaseKind.allCases)
    func functionsAndCollations(kind: DatabaseKind) throws {
        try TemporaryFolder.with { folder in
            let store = try DraftStore(
                path: kind == .file ? folder.path("t.sqlite") : nil, migrations: Self.schema, configuration: Self.configuration())
            defer { store.close() }
            let context = store.newChildContext()
            try context.insert(Tag(name: "Café"))
            try context.save()
            let duplicate = store.newChildContext()
            try duplicate.insert(Tag(name: "CAFE"))
            #expect(throws: SaveError.self) { try duplicate.save() }
            #expect(try store.withWriterConnection { try $0.scalar("SELECT message FROM log") } == .text("CAFÉ!"))
            #expect(try store.fetch(FetchRequest<Tag>.all).map(\.name) == ["Café"])
        }
        // Without them the schema cannot even be created.
        #expect(throws: MigrationError.self) { _ = try DraftStore(path: nil, migrations: Self.schema) }
    }

    @Test("a misspelled identifier in a statement is an error, not its name as text; a view that needs the old rule is reported")
    func doubleQuotedStrings() throws {
        let store = try DraftStore(
            path: nil,
            migrations: [
                Migration(
                    name: "0001",
                    sql: "CREATE TABLE tags (id INTEGER PRIMARY KEY, name TEXT NOT NULL); CREATE VIEW plain AS SELECT name FROM tags;")
            ])
        #expect(store.doubleQuotedStringObjects.isEmpty)
        let error = caught(SQLiteError.self) { _ = try store.withWriterConnection { try $0.scalar("SELECT \"nmae\" FROM tags") } }
        #expect(error?.message.contains("no such column") == true)
        store.close()
        let old = try DraftStore(
            path: nil,
            migrations: [
                Migration(
                    name: "0001",
                    sql:
                        "CREATE TABLE tags (id INTEGER PRIMARY KEY, name TEXT NOT NULL); CREATE VIEW old AS SELECT name FROM tags WHERE name != \"none\";"
                )
            ])
        defer { old.close() }
        #expect(old.doubleQuotedStringObjects == ["view old"])
        #expect(try old.withWriterConnection { try $0.scalar("SELECT count(*) FROM old") } == .integer(0))
    }

    @Test("contexts nested deeper than the limit throw a typed error, never crash")
    func deepNesting() throws {
        let store = try DraftStore(path: nil, migrations: Self.schema, configuration: Self.configuration())
        defer { store.close() }
        var context = store.newChildContext()
        // Deep enough to pass the limit many times over; releasing the chain is one deinit per
        // level, which a sanitizer's larger frames make slow at tens of thousands of levels.
        for _ in 1..<3_000 { context = context.newChildContext() }
        #expect(context.depth == 3_000)
        #expect(throws: Misuse.nestedTooDeep(depth: 3_000, maximum: ObjectContext.maximumDepth)) { _ = try context.fetchAll(Tag.self) }
        #expect(throws: SaveError.self) { try context.save() }
        var usable = store.newChildContext()
        for _ in 1..<ObjectContext.maximumDepth { usable = usable.newChildContext() }
        try usable.insert(Tag(name: "deep"))
        #expect(try usable.fetchAll(Tag.self).map(\.name) == ["deep"])
    }

    @Test(
        "a save while the caller left a transaction open on the store's connection is refused; nothing is lost",
        arguments: DatabaseKind.allCases)
    func openTransactionRefused(kind: DatabaseKind) throws {
        try TemporaryFolder.with { folder in
            let store = try DraftStore(
                path: kind == .file ? folder.path("t.sqlite") : nil, migrations: Self.schema, configuration: Self.configuration())
            defer { store.close() }
            try store.withWriterConnection { try $0.execute("BEGIN") }
            let context = store.newChildContext()
            try context.insert(Tag(name: "kept"))
            let error = caught(SaveError.self) { try context.save() }
            // A misuse by the program, not a storage failure (issue 13).
            guard case .finished(.transactionOpen)? = error else {
                Issue.record("expected a misuse refusal, got \(String(describing: error))")
                return
            }
            #expect(error?.description.contains("transaction is still open") == true)
            #expect(context.hasChanges)
            try store.withWriterConnection { try $0.execute("ROLLBACK") }
            try context.save()
            #expect(try store.count(Tag.self) == 1)
        }
    }
}
