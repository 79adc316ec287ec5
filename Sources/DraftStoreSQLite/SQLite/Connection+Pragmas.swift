extension Connection {
    /// Runs `PRAGMA [schema.]name("argument")` — `table_xinfo`, `index_list`, `foreign_key_list`, … —
    /// and maps each row, in the order SQLite reports them. The argument is quoted as an identifier.
    ///
    /// The statement form, not the table-valued one (`pragma_table_xinfo(?)`): a PRAGMA
    /// statement compiles to a few opcodes, while a table-valued pragma makes SQLite build a
    /// virtual table the first time on each connection (declaring its columns by parsing a
    /// CREATE TABLE) and compile a SELECT around it — most of the cost of the schema checks at
    /// open (W7). The statement is not cached: its text names one table.
    ///
    /// See [PRAGMA Statements](https://www.sqlite.org/pragma.html).
    /// - Parameters:
    ///   - name: The pragma's name, such as `table_xinfo`.
    ///   - argument: A table or index name.
    ///   - schema: The database to ask (`main`), or `nil` for SQLite's own search.
    ///   - map: Called with each row; the row is valid only during the call.
    /// - Throws: ``SQLiteError`` from SQLite, or what `map` throws.
    package func pragma<T>(_ name: String, of argument: String, schema: String? = nil, map: (Row) throws -> T) throws -> [T] {
        let prefix = schema.map { Self.quoteIdentifier($0) + "." } ?? ""
        let statement = try prepare("PRAGMA \(prefix)\(name)(\(Self.quoteIdentifier(argument)))")
        var result: [T] = []
        while try statement.step() { result.append(try map(statement.row)) }
        return result
    }

}
