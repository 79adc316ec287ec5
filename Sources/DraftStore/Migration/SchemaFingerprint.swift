/// What the schema must be after the migrations: every table, index, view and trigger, as
/// SQLite records it in `sqlite_schema` (its type, name, table and SQL text, which carries the
/// columns, their types, CHECKs and foreign keys). The store records it after migrating, in
/// its own table `draftstore_schema`, and compares it on every open: a change made by another
/// tool — an index or foreign key dropped, a column's type changed, a trigger added, a column
/// dropped — is a ``SchemaDriftError`` naming each difference, before anything is written.
struct SchemaFingerprint: Equatable {
    /// One schema object.
    struct Object: Hashable, Comparable {
        let type: String
        let name: String
        let sql: String
        static func < (lhs: Object, rhs: Object) -> Bool { (lhs.type, lhs.name) < (rhs.type, rhs.name) }
    }

    /// The objects, DraftStore's own and SQLite's internal ones left out.
    let objects: Set<Object>

    /// The bookkeeping table.
    static let table = "draftstore_schema"

    /// The schema as the database has it now.
    /// - Throws: ``SQLiteError`` when the schema cannot be read.
    static func current(_ connection: Connection) throws -> SchemaFingerprint {
        let rows = try connection.fetch("SELECT type, name, sql FROM sqlite_schema WHERE \(objectsFilter)") {
            Object(type: try $0.text(at: 0), name: try $0.text(at: 1), sql: try $0.text(at: 2))
        }
        return SchemaFingerprint(objects: Set(rows))
    }

    /// The rows of `sqlite_schema` a fingerprint holds: those with SQL text, SQLite's internal
    /// objects and DraftStore's own tables left out.
    static let objectsFilter =
        "sql IS NOT NULL AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE 'draftstore\\_%' ESCAPE '\\'"

    /// The schema recorded after the last migration; `nil` when none was recorded (a database
    /// made before the store recorded one).
    /// - Throws: ``SQLiteError`` when it cannot be read.
    static func recorded(_ connection: Connection) throws -> SchemaFingerprint? {
        // The migrator's table list, just read on this connection: no statement of its own to compile (W7).
        guard try connection.tableNames().contains(table) else { return nil }
        let rows = try connection.fetch("SELECT type, name, sql FROM \(table)") {
            Object(type: try $0.text(at: 0), name: try $0.text(at: 1), sql: try $0.text(at: 2))
        }
        return SchemaFingerprint(objects: Set(rows))
    }

    /// Records the schema as it is now as what it must be, replacing the previous record, in
    /// the transaction the caller holds — a migration's own, so that the record and the schema
    /// it describes commit together (a later migration that fails leaves both as they were).
    /// One `INSERT … SELECT`: the rows go from `sqlite_schema` to the record inside SQLite.
    /// - Throws: ``SQLiteError`` when the write fails.
    static func recordCurrent(on connection: Connection) throws(SQLiteError) {
        try connection.execute(
            """
            CREATE TABLE IF NOT EXISTS \(table) (type TEXT NOT NULL, name TEXT NOT NULL PRIMARY KEY, sql TEXT NOT NULL) STRICT;
            DELETE FROM \(table);
            INSERT INTO \(table) (type, name, sql) SELECT type, name, sql FROM sqlite_schema WHERE \(objectsFilter);
            """)
    }

    /// How `actual` differs from this fingerprint.
    func differences(from actual: SchemaFingerprint) -> [SchemaDriftError.Difference] {
        let expected = Dictionary(uniqueKeysWithValues: objects.map { ("\($0.type) \($0.name)".lowercased(), $0) })
        let found = Dictionary(uniqueKeysWithValues: actual.objects.map { ("\($0.type) \($0.name)".lowercased(), $0) })
        var result: [SchemaDriftError.Difference] = []
        for (key, object) in expected.sorted(by: { $0.key < $1.key }) {
            guard let other = found[key] else {
                result.append(.removed(type: object.type, name: object.name))
                continue
            }
            if other.sql != object.sql {
                result.append(.changed(type: object.type, name: object.name, expected: object.sql, found: other.sql))
            }
        }
        for (key, object) in found.sorted(by: { $0.key < $1.key }) where expected[key] == nil {
            result.append(.added(type: object.type, name: object.name))
        }
        return result
    }
}
