/// Compares the schema a baseline migration creates with the database it adopts.
///
/// The baseline's SQL runs on a scratch in-memory database; then each table, its columns
/// (`PRAGMA table_xinfo`: name, declared type, NOT NULL, primary-key position) and each named
/// index of the baseline must be in the database as well. What SQLite reports is compared,
/// never the SQL text, so formatting and quoting do not matter.
enum BaselineCheck {
    /// The differences, in words; empty when the database has everything the baseline creates.
    /// - Throws: ``MigrationError`` `.failed` when the baseline's SQL does not run, `.storage` when the database cannot be read.
    static func differences(between baseline: Migration, and connection: Connection) throws(MigrationError) -> [String] {
        let scratch: Connection
        do {
            scratch = try Connection(path: nil)
            try scratch.execute(baseline.sql)
        } catch {
            throw MigrationError(file: baseline.name, kind: .failed(error))
        }
        do {
            let wanted = try describe(scratch)
            let found = try describe(connection)
            var differences: [String] = []
            for (table, columns) in wanted.tables.sorted(by: { $0.key < $1.key }) {
                guard let existing = found.tables[table] else {
                    differences.append("table \(table) is missing")
                    continue
                }
                for column in columns where !existing.contains(column) {
                    let other = existing.first { $0.name == column.name }
                    differences.append(
                        other.map { "\(table).\(column.name) is \($0) in the database, \(column) in the baseline" }
                            ?? "\(table).\(column.name) is missing")
                }
                for column in existing where !columns.contains(where: { $0.name == column.name }) {
                    differences.append("\(table).\(column.name) is in the database but not in the baseline")
                }
            }
            for index in wanted.indexes.subtracting(found.indexes).sorted() { differences.append("index \(index) is missing") }
            return differences
        } catch let error as SQLiteError {
            throw MigrationError(file: connection.path ?? ":memory:", kind: .storage(error))
        } catch {
            throw MigrationError(file: connection.path ?? ":memory:", kind: .storage(SQLiteError(extendedCode: 1, message: "\(error)")))
        }
    }

    /// One column as `PRAGMA table_xinfo` describes it.
    struct ColumnDescription: Equatable, CustomStringConvertible {
        let name: String
        let type: String
        let notNull: Bool
        let keyPosition: Int64
        var description: String {
            [type.isEmpty ? "untyped" : type, notNull ? "NOT NULL" : nil, keyPosition > 0 ? "key column \(keyPosition)" : nil]
                .compactMap { $0 }.joined(separator: " ")
        }
    }

    /// Tables (lowercased name → columns) and named indexes of a database, DraftStore's own left out.
    static func describe(_ connection: Connection) throws -> (tables: [String: [ColumnDescription]], indexes: Set<String>) {
        let names = try connection.fetch(
            "SELECT type, name FROM sqlite_schema WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name != ?",
            [.text(Migrator.table)]
        ) { (try $0.text(at: 0), try $0.text(at: 1)) }
        var tables: [String: [ColumnDescription]] = [:]
        var indexes: Set<String> = []
        for (type, name) in names {
            if type == "index" { indexes.insert(name.lowercased()) }
            guard type == "table" else { continue }
            tables[name.lowercased()] = try connection.fetch(
                "SELECT name, upper(type), \"notnull\", pk FROM pragma_table_xinfo(?)", [.text(name)]
            ) { row in
                ColumnDescription(
                    name: try row.text(at: 0).lowercased(), type: try row.text(at: 1), notNull: row.int64(at: 2) != 0,
                    keyPosition: row.int64(at: 3))
            }
        }
        return (tables, indexes)
    }
}
