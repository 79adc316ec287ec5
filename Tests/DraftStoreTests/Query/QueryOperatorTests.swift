import DraftStore
import DraftStoreTesting
import Testing

/// Each query operator on Chinook, against SQLite's own answer: the same SQL run directly on a
/// copy of the database. The store runs the request in SQL; a context with every row registered
/// evaluates it in Swift; a context with unsaved edits, an insert and a delete is compared with
/// the copy after the same changes in plain SQL.
@Suite struct QueryOperatorTests {
    static let fixture = StoreFixture(migrations: Chinook.migrations, entities: Chinook.entities)

    /// A request and the `WHERE … ORDER BY … LIMIT …` SQLite runs for it.
    struct Case: Sendable, CustomTestStringConvertible {
        let request: FetchRequest<Track>
        let sql: String
        var testDescription: String { sql }
        init(_ request: FetchRequest<Track>, _ sql: String) {
            self.request = request
            self.sql = sql
        }
    }

    static let all = FetchRequest<Track>.all
    static let cases: [Case] = [
        Case(all.filter(\.genreID == 1), "WHERE GenreId = 1"),
        Case(all.filter(\.genreID != 1), "WHERE GenreId <> 1"),
        Case(all.filter(\.milliseconds < 250_000), "WHERE Milliseconds < 250000"),
        Case(all.filter(\.milliseconds <= 252_051), "WHERE Milliseconds <= 252051"),
        Case(all.filter(\.bytes > 8_000_000), "WHERE Bytes > 8000000"),
        Case(all.filter(\.bytes >= 7_636_561), "WHERE Bytes >= 7636561"),
        Case(all.filter(\.unitPrice > 0.99), "WHERE UnitPrice > 0.99"),
        Case(all.filter(\.unitPrice == 0.99), "WHERE UnitPrice = 0.99"),
        Case(all.filter(.in(\.milliseconds, 200_000..<300_000)), "WHERE Milliseconds >= 200000 AND Milliseconds < 300000"),
        Case(all.filter(.in(\.milliseconds, 200_000...300_000)), "WHERE Milliseconds BETWEEN 200000 AND 300000"),
        Case(all.filter(.between(\.name, "B", "M")), "WHERE Name BETWEEN 'B' AND 'M'"),
        Case(all.filter(.in(\.albumID, [1, 2, 5])), "WHERE AlbumId IN (1, 2, 5)"),
        Case(all.filter(.in(\.albumID, [Int64?.none, 3])), "WHERE AlbumId IN (NULL, 3)"),
        Case(all.filter(!Condition.in(\.albumID, [Int64?.none, 3])), "WHERE NOT (AlbumId IN (NULL, 3))"),
        Case(all.filter(.in(\.albumID, [Int64?]())), "WHERE 0"),
        Case(all.filter(\.composer == nil), "WHERE Composer IS NULL"),
        Case(all.filter(\.composer != nil), "WHERE Composer IS NOT NULL"),
        Case(all.filter(.isNull(\.bytes)), "WHERE Bytes IS NULL"),
        Case(all.filter(!(\.composer == "AC/DC")), "WHERE NOT (Composer = 'AC/DC')"),
        Case(all.filter(\.genreID == 1 && \.milliseconds > 250_000), "WHERE GenreId = 1 AND Milliseconds > 250000"),
        Case(all.filter(\.genreID == 2 || \.composer == nil), "WHERE GenreId = 2 OR Composer IS NULL"),
        Case(all.filter(!(\.genreID == 2 || \.bytes > 9_000_000)), "WHERE NOT (GenreId = 2 OR Bytes > 9000000)"),
        Case(all.filter(.contains(\.name, "ROCK")), "WHERE instr(draftstore_fold(Name), draftstore_fold('ROCK')) > 0"),
        Case(all.filter(.hasPrefix(\.name, "the")), "WHERE instr(draftstore_fold(Name), draftstore_fold('the')) = 1"),
        Case(all.filter(.contains(\.composer, "young")), "WHERE instr(draftstore_fold(Composer), draftstore_fold('young')) > 0"),
        Case(all.filter(.contains(\.milliseconds, "19")), "WHERE instr(draftstore_fold(Milliseconds), draftstore_fold('19')) > 0"),
        Case(all.filter(.contains(\.unitPrice, ".9")), "WHERE instr(draftstore_fold(UnitPrice), draftstore_fold('.9')) > 0"),
        Case(all.sorted(by: .descending(\.genreID), .ascending(\.name)), "ORDER BY GenreId DESC, Name ASC, TrackId"),
        Case(all.sorted(by: .ascending(\.composer), .descending(\.milliseconds)), "ORDER BY Composer, Milliseconds DESC, TrackId"),
        Case(all.sorted(by: \.trackID, ascending: false).limit(5).offset(3), "ORDER BY TrackId DESC LIMIT 5 OFFSET 3"),
        Case(all.sorted(by: \.bytes).offset(30), "ORDER BY Bytes, TrackId LIMIT -1 OFFSET 30"),
        Case(all.filter(\.genreID == 1).sorted(by: \.name).limit(4), "WHERE GenreId = 1 ORDER BY Name, TrackId LIMIT 4"),
        Case(all.limit(0), "LIMIT 0"),
    ]

