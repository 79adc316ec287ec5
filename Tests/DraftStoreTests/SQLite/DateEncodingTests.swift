import Foundation
import Testing

@testable import DraftStore
@testable import DraftStoreSQLite

/// `Date` columns in each of SQLite's date forms, compared with SQLite's own date functions.
@Suite("Dates: INTEGER milliseconds, REAL seconds and Julian days, ISO-8601 text")
struct DateEncodingTests {
    @Test("a date made from whole milliseconds since 1970 is stored as exactly those milliseconds")
    func millisecondsRoundTrip() {
        var generator = SystemRandomNumberGenerator()
        var wrong: [Int64] = []
        for _ in 0..<200_000 {
            let milliseconds = Int64.random(in: -62_000_000_000_000...253_000_000_000_000, using: &generator)
            if Date(timeIntervalSince1970: Double(milliseconds) / 1000).sqliteValue != .integer(milliseconds) { wrong.append(milliseconds) }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
        // Between milliseconds, a date is taken down to its millisecond.
        #expect(Date(timeIntervalSince1970: 1.0007).sqliteValue == .integer(1000))
    }

    @Test(
        "each encoding round-trips, and reads what SQLite's date functions write",
        arguments: [DateEncoding.unixSeconds, .julianDay, .iso8601])
    func agreesWithSQLite(encoding: DateEncoding) throws {
        let db = try Connection(path: nil)
        defer { db.close() }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            // Years 0000 to 9999, SQLite's range.
            let milliseconds = Int64.random(in: -62_167_219_200_000...253_402_300_799_999, using: &generator)
            let date = Date(unixMilliseconds: milliseconds)
            let stored = encoding.encode(date)
            #expect(encoding.decode(stored) == date, "\(milliseconds) as \(stored)")
            #expect(encoding.encode(try #require(encoding.decode(stored))) == stored)
            // SQLite reads the stored value as the same instant.
            let sql =
                switch encoding {
                case .julianDay: "SELECT CAST(round((julianday(?) - 2440587.5) * 86400000.0) AS INTEGER)"
                case .unixSeconds: "SELECT CAST(round((julianday(?, 'unixepoch') - 2440587.5) * 86400000.0) AS INTEGER)"
                default: "SELECT CAST(round((julianday(?) - 2440587.5) * 86400000.0) AS INTEGER)"
                }
            let sqlite = try db.scalar(sql, [stored])
            #expect(sqlite == .integer(milliseconds), "\(stored)")
        }
    }

    @Test("ISO-8601 text in SQLite's other forms reads as SQLite reads it")
    func textForms() throws {
        let db = try Connection(path: nil)
        defer { db.close() }
        for text in [
            "2021-01-01", "2021-01-01 10:20", "2021-01-01T10:20:30", "2021-01-01 10:20:30.5", "2021-01-01 10:20:30.123456",
            "2021-12-31 23:59:59.9996", "2021-01-01 10:20:30Z", "2021-01-01 10:20:30+02:00", "2021-01-01T00:30:00-01:30",
            "0001-03-01 00:00:00",
        ] {
            let sqlite = try db.scalar("SELECT CAST(round((julianday(?) - 2440587.5) * 86400000.0) AS INTEGER)", [.text(text)])
            let date = try #require(DateEncoding.iso8601.decode(.text(text)), "\(text)")
            #expect(date.sqliteValue == sqlite, "\(text)")
        }
        for text in ["2021-1-01", "2021-13-01", "20210101", "2021-01-01 25:00", "2021-01-01 10:20:30.", "yesterday", ""] {
            #expect(DateEncoding.iso8601.decode(.text(text)) == nil, "\(text)")
        }
        #expect(DateEncoding.iso8601.encode(Date(unixMilliseconds: 1_609_459_200_000)) == .text("2021-01-01 00:00:00"))
        #expect(DateEncoding.iso8601.encode(Date(unixMilliseconds: 1_609_459_200_042)) == .text("2021-01-01 00:00:00.042"))
    }

    struct Invoice: Entity, Equatable {
        var id: Int64?
        var date = Date(timeIntervalSince1970: 0)
        var total = 0.0
        var paid: Date?
        static let schema = EntitySchema<Invoice>(
            table: "invoices",
            columns: [
                .primaryKey("InvoiceId", \.id), .column("InvoiceDate", \.date, date: .iso8601), .column("Total", \.total),
                .column("PaidAt", \.paid, date: .julianDay),
            ])
    }

    @Test(
        "a DATETIME column of ISO text reads into Date; editing another field leaves its text as another tool wrote it",
        arguments: DatabaseKind.allCases)
    func existingTextDates(kind: DatabaseKind) throws {
        try TemporaryFolder.with { folder in
            let sql = """
                CREATE TABLE invoices (InvoiceId INTEGER PRIMARY KEY, InvoiceDate DATETIME NOT NULL, Total NUMERIC(10,2) NOT NULL, PaidAt REAL);
                INSERT INTO invoices VALUES (1, '2021-01-01T00:00:00Z', 1.98, julianday('2021-01-05 12:00:00'));
                """
            let store = try DraftStore(path: kind == .file ? folder.path("i.sqlite") : nil, migrations: [Migration(name: "0001", sql: sql)])
            defer { store.close() }
            let context = store.newChildContext()
            var invoice = try #require(try context.fetch(Invoice.self, id: 1))
            #expect(invoice.date == Date(unixMilliseconds: 1_609_459_200_000))
            #expect(invoice.paid == Date(unixMilliseconds: 1_609_848_000_000))
            invoice.total = 2.5
            try context.update(invoice)
            #expect(context.changedFields(of: invoice).map(\.field) == ["Total"])
            try context.save()
            let stored = try store.withWriterConnection { try rows($0, "SELECT InvoiceDate, Total FROM invoices") }
            #expect(stored == [[.text("2021-01-01T00:00:00Z"), .real(2.5)]])
            // A new invoice is written in SQLite's own datetime() form.
            let add = store.newChildContext()
            try add.insert(Invoice(date: Date(unixMilliseconds: 1_700_000_000_123), total: 3))
            try add.save()
            let added = try store.withWriterConnection { try $0.scalar("SELECT InvoiceDate FROM invoices WHERE InvoiceId = 2") }
            #expect(added == .text("2023-11-14 22:13:20.123"))
        }
    }
}
