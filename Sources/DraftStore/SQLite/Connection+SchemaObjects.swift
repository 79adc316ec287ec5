/// One table, view or trigger of the main database, as `sqlite_schema` lists it.
struct SchemaObject: Sendable, Equatable {
    /// `table`, `view` or `trigger`.
    let type: String
    /// Its name.
    let name: String
    /// The table it belongs to: its own name for a table or view, the table of a trigger.
    let table: String
}

extension Connection {
    /// The names of the database's own tables (SQLite's internal ones left out), in name order.
    /// A cached statement: the migrator asks twice at each open.
    /// - Throws: ``SQLiteError`` when the schema cannot be read.
    func tableNames() throws(SQLiteError) -> [String] {
        let statement = try cachedStatement(
            "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name")
        defer { statement.reset() }
        var result: [String] = []
        while try statement.step() { result.append(try statement.row.text(at: 0)) }
        return result
    }

    /// The tables, views and triggers of the database (SQLite's internal ones left out), by
    /// type then name. A store reads them once when it opens, for every check that needs them
    /// (foreign keys, triggers, double-quoted strings): each query of `sqlite_schema` is a
    /// statement to compile, and after the migrations' schema changes a cached one compiles again (W7).
    /// - Throws: ``SQLiteError`` when the schema cannot be read.
    func schemaObjects() throws(SQLiteError) -> [SchemaObject] {
        let statement = try prepare(
            """
            SELECT type, name, tbl_name FROM sqlite_schema
            WHERE type IN ('table', 'view', 'trigger') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
            """)
        var result: [SchemaObject] = []
        while try statement.step() {
            let row = statement.row
            result.append(SchemaObject(type: try row.text(at: 0), name: try row.text(at: 1), table: try row.text(at: 2)))
        }
        // Sorted here, byte by byte as SQLite's BINARY collation would: a handful of rows, where
        // an ORDER BY costs SQLite a sorter.
        return result.sorted { lhs, rhs in
            lhs.type != rhs.type ? lhs.type < rhs.type : lhs.name.utf8.lexicographicallyPrecedes(rhs.name.utf8)
        }
    }
}