    /// The names SQLite returns for `SELECT Name FROM Track <sql>` (key order unless the SQL orders).
    static func expected(_ sql: String, on mirror: SQLMirror) throws -> [String] {
        let ordered = sql.contains("ORDER BY") ? sql : sql.replacingOccurrences(of: "LIMIT", with: "ORDER BY TrackId LIMIT")
        let full = ordered.contains("ORDER BY") ? ordered : ordered + " ORDER BY TrackId"
        return try mirror.connection.fetch("SELECT Name FROM Track " + full) { try $0.text(at: 0) }
    }

    @Test(arguments: cases)
    func theStoreAndAContextGiveSQLitesAnswer(_ test: Case) throws {
        try Self.fixture.withEachKind { store in
            let mirror = try SQLMirror(store.store)
            let expected = try Self.expected(test.sql, on: mirror)
            #expect(try store.store.fetch(test.request).map(\.name) == expected, "store")
            #expect(try store.store.count(test.request) == expected.count, "store count")
            #expect(try store.store.fetchOne(test.request)?.name == expected.first, "store fetchOne")
            let context = store.newChildContext()
            #expect(try context.fetch(test.request).map(\.name) == expected, "context, nothing registered")
            _ = try context.fetchAll(Track.self)  // every row registered: evaluated in Swift
            #expect(try context.fetch(test.request).map(\.name) == expected, "context, every row registered")
            #expect(try context.count(test.request) == expected.count, "context count")
            #expect(try context.fetchOne(test.request)?.name == expected.first, "context fetchOne")
        }
    }

    @Test(arguments: cases)
    func aContextWithUnsavedChangesAgreesWithTheSameChangesInSQL(_ test: Case) throws {
        try Self.fixture.withEachKind { store in
            let mirror = try SQLMirror(store.store)
            let context = store.newChildContext()
            var first = try #require(try context.fetch(Track.self, id: 1))
            (first.name, first.composer, first.milliseconds) = ("Straße der Ölsardinen", nil, 250_000)
            try context.update(first)
            var sixth = try #require(try context.fetch(Track.self, id: 6))
            (sixth.bytes, sixth.unitPrice, sixth.genreID) = (nil, 1, 2)
            try context.update(sixth)
            try context.delete(Track.self, key: 7)
            try context.insert(
                Track(name: "ÉMILE rocks", albumID: 3, genreID: 1, composer: "young ünal", milliseconds: 199_999, bytes: 8_000_001))
            try mirror.run("PRAGMA foreign_keys = OFF")  // the context deletes track 7 without its invoice lines; nothing is saved
            try mirror.run("UPDATE Track SET Name = 'Straße der Ölsardinen', Composer = NULL, Milliseconds = 250000 WHERE TrackId = 1")
            try mirror.run("UPDATE Track SET Bytes = NULL, UnitPrice = 1, GenreId = 2 WHERE TrackId = 6")
            try mirror.run("DELETE FROM Track WHERE TrackId = 7")
            try mirror.run(
                """
                INSERT INTO Track (Name, AlbumId, MediaTypeId, GenreId, Composer, Milliseconds, Bytes, UnitPrice)
                VALUES ('ÉMILE rocks', 3, 1, 1, 'young ünal', 199999, 8000001, 0.99)
                """)
            let expected = try Self.expected(test.sql, on: mirror)
            #expect(try context.fetch(test.request).map(\.name) == expected)
            #expect(try context.count(test.request) == expected.count)
            #expect(try context.fetchOne(test.request)?.name == expected.first)
            // A child of that context sees the same.
            #expect(try context.newChildContext().fetch(test.request).map(\.name) == expected, "grandchild")
        }
    }

    @Test func textAcrossUnicodeOnCustomers() throws {
        try Self.fixture.withEachKind { store in
            let mirror = try SQLMirror(store.store)
            let context = store.newChildContext()
            _ = try context.fetchAll(Customer.self)
            for (search, prefix) in [("GONÇALVES", false), ("köh", true), ("STRASSE", false), ("luí", true), ("", false)] {
                let request = FetchRequest<Customer>.all.filter(prefix ? .hasPrefix(\.lastName, search) : .contains(\.lastName, search))
                let sql =
                    "SELECT CustomerId FROM Customer WHERE instr(draftstore_fold(LastName), draftstore_fold(?)) \(prefix ? "= 1" : "> 0") ORDER BY CustomerId"
                let expected = try mirror.connection.fetch(sql, [.text(search)]) { $0.int64(at: 0) }
                #expect(try store.store.fetch(request).map(\.customerID) == expected, "\(search)")
                #expect(try context.fetch(request).map(\.customerID) == expected, "\(search)")
            }
        }
    }

    @Test func anUndeclaredKeyPathIsATypedError() throws {
        try Self.fixture.withEachKind { store in
            let request = FetchRequest<Track>.all.filter(\.name.count > 3)
            #expect(throws: QueryError.self) { try store.store.fetch(request) }
            #expect(throws: QueryError.self) { try store.newChildContext().count(request) }
            let sorted = FetchRequest<Track>.all.sorted(by: .ascending(\.name.count))
            #expect(throws: QueryError.self) { try store.newChildContext().fetch(sorted) }
        }
    }
}
