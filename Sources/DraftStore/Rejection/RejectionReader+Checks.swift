extension RejectionReader {
    /// The CHECK constraints of the row's table that the row breaks: each CHECK's expression
    /// (cut from the table's `CREATE TABLE` by ``SchemaText``) evaluated by SQLite on the row;
    /// false (not NULL) breaks it. Its columns are those the authorizer sees the expression read.
    static func checkViolations(_ row: RefusedRow, connection: Connection) -> [StoreRejection] {
        let table = row.table.name
        guard
            case let .text(sql)? = try? connection.scalar("SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = ?", [.text(table)])
        else { return [] }
        var found: [StoreRejection] = []
        for check in SchemaText.checks(inCreateTable: sql) {
            let outcome = try? connection.scalar("SELECT (\(check.expression)) IS 0 FROM \(row.source)", row.arguments)
            guard outcome == .integer(1) else { continue }
            var columns = columnsOf(expression: check.expression, table: table, connection: connection)
            if columns.isEmpty, let column = check.column { columns = [column] }
            found.append(
                StoreRejection(
                    kind: .check, table: table, columns: columns, constraint: check.name, values: columns.compactMap(row.value(of:)),
                    object: row.object))
        }
        return found
    }

    /// The NOT NULL columns of the row's table (`PRAGMA table_info`) that the row leaves NULL.
    /// An INSERT leaves out a NULL column that has a DEFAULT, so SQLite stores the default there:
    /// no violation.
    static func notNullViolations(_ row: RefusedRow, connection: Connection) -> [StoreRejection] {
        let defaulted = row.kind == .insert ? " AND dflt_value IS NULL" : ""
        let columns =
            (try? connection.fetch(
                "SELECT name FROM pragma_table_info(?) WHERE \"notnull\" = 1 AND pk = 0\(defaulted)", [.text(row.table.name)]
            ) {
                try $0.text(at: 0)
            }) ?? []
        return columns.filter { row.value(of: $0)?.isNull == true }.map { column in
            StoreRejection(kind: .notNull, table: row.table.name, columns: [column], values: [.null], object: row.object)
        }
    }
}
