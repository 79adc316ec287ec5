import CSQLite

extension Connection {
    /// Turns SQLite's fallback that reads a double-quoted identifier matching no column as a
    /// string literal on or off, for the statements this connection prepares from now on
    /// (`SQLITE_DBCONFIG_DQS_DML`). With it off, a misspelled column is an error rather than
    /// its own name as text. See [Double-quoted String Literals Are Accepted](https://www.sqlite.org/quirks.html#dblquote).
    /// - Parameter allowed: Whether the fallback applies.
    /// - Throws: ``SQLiteError`` when SQLite refuses the setting, or the connection is closed.
    package func allowDoubleQuotedStrings(_ allowed: Bool) throws(SQLiteError) {
        let code = csqlite_set_double_quoted_strings(try openHandle(), allowed ? 1 : 0)
        guard code == SQLITE_OK else { throw SQLiteError(handle: handle, code: code) }
    }

    /// The views and triggers of the schema that only work with double-quoted strings read as
    /// literals (older apps write `"…"` for strings): each is compiled with the fallback off,
    /// by preparing (never running) a statement that uses it, and listed when that fails while
    /// it prepares with the fallback on. Leaves the fallback off.
    /// - Parameter objects: The schema's objects (``schemaObjects()``), by type then name.
    /// - Returns: `view v` / `trigger t` names, sorted.
    /// - Throws: ``SQLiteError`` when the schema cannot be read.
    package func schemaObjectsNeedingDoubleQuotedStrings(among objects: [SchemaObject]) throws -> [String] {
        var needing: [String] = []
        for object in objects where object.type == "view" || object.type == "trigger" {
            let (type, name, table) = (object.type, object.name, object.table)
            let probes = type == "view" ? ["SELECT * FROM \(Self.quoteIdentifier(name))"] : try triggerProbes(table: table)
            func prepares(_ allowed: Bool) throws -> Bool {
                try allowDoubleQuotedStrings(allowed)
                return probes.allSatisfy { (try? prepare($0)) != nil }
            }
            if try !prepares(false), try prepares(true) { needing.append("\(type) \(name)") }
        }
        try allowDoubleQuotedStrings(false)
        return needing
    }

    /// Statements whose compilation includes every trigger of `table`: an INSERT, an UPDATE of
    /// every column and a DELETE, none of which is run.
    private func triggerProbes(table: String) throws -> [String] {
        let name = Self.quoteIdentifier(table)
        let columns = try fetch("SELECT name FROM pragma_table_info(?)", [.text(table)]) { try $0.text(at: 0) }.map(Self.quoteIdentifier)
        var probes = ["INSERT INTO \(name) DEFAULT VALUES", "DELETE FROM \(name) WHERE 0"]
        if !columns.isEmpty { probes.append("UPDATE \(name) SET \(columns.map { "\($0) = \($0)" }.joined(separator: ", ")) WHERE 0") }
        return probes
    }
}
