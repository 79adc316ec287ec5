import Foundation
import Testing

@testable import DraftStore
@testable import DraftStoreSQLite

/// The four ways the first round lost data on schemas unlike Bookshelf (issue 12): each one
/// checked against what SQLite itself does on a copy.
@Suite("Any schema: no silent data loss")
struct DataLossTests {
    struct Country: Entity, Equatable {
        var id: Int64?
        var num: Int64 = 0
        var name = ""
        static let schema = EntitySchema<Country>(
            table: "countries", columns: [.primaryKey("id", \.id), .column("num", \.num), .column("name", \.name)])
    }

    struct City: Entity, Equatable {
        var id: Int64?
        var countryNum: Int64?
        var name = ""
        static let schema = EntitySchema<City>(
            table: "cities",
            columns: [.primaryKey("id", \.id), .reference("country_num", \.countryNum, to: Country.self), .column("name", \.name)])
    }

    struct Price: Entity, Equatable {
        var sku = ""
        var amount = 0.0
        var label: String?
        static let schema = EntitySchema<Price>(
            table: "prices", columns: [.primaryKey("sku", \.sku), .column("amount", \.amount), .column("label", \.label)])
    }

    static let sql = """
        CREATE TABLE countries (id INTEGER PRIMARY KEY, num INTEGER NOT NULL UNIQUE, name TEXT NOT NULL);
        CREATE TABLE cities (id INTEGER PRIMARY KEY, country_num INTEGER REFERENCES countries(num) ON DELETE CASCADE, name TEXT NOT NULL);
        CREATE TABLE prices (sku TEXT PRIMARY KEY, amount NUMERIC NOT NULL, label TEXT) WITHOUT ROWID;
        INSERT INTO countries VALUES (1, 250, 'France'), (250, 840, 'United States');
        INSERT INTO cities VALUES (1, 250, 'Lyon'), (2, 250, 'Nantes'), (3, 840, 'Boston');
        INSERT INTO prices VALUES ('tea', 1.0, 'Tea'), ('jam', 2.5, 'Jam');
        """
    static let migrations = [Migration(name: "0001", sql: sql)]

    /// Runs `body` on a file store and a plain connection to a copy of the same file made before it.
    static func withStoreAndCopy(_ body: (DraftStore, Connection) throws -> Void) throws {
        try TemporaryFolder.with { folder in
            let path = folder.path("app.sqlite")
            var configuration = DraftStore.Configuration()
            configuration.entities = [Country.self, City.self, Price.self]
            let store = try DraftStore(path: path, migrations: migrations, configuration: configuration)
            defer { store.close() }
            let copy = try Connection(path: folder.path("copy.sqlite"))
            defer { copy.close() }
            try store.withWriterConnection { try $0.backup(to: copy) }
            try body(store, copy)
        }
    }

    static func table(_ connection: Connection, _ name: String) throws -> [[SQLiteValue]] {
        try rows(connection, "SELECT * FROM \(name) ORDER BY 1")
    }

    @Test("a cascade follows the column the foreign key references, not the parent's key: other countries keep their cities")
    func cascadeByReferencedColumn() throws {
        try Self.withStoreAndCopy { store, copy in
            let context = store.newChildContext()
            try context.delete(Country.self, id: 250)
            // In the scratch: Boston goes with the United States (num 840); Lyon and Nantes stay.
            #expect(try context.fetchAll(City.self).map(\.name) == ["Lyon", "Nantes"])
            try context.save()
            try copy.execute("PRAGMA foreign_keys = ON; DELETE FROM countries WHERE id = 250;")
            let stored = try store.withWriterConnection { try Self.table($0, "cities") }
            #expect(stored == (try Self.table(copy, "cities")))
            #expect(stored.map { $0[2] } == [.text("Lyon"), .text("Nantes")])
        }
    }

    @Test("a NUMERIC value read and written back unchanged is no change: no false conflict, nothing overwritten under draftWins")
    func numericAffinity() throws {
        try Self.withStoreAndCopy { store, _ in
            for policy in [MergePolicy.error, .draftWins] {
                let context = store.newChildContext()
                var tea = try #require(try context.fetch(Price.self, key: "tea"))
                #expect(tea.amount == 1.0)
                tea.label = "Green tea \(policy)"
                try context.update(tea)
                #expect(context.changedFields(of: tea).map(\.field) == ["label"])
                // Meanwhile another writer changes the price.
                try store.withWriterConnection { try $0.run("UPDATE prices SET amount = 0.49 WHERE sku = 'tea'") }
                try context.save(policy: policy)
                let stored = try store.withWriterConnection { try rows($0, "SELECT amount, label FROM prices WHERE sku = 'tea'") }
                #expect(stored == [[.real(0.49), .text("Green tea \(policy)")]])
                try store.withWriterConnection { try $0.run("UPDATE prices SET amount = 1.0 WHERE sku = 'tea'") }
            }
        }
    }

    struct Misspelled: Entity {
        var id: Int64?
        var name = ""
        static let schema = EntitySchema<Misspelled>(table: "countries", columns: [.primaryKey("id", \.id), .column("nmae", \.name)])
    }

    @Test("a misspelled column is a schema error naming table.column before any row is read, never the column's name as data")
    func misspelledColumn() throws {
        try Self.withStoreAndCopy { store, _ in
            let error = caught(SchemaError.self) { _ = try store.newChildContext().fetchAll(Misspelled.self) }
            #expect(error?.problems == [.missingColumn(table: "countries", column: "nmae")])
            #expect(caught(SchemaError.self) { _ = try store.fetch(FetchRequest<Misspelled>.all.filter(\.name, equals: "nmae")) } != nil)
        }
    }

    struct WrongKey: Entity {
        var num: Int64 = 0
        var name = 0
        static let schema = EntitySchema<WrongKey>(table: "countries", columns: [.primaryKey("num", \.num), .column("name", \.name)])
    }

    struct NoTable: Entity {
        var id: Int64?
        static let schema = EntitySchema<NoTable>(table: "contries", columns: [.primaryKey("id", \.id)])
    }

    @Test("the declared key and property types are checked against the table; a missing table is named")
    func schemaCheck() throws {
        try Self.withStoreAndCopy { store, _ in
            let error = caught(SchemaError.self) { _ = try store.newChildContext().fetchAll(WrongKey.self) }
            #expect(
                error?.problems == [
                    .columnType(table: "countries", column: "name", declared: "INTEGER", database: "TEXT"),
                    .primaryKey(table: "countries", declared: ["num"], database: ["id"]),
                ])
            #expect("\(error!)".contains("countries.name"))
            #expect(caught(SchemaError.self) { _ = try store.fetch(NoTable.self, id: 1) }?.problems == [.missingTable("contries")])
        }
    }
}
