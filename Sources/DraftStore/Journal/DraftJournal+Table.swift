import Foundation

/// The journal's SQL: writing entries, reading them back, deleting one inside a save.
extension DraftJournal {
    /// Writes entries in one `BEGIN IMMEDIATE` transaction, each with its tables' definitions as
    /// SQLite records them now. An entry suspended (a save of it began) or removed meanwhile is
    /// not written; a suspended one is kept pending for when the save ends.
    /// - Throws: ``SQLiteError`` when a statement fails (nothing is written then).
    func write(_ batch: [Pending], on connection: Connection) throws {
        try connection.transaction(.immediate) {
            // Checked with the write lock held: a save that suspended the entry before this
            // point begins its own transaction after this one commits, and deletes what it wrote.
            let writable = state.withLock { state -> [DraftEntry] in
                for pending in batch where state.suspended.contains(pending.entry.id) && state.pending[pending.entry.id] == nil {
                    state.pending[pending.entry.id] = pending
                }
                return batch.filter { pending in
                    let id = pending.entry.id
                    return !state.suspended.contains(id) && !state.closed.contains(id)
                        && state.generations[id, default: 0] == pending.generation
                }.map(\.entry)
            }
            if !writable.isEmpty { try connection.execute(Self.createSQL) }
            for var entry in writable {
                for index in entry.tables.indices {
                    entry.tables[index].definition = try Self.definition(of: entry.tables[index].name, on: connection)
                }
                let key = try DraftEntry.encodedKey(entry.key)
                try connection.run(
                    """
                    INSERT OR REPLACE INTO \(Self.table) (id, format, entity, table_name, mode, key, edited_at, entry)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                    [
                        .text(entry.id.uuidString), .integer(Int64(entry.format)), .text(entry.entity), .text(entry.table),
                        .text(entry.mode), .text(key), .integer(entry.editedAt), .text(try entry.encoded()),
                    ])
            }
        }
    }

    /// A table's `CREATE TABLE` statement as recorded in `sqlite_schema`; `nil` when there is no such table.
    /// - Throws: ``SQLiteError`` when the schema cannot be read.
    static func definition(of table: String, on connection: Connection) throws(SQLiteError) -> String? {
        let value = try connection.scalar("SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = ? COLLATE NOCASE", [.text(table)])
        if case let .text(sql) = value { return sql }
        return nil
    }

    /// Deletes an entry on the store's writer, inside the save's transaction (where no journal
    /// write can be in flight): nothing when the table does not exist yet (the first write did not run).
    /// - Throws: ``SQLiteError`` when the delete fails (the save then fails and rolls back).
    static func delete(_ id: UUID, on connection: Connection) throws(SQLiteError) {
        guard try exists(on: connection) else { return }
        try connection.run("DELETE FROM \(table) WHERE id = ?", [.text(id.uuidString)])
    }

    /// Whether the journal table exists in the database `connection` reads.
    static func exists(on connection: Connection) throws(SQLiteError) -> Bool {
        try connection.scalar("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = ?", [.text(table)]) == .integer(1)
    }

    /// The listing of every entry, oldest edit first.
    /// - Throws: ``SQLiteError`` when the read fails.
    static func list(on connection: Connection) throws -> [RestorableDraft] {
        guard try exists(on: connection) else { return [] }
        return try connection.fetch("SELECT id, entity, table_name, mode, key, edited_at, format FROM \(table) ORDER BY edited_at, id") {
            row in
            let key = RowKey(values: (try? DraftEntry.decodedKey(try row.text(at: 4))) ?? [])
            return RestorableDraft(
                id: UUID(uuidString: try row.text(at: 0)) ?? UUID(), entity: try row.text(at: 1), table: try row.text(at: 2),
                mode: try row.text(at: 3) == "add" ? .add : .edit(key: key), key: key,
                editedAt: Date(timeIntervalSince1970: Double(row.int64(at: 5)) / 1000), format: Int(row.int64(at: 6)))
        }
    }

    /// The stored row of one entry: its listing columns and its text; `nil` when there is none.
    /// - Throws: ``SQLiteError`` when the read fails.
    static func entryRow(_ id: UUID, on connection: Connection) throws -> StoredEntry? {
        guard try exists(on: connection) else { return nil }
        return try connection.fetch("SELECT entity, table_name, mode, key, entry FROM \(table) WHERE id = ?", [.text(id.uuidString)]) {
            row in
            StoredEntry(
                id: id, entity: try row.text(at: 0), table: try row.text(at: 1), mode: try row.text(at: 2), key: try row.text(at: 3),
                text: try row.text(at: 4))
        }.first
    }
}

extension DraftEntry {
    /// A key as the listing column stores it: the JSON of its values.
    static func encodedKey(_ key: [SQLiteValue]) throws -> String {
        String(decoding: try JSONEncoder().encode(key), as: UTF8.self)
    }

    /// A key read back from the listing column.
    static func decodedKey(_ text: String) throws -> [SQLiteValue] {
        try JSONDecoder().decode([SQLiteValue].self, from: Data(text.utf8))
    }
}
