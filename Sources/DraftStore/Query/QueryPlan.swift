/// A ``FetchRequest`` without its Swift type: what contexts pass to their parents, and what
/// the store turns into one SQL statement.
struct QueryPlan: Sendable {
    /// A row of a result: its key and its snapshot.
    typealias Row = (key: RowKey, values: [SQLiteValue])
    /// One sort key: a column and a direction.
    typealias Term = (column: Int, ascending: Bool)

    let table: TableSchema
    /// The `WHERE` condition; `.constant(true)` for none.
    let condition: QueryExpression
    /// The sort keys, before the tie-break by key.
    let order: [Term]
    /// At most this many rows; `nil` for all.
    var limit: Int?
    /// Rows skipped before the first one returned.
    var offset: Int = 0

    /// The column index of a sort term by FTS5's `rank` (``SortKey/rank``), which is no declared column.
    static let rankColumn = -1

    /// Whether only SQLite can run the plan: it matches full text or sorts by rank.
    var needsStore: Bool { condition.matchesFullText || order.contains { $0.column == Self.rankColumn } }

    /// A plan that keeps every row matching `condition`, in key order.
    init(table: TableSchema, condition: QueryExpression, order: [Term] = [], limit: Int? = nil, offset: Int = 0) {
        self.table = table
        self.condition = condition
        self.order = order
        self.limit = limit
        self.offset = offset
    }

    /// The plan without its limit and offset: what a context asks its parent for when it lays
    /// its own rows over the result (then it sorts, skips and cuts itself).
    var unlimited: QueryPlan {
        var copy = self
        copy.limit = nil
        copy.offset = 0
        return copy
    }

    /// ` WHERE …` (empty for none), appending its arguments.
    private func whereSQL(_ arguments: inout [SQLiteValue]) -> String {
        condition.isTrue ? "" : " WHERE " + condition.sql(table: table.name, columns: table.columns, arguments: &arguments)
    }

    /// ` LIMIT ? OFFSET ?` (empty for neither), appending its arguments.
    private func limitSQL(_ arguments: inout [SQLiteValue]) -> String {
        guard limit != nil || offset > 0 else { return "" }
        arguments += [.integer(Int64(limit ?? -1)), .integer(Int64(offset))]
        return " LIMIT ? OFFSET ?"
    }

    /// `SELECT "c1", … FROM "t" WHERE … ORDER BY …, <key> LIMIT ? OFFSET ?` and its arguments.
    func sql() -> (String, [SQLiteValue]) {
        var arguments: [SQLiteValue] = []
        var sql = table.selectSQL + whereSQL(&arguments)
        let terms = order.map { term in
            "\(term.column == Self.rankColumn ? "rank" : quote(table.columns[term.column])) \(term.ascending ? "ASC" : "DESC")"
        }
        sql += " ORDER BY " + (terms + [table.keyOrderSQL]).joined(separator: ", ")
        sql += limitSQL(&arguments)
        return (sql, arguments)
    }

    /// `SELECT count(*) …` of the rows ``sql()`` returns, and its arguments.
    func countSQL() -> (String, [SQLiteValue]) {
        var arguments: [SQLiteValue] = []
        let filtered = "FROM \(quote(table.name))" + whereSQL(&arguments)
        guard limit != nil || offset > 0 else { return ("SELECT count(*) " + filtered, arguments) }
        return ("SELECT count(*) FROM (SELECT 1 \(filtered)\(limitSQL(&arguments)))", arguments)
    }

    /// Where an integer key sorts: real keys first, in order; then unsaved inserts by the
    /// context that holds them (outermost first, as a child's save appends its inserts after
    /// its parent's own) and their insertion order there. When unsaved inserts with chosen keys
    /// are among them, every key ranks by the number it has or will get instead (see
    /// `ObjectContext.keyOrder(_:rows:)`).
    typealias IDRank = (temporary: Int, depth: Int, order: UInt64)

    /// Where an integer key sorts without knowing the contexts: real keys in order, then
    /// temporary keys in the order they were given (-1, -2, …).
    static func idRank(_ id: Int64) -> IDRank {
        id < 0 ? (1, 0, UInt64(-(id + 1))) : (0, 0, UInt64(id))
    }

    /// Whether one key sorts before another without knowing the contexts: integer keys by
    /// ``idRank(_:)``, others by value (``RowKey/<(_:_:)``).
    static func keyPrecedes(_ left: RowKey, _ right: RowKey) -> Bool {
        guard let a = left.integerValue, let b = right.integerValue else { return left < right }
        return idRank(a) < idRank(b)
    }
}
