/// The pieces of schema text that SQLite's PRAGMAs do not give: a table's CHECK expressions
/// (with their constraint names) and an index's expression terms and `WHERE` clause, cut
/// verbatim from the `CREATE` statements kept in `sqlite_schema` by ``SQLTokenizer``.
enum SchemaText {
    /// One CHECK constraint of a table.
    struct Check: Equatable {
        /// Its `CONSTRAINT` name; `nil` when unnamed.
        let name: String?
        /// The expression inside `CHECK ( … )`, as written.
        let expression: String
        /// The column it is declared on, for a column constraint; `nil` for a table constraint.
        let column: String?
    }

    /// The CHECK constraints of a `CREATE TABLE` statement, in order.
    static func checks(inCreateTable sql: String) -> [Check] {
        let tokens = SQLTokenizer.tokens(sql)
        guard let open = tokens.firstIndex(where: { $0.isMark("(") }) else { return [] }
        let starts = ["CONSTRAINT", "PRIMARY", "UNIQUE", "CHECK", "FOREIGN"]
        var checks: [Check] = []
        for definition in SQLTokenizer.parenthesized(tokens, open: open).parts {
            let items = Array(definition)
            guard let first = items.first else { continue }
            let column = starts.contains(where: first.isWord) ? nil : first.identifier
            var name: String?
            var index = column == nil ? 0 : 1
            var depth = 0
            while index < items.count {
                let token = items[index]
                if token.isMark("(") { depth += 1 }
                if token.isMark(")") { depth -= 1 }
                if depth == 0, token.isWord("CONSTRAINT"), index + 1 < items.count {
                    name = items[index + 1].identifier
                    index += 2
                    continue
                }
                if depth == 0, token.isWord("CHECK"), index + 1 < items.count, items[index + 1].isMark("(") {
                    let (parts, close) = SQLTokenizer.parenthesized(items, open: index + 1)
                    let inner = items[(index + 2)..<min(close, items.count)]
                    if !parts.isEmpty { checks.append(Check(name: name, expression: SQLTokenizer.text(sql, inner), column: column)) }
                    name = nil
                    index = close + 1
                    continue
                }
                if depth == 0, token.kind == .word,
                    ["PRIMARY", "UNIQUE", "NOT", "NULL", "DEFAULT", "COLLATE", "REFERENCES", "GENERATED", "AS", "FOREIGN"].contains(
                        where: token.isWord)
                {
                    name = nil
                }
                index += 1
            }
        }
        return checks
    }

    /// The indexed terms (each without `ASC` / `DESC`) and the `WHERE` clause of a `CREATE INDEX` statement.
    static func indexParts(inCreateIndex sql: String) -> (terms: [String], whereClause: String?) {
        let tokens = SQLTokenizer.tokens(sql)
        guard let on = tokens.firstIndex(where: { $0.isWord("ON") }),
            let open = tokens[on...].firstIndex(where: { $0.isMark("(") })
        else { return ([], nil) }
        let (parts, close) = SQLTokenizer.parenthesized(tokens, open: open)
        let terms = parts.map { part -> String in
            var term = part
            while let last = term.last, last.isWord("ASC") || last.isWord("DESC") { term = term.dropLast() }
            return SQLTokenizer.text(sql, term)
        }
        var whereClause: String?
        if close + 1 < tokens.count, tokens[close + 1].isWord("WHERE") {
            var rest = tokens[(close + 2)...]
            while let last = rest.last, last.isMark(";") { rest = rest.dropLast() }
            whereClause = SQLTokenizer.text(sql, rest)
        }
        return (terms, whereClause)
    }
}
