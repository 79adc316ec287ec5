extension RejectionReader {
    /// The unique indexes of the row's table (column, expression and partial ones, those of
    /// UNIQUE and PRIMARY KEY constraints included) that another row already holds the row's
    /// values for: each is asked of the database, with the index's own terms, collations and
    /// `WHERE` clause (`PRAGMA index_list`, `index_xinfo`; expressions cut from `sqlite_schema`).
    static func uniqueViolations(_ row: RefusedRow, connection: Connection) -> [StoreRejection] {
        let indexes =
            (try? connection.fetch("SELECT name, partial, origin FROM pragma_index_list(?) WHERE \"unique\" = 1", [.text(row.table.name)]) {
                (try $0.text(at: 0), $0.int64(at: 1) != 0, try $0.text(at: 2))
            }) ?? []
        let found = indexes.compactMap { index, partial, origin in
            uniqueViolation(of: index, partial: partial, origin: origin, row, connection: connection)
        }
        if found.isEmpty, let rowid = primaryKeyViolation(row, connection: connection) { return [rowid] }
        return found
    }

    /// The rejection of one unique index when another row already holds the row's values for
    /// its terms (and, for a partial index, both rows fall under its `WHERE`); `nil` otherwise.
    private static func uniqueViolation(
        of index: String, partial: Bool, origin: String, _ row: RefusedRow, connection: Connection
    ) -> StoreRejection? {
        let table = row.table.name
        let terms =
            (try? connection.fetch(
                "SELECT seqno, cid, name, coll FROM pragma_index_xinfo(?) WHERE key = 1 ORDER BY seqno", [.text(index)]
            ) { row in
                (Int(row.int64(at: 0)), Int(row.int64(at: 1)), row.isNull(at: 2) ? nil : try row.text(at: 2), try row.text(at: 3))
            }) ?? []
        let needsText = partial || terms.contains { $0.1 == -2 }
        let parts: (terms: [String], whereClause: String?) = needsText ? createIndexParts(index, connection: connection) : ([], nil)
        var conditions = [row.notItself]
        var columns: [String] = []
        for (seqno, cid, name, collation) in terms {
            let term: String
            if cid >= 0, let name {
                term = quote(name)
                columns.append(name)
            } else if cid == -1 {
                term = "rowid"
                columns.append(row.key.first?.column ?? "rowid")
            } else {
                guard seqno < parts.terms.count else { break }
                term = "(\(parts.terms[seqno]))"
                for column in columnsOf(expression: parts.terms[seqno], table: table, connection: connection)
                where !columns.contains(column) {
                    columns.append(column)
                }
            }
            conditions.append("\(term) COLLATE \(quote(collation)) = (SELECT \(term) FROM \(row.source))")
        }
        guard conditions.count == terms.count + 1 else { return nil }
        if partial {
            guard let whereClause = parts.whereClause else { return nil }
            conditions.append("(\(whereClause))")
            conditions.append("(SELECT (\(whereClause)) FROM \(row.source))")
        }
        let sql = "SELECT 1 FROM \(quote(table)) WHERE " + conditions.joined(separator: " AND ") + " LIMIT 1"
        guard rowExists(sql, row.arguments, connection: connection) == true else { return nil }
        return StoreRejection(
            kind: origin == "pk" ? .primaryKey : .unique, table: table, columns: columns,
            constraint: index.hasPrefix("sqlite_autoindex_") ? nil : index, values: columns.compactMap(row.value(of:)),
            object: row.object)
    }

    /// The rejection of an inserted row whose key another row has: an INTEGER PRIMARY KEY has no
    /// index of its own for ``uniqueViolations(_:connection:)`` to find.
    private static func primaryKeyViolation(_ row: RefusedRow, connection: Connection) -> StoreRejection? {
        let key = row.key
        guard !key.isEmpty, !row.isUpdate, !key.contains(where: { $0.value.isNull }) else { return nil }
        let condition = key.map { "\(quote($0.column)) = ?" }.joined(separator: " AND ")
        guard rowExists("SELECT 1 FROM \(quote(row.table.name)) WHERE \(condition)", key.map(\.value), connection: connection) == true
        else { return nil }
        return StoreRejection(
            kind: .primaryKey, table: row.table.name, columns: key.map(\.column), values: key.map(\.value), object: row.object)
    }

    /// Whether a query returns a row; `nil` when it cannot run (an expression naming a column the entity does not map).
    static func rowExists(_ sql: String, _ arguments: [SQLiteValue], connection: Connection) -> Bool? {
        do { return try connection.scalar(sql, arguments) != nil } catch { return nil }
    }

    /// The terms and `WHERE` clause of an index, cut from its `CREATE INDEX` in `sqlite_schema`.
    static func createIndexParts(_ index: String, connection: Connection) -> (terms: [String], whereClause: String?) {
        guard
            case let .text(sql)? = try? connection.scalar("SELECT sql FROM sqlite_schema WHERE type = 'index' AND name = ?", [.text(index)])
        else { return ([], nil) }
        return SchemaText.indexParts(inCreateIndex: sql)
    }

    /// The columns of `table` an expression reads, as SQLite's authorizer reports them when
    /// `SELECT <expression> FROM <table>` is prepared.
    static func columnsOf(expression: String, table: String, connection: Connection) -> [String] {
        let reads = (try? connection.columnsRead(by: "SELECT (\(expression)) FROM \(quote(table))")) ?? []
        return reads.filter { $0.table == table }.map(\.column)
    }
}
