import DraftStore

/// Every row of every table of a store, read through its writer connection: what
/// ``expectUnchanged(_:sourceLocation:_:)`` compares.
struct DatabaseContents: Equatable {
    /// Rows by table, each row's values in column order, rows in rowid order.
    let tables: [String: [[SQLiteValue]]]

    init(_ store: DraftStore) throws {
        tables = try store.withWriterConnection { connection in
            let names = try connection.fetch(
                "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name"
            ) { try $0.text(at: 0) }
            var tables: [String: [[SQLiteValue]]] = [:]
            for name in names {
                let quoted = Connection.quoteIdentifier(name)
                tables[name] = try connection.fetch("SELECT * FROM \(quoted) ORDER BY rowid") { row in
                    try (0..<Int32(row.count)).map { try row.value(at: $0) }
                }
            }
            return tables
        }
    }

    /// What differs, in words, table by table.
    func differences(from other: DatabaseContents) -> [String] {
        Set(tables.keys).union(other.tables.keys).sorted().compactMap { name in
            let before = tables[name] ?? []
            let after = other.tables[name] ?? []
            if before == after { return nil }
            if before.count != after.count { return "\(name) had \(before.count) rows and now has \(after.count)" }
            let changed = zip(before, after).filter { $0 != $1 }.count
            return "\(changed) row(s) of \(name) changed"
        }
    }
}
