import DraftStore
import Foundation
import Testing

/// Collations declared on columns, read from SQLite: the built-in ones are evaluated by a
/// context as SQLite does; an app's own is refused by a context with a ``QueryError`` (the
/// store runs it in SQL).
@Suite struct QueryCollationTests {
    struct Word: Entity, Equatable {
        var id: Int64?
        var plain = ""
        var folded = ""
        var padded = ""
        var local = ""
        static let schema = EntitySchema<Word>(
            table: "words",
            columns: [
                .primaryKey("id", \.id), .column("plain", \.plain), .column("folded", \.folded), .column("padded", \.padded),
                .column("local", \.local),
            ])
    }

    static let unicase = SQLCollation(name: "unicase") { $0.compare($1, options: [.caseInsensitive]) }
    static let migrations = [
        Migration(
            name: "0001_words",
            sql: """
                CREATE TABLE words (id INTEGER PRIMARY KEY, plain TEXT, folded TEXT COLLATE NOCASE,
                    padded TEXT COLLATE RTRIM, local TEXT COLLATE unicase);
                INSERT INTO words (plain, folded, padded, local) VALUES
                    ('Abc', 'Abc', 'abc  ', 'Éa'), ('abc', 'ABC', 'abc', 'éa'), ('Ärger', 'ärger', 'b', 'b');
                """)
    ]

    func store() throws -> DraftStore {
        var configuration = DraftStore.Configuration()
        configuration.collations = [Self.unicase]
        return try DraftStore(path: nil, migrations: Self.migrations, configuration: configuration)
    }

    @Test func builtInCollationsCompareAndSortAsSQLiteDoes() throws {
        let store = try store()
        defer { store.close() }
        let requests: [(FetchRequest<Word>, [Int64])] = [
            (FetchRequest<Word>.all.filter(\.plain == "abc"), [2]),
            (FetchRequest<Word>.all.filter(\.folded == "abc"), [1, 2]),  // ASCII only: 'ärger' is not 'ÄRGER'
            (FetchRequest<Word>.all.filter(\.folded == "ÄRGER"), []),
            (FetchRequest<Word>.all.filter(\.padded == "abc "), [1, 2]),
            (FetchRequest<Word>.all.filter(.in(\.folded, ["aBc", "x"])), [1, 2]),
            (FetchRequest<Word>.all.sorted(by: .descending(\.folded), .ascending(\.plain)), [3, 1, 2]),
            (FetchRequest<Word>.all.sorted(by: .ascending(\.plain)), [1, 2, 3]),
        ]
        let context = store.newChildContext()
        _ = try context.fetchAll(Word.self)
        for (request, expected) in requests {
            #expect(try store.fetch(request).map(\.id) == expected)
            #expect(try context.fetch(request).map(\.id) == expected)
        }
    }

    @Test func anAppCollationIsRefusedByAContextAndRunByTheStore() throws {
        let store = try store()
        defer { store.close() }
        let equal = FetchRequest<Word>.all.filter(\.local == "ÉA")
        #expect(try store.fetch(equal).map(\.id) == [1, 2])
        let context = store.newChildContext()
        #expect(throws: QueryError.unsupportedCollation(table: "words", column: "local", collation: "UNICASE")) {
            try context.fetch(equal)
        }
        #expect(throws: QueryError.self) { try context.count(FetchRequest<Word>.all.sorted(by: \.local)) }
        // Text matching and NULL tests do not use the collation: a context runs them.
        #expect(try context.fetch(FetchRequest<Word>.all.filter(.contains(\.local, "éa") && .isNotNull(\.local))).map(\.id) == [1, 2])
    }
}
