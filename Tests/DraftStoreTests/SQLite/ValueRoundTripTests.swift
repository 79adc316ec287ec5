import CSQLite
import Foundation
import Testing

@testable import DraftStore
@testable import DraftStoreSQLite

/// Every bindable type goes in and comes back out unchanged, in both kinds of database.
@Suite("Values round-trip")
struct ValueRoundTripTests {
    /// Stores `value` in an untyped column and reads it back as `Value`, also returning SQLite's `typeof`.
    func roundTrip<Value: DatabaseValueConvertible>(_ value: Value, in connection: Connection) throws -> (Value, String) {
        try connection.execute("DROP TABLE IF EXISTS t; CREATE TABLE t(x ANY) STRICT")
        try connection.run("INSERT INTO t(x) VALUES (?)", [value.sqliteValue])
        let read = try connection.fetch("SELECT x, typeof(x) FROM t") { row in
            (try row.decode(Value.self, at: 0), try row.text(at: 1))
        }
        return try #require(read.first)
    }

    @Test(arguments: DatabaseKind.allCases)
    func numbersAndBooleans(kind: DatabaseKind) throws {
        try kind.withConnection { db throws in
            for number in [Int64.min, -1, 0, 1, Int64.max] {
                #expect(try roundTrip(number, in: db) == (number, "integer"))
            }
            for number in [Int.min, 42, Int.max] {
                #expect(try roundTrip(number, in: db) == (number, "integer"))
            }
            for number in [-1.5, 0.1, .pi, .greatestFiniteMagnitude, .leastNonzeroMagnitude, .infinity] {
                #expect(try roundTrip(number, in: db) == (number, "real"))
            }
            #expect(try roundTrip(true, in: db) == (true, "integer"))
            #expect(try roundTrip(false, in: db) == (false, "integer"))
            #expect(try db.scalar("SELECT x FROM t") == .integer(0))
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func datesAreIntegerMilliseconds(kind: DatabaseKind) throws {
        try kind.withConnection { db throws in
            let date = Date(timeIntervalSince1970: 1_700_000_000.123)
            #expect(try roundTrip(date, in: db).1 == "integer")
            #expect(try db.scalar("SELECT x FROM t") == .integer(1_700_000_000_123))
            // Every whole millisecond read back is written back as the same millisecond.
            for milliseconds in [Int64(0), -1, 1, 1_700_000_000_123, 1_699_999_999_999, 253_402_300_799_999, -62_135_596_800_000] {
                let read = try #require(Date(sqliteValue: .integer(milliseconds)))
                #expect(read.sqliteValue == .integer(milliseconds), "\(milliseconds) ms")
                #expect(try roundTrip(read, in: db).0 == read)
            }
            // Sub-millisecond parts are cut toward the past.
            #expect(Date(timeIntervalSince1970: 1.0009).sqliteValue == .integer(1000))
            #expect(Date(timeIntervalSince1970: -0.0005).sqliteValue == .integer(-1))
        }
    }

    @Test func everyMillisecondOfASecondSurvives() throws {
        var drifted: [Int64] = []
        for base in [Int64(1_700_000_000_000), 1_234_567_890_000, 0, -5_000, 253_402_300_799_000, -62_135_596_800_000] {
            for offset in Int64(0)..<1000 {
                let milliseconds = base + offset
                if Date(sqliteValue: .integer(milliseconds))?.sqliteValue != .integer(milliseconds) { drifted.append(milliseconds) }
            }
        }
        #expect(drifted.isEmpty, "\(drifted.count) values drifted, first \(drifted.prefix(5))")
        // Extremes neither trap nor drift.
        for date in [Date.distantPast, .distantFuture, Date(timeIntervalSince1970: 0)] {
            #expect(Date(sqliteValue: date.sqliteValue)?.sqliteValue == date.sqliteValue)
        }
        #expect(Date(timeIntervalSinceReferenceDate: .infinity).sqliteValue == .integer(.max))
        #expect(Date(timeIntervalSinceReferenceDate: -.infinity).sqliteValue == .integer(.min))
        #expect(Date(sqliteValue: .integer(.min)) != nil)
    }

    @Test(arguments: DatabaseKind.allCases)
    func optionalsAndNull(kind: DatabaseKind) throws {
        try kind.withConnection { db throws in
            #expect(try roundTrip(String?.none, in: db) == (nil, "null"))
            #expect(try roundTrip(String?.some(""), in: db) == ("", "text"))
            #expect(try roundTrip(Int64?.some(7), in: db) == (7, "integer"))
            #expect(try roundTrip(Data?.none, in: db) == (nil, "null"))
            #expect(try roundTrip(Date?.none, in: db) == (nil, "null"))
            // NULL and '' stay distinct in SQL too.
            try db.execute("CREATE TABLE n(x TEXT) STRICT")
            try db.run("INSERT INTO n VALUES (?), (?)", [.null, .text("")])
            #expect(try rows(db, "SELECT x IS NULL, x = '' FROM n ORDER BY rowid") == [[.integer(1), .null], [.integer(0), .integer(1)]])
            #expect(try db.scalar("SELECT count(DISTINCT coalesce(x, 'null')) FROM n") == .integer(2))
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func blobs(kind: DatabaseKind) throws {
        try kind.withConnection { db throws in
            let bytes = Data([0, 1, 2, 0xFF, 0])
            #expect(try roundTrip(bytes, in: db) == (bytes, "blob"))
            #expect(try roundTrip(Data(), in: db) == (Data(), "blob"))
            #expect(try db.scalar("SELECT x IS NOT NULL AND length(x) = 0 FROM t") == .integer(1))
            #expect(try db.scalar("SELECT x FROM t") == .blob(Data()))
        }
    }

    /// Text cases: NUL, emoji, combining marks, right-to-left, empty.
    static let texts = [
        "a\u{0}b", "Al\u{0000}ex", "\u{0}", "👩‍👩‍👧‍👦🇯🇵👌🏽", "e\u{301}", "é", "שָׁלוֹם עולם", "مرحبا بالعالم", "\u{202E}abc\u{202C}", "",
        "Robert'); DROP TABLE authors;--",
    ]

    @Test(arguments: DatabaseKind.allCases)
    func textByteForByte(kind: DatabaseKind) throws {
        try kind.withConnection { db throws in
            for text in Self.texts {
                let (read, type) = try roundTrip(text, in: db)
                #expect(Array(read.utf8) == Array(text.utf8), "\(text.debugDescription)")
                #expect(type == "text")
                #expect(try db.scalar("SELECT length(CAST(x AS BLOB)) FROM t") == .integer(Int64(text.utf8.count)))
            }
            #expect(try db.scalar("SELECT length(CAST(? AS BLOB))", [.text("Al\u{0000}ex")]) == .integer(5))
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func combiningMarksStayDistinct(kind: DatabaseKind) throws {
        try kind.withConnection { db throws in
            try db.execute("CREATE TABLE u(x TEXT UNIQUE) STRICT")
            try db.run("INSERT INTO u VALUES (?)", [.text("e\u{301}")])
            try db.run("INSERT INTO u VALUES (?)", [.text("é")])
            let read = try db.fetch("SELECT x FROM u ORDER BY rowid") { try $0.decode(String.self, at: 0) }
            #expect(read.map { Array($0.unicodeScalars) } == [["e", "\u{301}"], ["é"]])
            #expect(SQLiteValue.text("e\u{301}") != .text("é"))
            #expect(try db.scalar("SELECT count(*) FROM u WHERE x = ?", [.text("é")]) == .integer(1))
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func tenMegabyteString(kind: DatabaseKind) throws {
        try kind.withConnection { db throws in
            let big = String(repeating: "0123456789abcdé", count: 10_000_000 / 16 + 1)
            #expect(big.utf8.count > 10_000_000)
            let (read, _) = try roundTrip(big, in: db)
            #expect(read.utf8.count == big.utf8.count)
            #expect(read.utf8.elementsEqual(big.utf8))
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func invalidUTF8IsAnErrorNotReplacement(kind: DatabaseKind) throws {
        try kind.withConnection { db throws in
            try db.execute("CREATE TABLE bad(x TEXT) STRICT; INSERT INTO bad VALUES (CAST(X'41FF42' AS TEXT))")
            #expect(try db.scalar("SELECT typeof(x) FROM bad") == .text("text"))
            for read in [
                { _ = try db.scalar("SELECT x FROM bad") },
                { _ = try db.fetch("SELECT x FROM bad") { try $0.decode(String.self, at: 0) } },
                { _ = try db.fetch("SELECT x AS named FROM bad") { try $0.decode(String?.self, named: "named") } },
            ] as [() throws -> Void] {
                let error = caught(SQLiteError.self) { try read() }
                #expect(error?.code == SQLITE_MISMATCH)
                #expect(error?.message.contains("\u{FFFD}") == false)
            }
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func columnsByName(kind: DatabaseKind) throws {
        try kind.withConnection { db throws in
            let read = try db.fetch("SELECT 1 AS one, 'two' AS two, NULL AS three") { row in
                (
                    try row.decode(Int.self, named: "one"), try row.decode(String.self, named: "two"),
                    try row.decode(Int?.self, named: "three")
                )
            }
            #expect(read.first! == (1, "two", nil))
            let missing = caught(SQLiteError.self) { _ = try db.fetch("SELECT 1 AS one") { try $0.decode(Int.self, named: "One") } }
            #expect(missing?.code == SQLITE_RANGE)
            let wrongType = caught(SQLiteError.self) { _ = try db.fetch("SELECT 'x' AS one") { try $0.decode(Int64.self, at: 0) } }
            #expect(wrongType?.code == SQLITE_MISMATCH)
        }
    }
}
