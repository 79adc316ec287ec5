import DraftStore
import DraftStoreTesting
import Foundation
import Testing

/// Sakila's rental dates are TIMESTAMP columns holding ISO-8601 text with milliseconds
/// (`2005-05-24 22:53:30.000`), read here into `Date`.
struct DatedRental: Entity, Equatable {
    var rentalID: Int64?
    var rentalDate = Date(timeIntervalSince1970: 0)
    var inventoryID: Int64 = 0
    var customerID: Int64 = 0
    var returnDate: Date?
    var staffID: Int64 = 1
    var lastUpdate = Sakila.stamp
    static let schema = EntitySchema<DatedRental>(
        table: "rental",
        columns: [
            .primaryKey("rental_id", \.rentalID), .column("rental_date", \.rentalDate, date: .iso8601),
            .column("inventory_id", \.inventoryID), .column("customer_id", \.customerID),
            .column("return_date", \.returnDate, date: .iso8601), .column("staff_id", \.staffID), .column("last_update", \.lastUpdate),
        ])
}

@Suite struct SakilaDateTests {
    static let fixture = StoreFixture(migrations: Sakila.migrations, entities: [DatedRental.self])

    @Test func isoTextDatesReadAndAnUntouchedOneStaysAsItWas() throws {
        try Self.fixture.withEachKind { test in
            let mirror = try SQLMirror(test.store, ignoring: Sakila.clockColumns)
            let item = try test.store.presentEdit(DatedRental.self, id: 1)
            #expect(item.draft.rentalDate == Date(timeIntervalSince1970: 1_116_975_210))
            #expect(item.draft.returnDate == Date(timeIntervalSince1970: 1_117_145_070))
            try writeBehind(test, "UPDATE rental SET staff_id = 2 WHERE rental_id = 1")
            item.draft.customerID = 2
            _ = try item.save()
            try mirror.run("UPDATE rental SET staff_id = 2 WHERE rental_id = 1; UPDATE rental SET customer_id = 2 WHERE rental_id = 1")
            try mirror.expectSameTables(as: test.store)
        }
    }

    @Test func aChangedDateIsStoredAsSQLitesDateFunctionsReadIt() throws {
        try Self.fixture.withEachKind { test in
            let item = try test.store.presentEdit(DatedRental.self, id: 2)
            #expect(item.draft.returnDate == nil)
            item.draft.returnDate = Date(timeIntervalSince1970: 1_117_000_000.25)
            _ = try item.save()
            let stored = try test.store.withWriterConnection {
                try $0.scalar(
                    "SELECT CAST(round((julianday(return_date) - 2440587.5) * 86400000) AS INTEGER) FROM rental WHERE rental_id = 2")
            }
            #expect(stored == .integer(1_117_000_000_250))
            #expect(try test.store.fetch(DatedRental.self, id: 2)?.returnDate == Date(timeIntervalSince1970: 1_117_000_000.25))
        }
    }
}
