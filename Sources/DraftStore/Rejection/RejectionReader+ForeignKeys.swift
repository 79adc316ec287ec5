extension RejectionReader {
    /// The foreign keys of `table` (``ForeignKey/list(of:on:)``); none when the schema cannot be read.
    static func references(of table: String, connection: Connection) -> [ForeignKey] {
        (try? ForeignKey.list(of: table, on: connection)) ?? []
    }

    /// The row's references whose parent row does not exist (its columns are all non-NULL).
    static func missingParents(_ row: RefusedRow, connection: Connection) -> [StoreRejection] {
        references(of: row.table.name, connection: connection).compactMap { reference -> StoreRejection? in
            let values = reference.childColumns.map { row.value(of: $0) ?? .null }
            guard parentIsMissing(reference, values: values, connection: connection) else { return nil }
            return StoreRejection(
                kind: .foreignKey, table: row.table.name, columns: reference.childColumns, values: values,
                relatedTable: reference.parentTable,
                object: row.object)
        }
    }

    /// For a deleted row (or a changed parent key): the child tables whose rows still refer to it;
    /// with `restrictOnly`, only through keys whose action for the statement is `RESTRICT`
    /// (SQLite reports those as a trigger's refusal, `SQLITE_CONSTRAINT_TRIGGER`).
    static func childrenLeft(_ row: RefusedRow, restrictOnly: Bool = false, connection: Connection) -> [StoreRejection] {
        let tables =
            (try? connection.fetch("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'") {
                try $0.text(at: 0)
            }) ?? []
        var found: [StoreRejection] = []
        for child in tables {
            for reference in references(of: child, connection: connection) where reference.parentTable == row.table.name {
                if restrictOnly, (row.isDelete ? reference.onDelete : reference.onUpdate).uppercased() != "RESTRICT" { continue }
                let values = reference.parentColumns.map { column in
                    row.value(of: column) ?? (column == "rowid" ? row.key.first?.value : nil) ?? .null
                }
                guard !values.contains(where: \.isNull) else { continue }
                let condition = reference.childColumns.map { "\(quote($0)) = ?" }.joined(separator: " AND ")
                guard rowExists("SELECT 1 FROM \(quote(child)) WHERE \(condition) LIMIT 1", values, connection: connection) == true
                else { continue }
                found.append(StoreRejection(kind: .foreignKey, table: row.table.name, relatedTable: child, object: row.object))
            }
        }
        return found
    }

    /// Whether a reference's parent row is missing for these child values: all non-NULL (a NULL
    /// refers to nothing), and no row of the parent table has them.
    static func parentIsMissing(_ reference: ForeignKey, values: [SQLiteValue], connection: Connection) -> Bool {
        guard !values.contains(where: \.isNull), values.count == reference.parentColumns.count else { return false }
        let condition = reference.parentColumns.map { "\(quote($0)) = ?" }.joined(separator: " AND ")
        return rowExists("SELECT 1 FROM \(quote(reference.parentTable)) WHERE \(condition)", values, connection: connection) == false
    }

    /// The foreign-key violations outstanding at the end of a save's transaction (DEFERRABLE
    /// keys), named by `PRAGMA foreign_key_check` before the transaction is rolled back: each
    /// with its table, its columns and parent, about the saved object when the row is one, so
    /// the error lands under the fields of the referencing columns.
    static func deferredViolations(saved: [SavedRow], connection: Connection) -> [FieldError] {
        let rows =
            (try? connection.fetch("PRAGMA foreign_key_check") { row in
                (try row.text(at: 0), row.isNull(at: 1) ? nil : row.int64(at: 1), try row.text(at: 2), Int(row.int64(at: 3)))
            }) ?? []
        // Violations the database held before this save (foreign keys once off) are not this save's:
        // keep those of a table it wrote, or whose parent table it wrote.
        let touched = Set(saved.map(\.table.name))
        var named = Set<Int>()
        return rows.filter { touched.contains($0.0) || touched.contains($0.2) }.map { table, rowid, parent, keyID in
            let reference = references(of: table, connection: connection).first { $0.id == keyID }
            let index = savedRowIndex(
                table: table, rowid: rowid, reference: reference, saved: saved, besides: named, connection: connection)
            if let index { named.insert(index) }
            let savedRow = index.map { saved[$0] }
            let object = StoreRejection.Object(table: table, key: savedRow?.key.values ?? rowid.map { [.integer($0)] } ?? [])
            let columns = reference?.childColumns ?? []
            let values: [SQLiteValue] =
                savedRow.map { saved in
                    columns.compactMap { column in saved.table.columns.firstIndex(of: column).flatMap { saved.values?[$0] } }
                } ?? []
            let rejection = StoreRejection(
                kind: .foreignKey, table: table, columns: columns, values: values, relatedTable: parent, object: object)
            return fieldError(rejection, table: savedRow?.table)
        }
    }

    /// The saved row a row of `PRAGMA foreign_key_check` is about, among those not named yet: in a
    /// rowid table, the one whose key the database holds at that rowid (the rowid is not always
    /// the key: a TEXT key has a rowid of its own); in a WITHOUT ROWID table (no rowid given), the
    /// first one whose reference finds no parent row.
    private static func savedRowIndex(
        table: String, rowid: Int64?, reference: ForeignKey?, saved: [SavedRow], besides named: Set<Int>, connection: Connection
    ) -> Int? {
        let candidates = saved.indices.filter { !named.contains($0) && saved[$0].table.name == table && saved[$0].values != nil }
        guard let first = candidates.first else { return nil }
        if let rowid {
            let schema = saved[first].table
            let keyColumns = schema.keyColumns.isEmpty ? ["rowid"] : schema.keyColumns.map { schema.columns[$0] }
            let sql = "SELECT \(keyColumns.map(quote).joined(separator: ", ")) FROM \(quote(table)) WHERE rowid = ?"
            guard
                let key = try? connection.fetch(
                    sql, [.integer(rowid)],
                    map: { row in
                        RowKey(values: try keyColumns.indices.map { try row.value(at: Int32($0)) })
                    }
                ).first
            else { return nil }
            return candidates.first { saved[$0].newKey == key }
        }
        guard let reference else { return nil }
        return candidates.first { index in
            let row = saved[index]
            let values = reference.childColumns.map { column in
                row.table.columns.firstIndex(of: column).flatMap { row.values?[$0] } ?? .null
            }
            return parentIsMissing(reference, values: values, connection: connection)
        }
    }
}
