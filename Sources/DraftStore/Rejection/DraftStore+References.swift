extension DraftStore {
    /// A change's values with temporary ids in reference columns (declared, or foreign keys of
    /// the schema: ``TableInfo/referenceColumns``) replaced by the real ids assigned in this save.
    /// A new row's reference to its own temporary key (a self-reference, `parent_id REFERENCES
    /// nodes(id)` set to the row's own key) is left for its INSERT, which writes the row's real
    /// key there (``selfReferenceKey(of:values:info:on:)``).
    /// - Throws: ``SaveError/rejected(_:)`` with a foreign-key rejection of the column when a
    ///   reference names a temporary id that is not part of this save (another editor's unsaved row).
    static func resolvedValues(
        of change: Changeset.Change, references: [(column: Int, parent: String)], with ids: [Int64: Int64]
    ) throws(SaveError) -> [SQLiteValue] {
        var values = change.state.lastValues
        var refused: [FieldError] = []
        for reference in references {
            guard case let .integer(id) = values[reference.column], id < 0 else { continue }
            // A self-reference (same table, not the key column) is the INSERT's to write; a one-to-one
            // child's key column holds its parent's temporary key, which is remapped like any reference.
            if change.kind == .insert, change.key == RowKey(.integer(id)), !change.table.keyColumns.contains(reference.column),
                reference.parent.lowercased() == change.table.name.lowercased()
            {
                continue
            }
            guard let real = ids[id] else {
                refused.append(RejectionReader.unsavedReference(change: change, column: reference.column, parent: reference.parent))
                continue
            }
            values[reference.column] = .integer(real)
        }
        if !refused.isEmpty { throw .rejected(refused) }
        return values
    }

    /// The rowid a new row that references its own temporary key gets, chosen before its INSERT
    /// as SQLite would choose it, and written both as its key and in each reference column that
    /// holds its temporary key (SQLite accepts a row that references itself).
    ///
    /// SQLite's rule (https://sqlite.org/autoinc.html): one more than the largest rowid in the
    /// table, and with `AUTOINCREMENT` one more than the largest ever used (`sqlite_sequence`),
    /// if that is larger.
    /// - Parameters:
    ///   - change: An insert whose key is temporary.
    ///   - values: Its values, references to rows saved before it resolved.
    ///   - connection: The writer, in the save's transaction.
    /// - Returns: The values with the chosen key written; `nil` when no column references the row
    ///   itself, or when the largest rowid is taken (then SQLite would pick one at random).
    /// - Throws: ``SQLiteError`` when reading the largest rowid fails.
    static func selfReferenceKey(of change: Changeset.Change, values: [SQLiteValue], info: TableInfo, on connection: Connection) throws
        -> [SQLiteValue]?
    {
        guard change.key.isTemporary, let own = change.key.integerValue else { return nil }
        // Only a reference to this same table is a self-reference: a one-to-one child's key column
        // holds its parent's temporary key, which the save remaps instead.
        let table = change.table
        let columns = info.referenceColumns
            .filter {
                $0.parent.lowercased() == table.name.lowercased() && !table.keyColumns.contains($0.column)
                    && values[$0.column] == .integer(own)
            }
            .map(\.column)
        guard !columns.isEmpty else { return nil }
        let quotedTable = quote(table.name)
        let key = quote(table.columns[table.keyColumns[0]])
        var largest: Int64 = 0
        if case let .integer(stored)? = try connection.scalar("SELECT max(\(key)) FROM \(quotedTable)") { largest = stored }
        let hasSequence = try connection.scalar("SELECT count(*) FROM sqlite_schema WHERE name = 'sqlite_sequence'") != .integer(0)
        if hasSequence,
            case let .integer(used)? = try connection.scalar(
                "SELECT max(seq) FROM sqlite_sequence WHERE lower(name) = lower(?)", [.text(change.table.name)])
        {
            largest = max(largest, used)
        }
        guard largest < Int64.max else { return nil }
        var chosen = values
        for column in columns { chosen[column] = .integer(largest + 1) }
        change.table.setKey(RowKey(.integer(largest + 1)), in: &chosen)
        return chosen
    }
}
