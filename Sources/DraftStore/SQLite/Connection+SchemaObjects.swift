/// One table, view or trigger of the main database or of the connection's TEMP schema, as
/// `sqlite_schema` or `sqlite_temp_schema` lists it.
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

    /// The tables, views and triggers of the database and of the connection's TEMP schema
    /// (``DraftStore/Configuration/temporarySchemaSQL`` makes those), SQLite's internal ones left out,
    /// by type then name: a TEMP trigger on a table changes its rows as a trigger of the schema does. A store reads them once when it opens, for every check that needs them
    /// (foreign keys, triggers, double-quoted strings): each query of `sqlite_schema` is a
    /// statement to compile, and after the migrations' schema changes a cached one compiles again (W7).
    /// - Throws: ``SQLiteError`` when the schema cannot be read.
    func schemaObjects() throws(SQLiteError) -> [SchemaObject] {
        let statement = try prepare(
            """
            SELECT type, name, tbl_name FROM sqlite_schema
            WHERE type IN ('table', 'view', 'trigger') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
            UNION ALL
            SELECT type, name, tbl_name FROM sqlite_temp_schema
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

    /// The objects of the connection's TEMP schema (`sqlite_temp_schema`), SQLite's own left out.
    /// - Throws: ``SQLiteError`` when the schema cannot be read.
    func temporaryObjects() throws -> [(type: String, name: String)] {
        try fetch("SELECT type, name FROM sqlite_temp_schema WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\'") { row in
            (try row.text(at: 0), try row.text(at: 1))
        }
    }
}
