import CSQLite
import DraftStore
import Foundation
import Testing

/// SQLite stores a bound NaN as NULL. A NaN must be refused with a typed error, never
/// written as NULL (a changed value, or a row that cannot be read back).
@Suite struct NaNTests {
    /// A row with an optional and a required number.
    struct Reading: Entity, Hashable {
        var id: Int64?
        var value = 0.0
        var ratio: Double?
        init() {}
        static let schema = EntitySchema<Reading>(
            table: "readings", columns: [.primaryKey("id", \.id), .column("value", \.value), .column("ratio", \.ratio)])
    }

    static let migrations = [
        Migration(name: "0001_readings", sql: "CREATE TABLE readings (id INTEGER PRIMARY KEY, value REAL NOT NULL, ratio REAL) STRICT;")
    ]

    @Test func aNaNInAnInsertIsAFieldErrorAndNothingIsWritten() throws {
        let store = try DraftStore(path: nil, migrations: NaNTests.migrations)
        var reading = Reading()
        reading.ratio = .nan
        let context = store.newChildContext()
        try context.insert(reading)
        let error = try #require(throws: SaveError.self) { try context.save() }
        guard case let .rejected(fields) = error else {
            Issue.record("expected .rejected, got \(error)")
            return
        }
        #expect(fields.map(\.field) == ["ratio"])
        #expect(try store.count(Reading.self) == 0)
        #expect(context.hasChanges)
    }

    @Test func aNaNInAnUpdateIsAFieldErrorAndTheRowIsUnchanged() throws {
        let store = try DraftStore(path: nil, migrations: NaNTests.migrations)
        let context = store.newChildContext()
        var reading = Reading()
        reading.value = 1.5
        let inserted = try context.insert(reading)
        let id = try #require(try context.save().insertedIDs[inserted.id!])
        var edited = try #require(try context.fetch(Reading.self, id: id))
        edited.value = .nan
        try context.update(edited)
        let error = try #require(throws: SaveError.self) { try context.save() }
        guard case let .rejected(fields) = error else {
            Issue.record("expected .rejected, got \(error)")
            return
        }
        #expect(fields.map(\.field) == ["value"])
        #expect(try store.fetch(Reading.self, id: id)?.value == 1.5)
    }

    @Test func bindingANaNThrowsAMismatch() throws {
        let connection = try Connection(path: nil)
        try connection.execute("CREATE TABLE t(x ANY) STRICT")
        let error = try #require(throws: SQLiteError.self) { try connection.run("INSERT INTO t(x) VALUES (?)", [.real(.nan)]) }
        #expect(error.extendedCode == SQLITE_MISMATCH)
        #expect(try connection.scalar("SELECT count(*) FROM t") == .integer(0))
        try connection.run("INSERT INTO t(x) VALUES (?)", [.real(.infinity)])
        #expect(try connection.scalar("SELECT x FROM t") == .real(.infinity))
    }
}
