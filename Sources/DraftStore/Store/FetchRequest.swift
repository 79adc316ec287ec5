/// A simple query over one entity type: filters, one sort order, a limit.
///
/// Contexts run it through their parents, so a child sees its parents' unsaved changes.
///
/// ```swift
/// let recent = try context.fetch(
///     FetchRequest<Book>.all.filter(\.authorID, equals: 1).sorted(by: \.year, ascending: false).limit(10))
/// ```
public struct FetchRequest<Root: Entity>: Sendable {
    var filters: [QueryFilter] = []
    /// The sort column and direction; rows tie-break by key.
    var order: (column: Int, ascending: Bool)?
    var limitCount: Int?

    /// Every row, in key order.
    public static var all: FetchRequest { FetchRequest() }

    /// Keeps rows whose column equals `value` (text compared by bytes, as SQLite's `=` does).
    /// - Parameters:
    ///   - keyPath: A declared column of `Root` (its key columns included).
    ///   - value: The value to match.
    public func filter<Value: DatabaseValueConvertible>(_ keyPath: KeyPath<Root, Value>, equals value: Value) -> FetchRequest {
        var copy = self
        copy.filters.append(QueryFilter(column: Root.schema.index(of: keyPath), op: .equals, value: value.sqliteValue))
        return copy
    }

    /// Keeps rows whose text column contains `text`, ignoring case across all of Unicode
    /// (``CaseFolding``: full case folding, `ß` matches `ss`), in the database and in contexts alike.
    /// - Parameters:
    ///   - keyPath: A declared text column of `Root`.
    ///   - text: The text to look for; every character matches itself (no wildcards).
    public func filter(_ keyPath: KeyPath<Root, String>, contains text: String) -> FetchRequest {
        var copy = self
        copy.filters.append(QueryFilter(column: Root.schema.index(of: keyPath), op: .containsIgnoringCase, value: .text(text)))
        return copy
    }

    /// Keeps rows whose text column equals `text` with ASCII letters compared without regard to
    /// case, as SQLite's `NOCASE` collation does (`é` and `É` differ); an index declared
    /// `COLLATE NOCASE` on the column serves it. See [Collating sequences](https://www.sqlite.org/datatype3.html#collation).
    /// - Parameters:
    ///   - keyPath: A declared text column of `Root`.
    ///   - text: The text to match.
    public func filter(_ keyPath: KeyPath<Root, String>, equalsIgnoringASCIICase text: String) -> FetchRequest {
        var copy = self
        copy.filters.append(QueryFilter(column: Root.schema.index(of: keyPath), op: .equalsIgnoringASCIICase, value: .text(text)))
        return copy
    }

    /// Sorts by a column (SQLite's order: NULL first, text by bytes), ties broken by key.
    /// - Parameters:
    ///   - keyPath: A declared column of `Root` (its key columns included).
    ///   - ascending: The direction.
    public func sorted<Value>(by keyPath: KeyPath<Root, Value>, ascending: Bool = true) -> FetchRequest {
        var copy = self
        copy.order = (Root.schema.index(of: keyPath), ascending)
        return copy
    }

    /// Returns at most `count` rows.
    /// - Parameter count: The maximum number of rows; a negative count is taken as 0.
    public func limit(_ count: Int) -> FetchRequest {
        var copy = self
        copy.limitCount = max(0, count)
        return copy
    }

    /// The table-level form of this request, with or without its limit.
    func plan(keepingLimit: Bool = true) -> QueryPlan {
        QueryPlan(table: Root.schema.table, filters: filters, order: order, limit: keepingLimit ? limitCount : nil)
    }
}

/// One condition on a column of a query.
struct QueryFilter: Sendable {
    enum Operator: Sendable { case equals, containsIgnoringCase, equalsIgnoringASCIICase }
    /// The column index.
    let column: Int
    let op: Operator
    let value: SQLiteValue

    /// Whether a row matches, evaluated as SQLite does (`=` by bytes; ``CaseFolding`` for `contains`).
    func matches(_ values: [SQLiteValue]) -> Bool {
        let actual = values[column]
        switch op {
        case .equals:
            if actual.isNull || value.isNull { return false }
            return actual == value
        case .containsIgnoringCase:
            guard case let .text(haystack) = actual, case let .text(needle) = value else { return false }
            return CaseFolding.contains(haystack, needle)
        case .equalsIgnoringASCIICase:
            guard case let .text(actual) = actual, case let .text(expected) = value else { return false }
            // NOCASE folds A–Z only.
            func folded(_ byte: UInt8) -> UInt8 { (65...90).contains(byte) ? byte + 32 : byte }
            return actual.utf8.lazy.map(folded).elementsEqual(expected.utf8.lazy.map(folded))
        }
    }
}

/// A ``FetchRequest`` without its Swift type: what contexts pass to their parents.
struct QueryPlan: Sendable {
    /// A row of a result: its key and its snapshot.
    typealias Row = (key: RowKey, values: [SQLiteValue])

    let table: TableSchema
    let filters: [QueryFilter]
    let order: (column: Int, ascending: Bool)?
    var limit: Int?

    /// Whether a snapshot matches every filter, as SQLite evaluates them.
    func matches(_ values: [SQLiteValue]) -> Bool { filters.allSatisfy { $0.matches(values) } }

    /// `SELECT "c1", … FROM "t" WHERE … ORDER BY … LIMIT …` and its arguments.
    func sql() -> (String, [SQLiteValue]) {
        var sql = table.selectSQL
        var arguments: [SQLiteValue] = []
        if !filters.isEmpty {
            sql +=
                " WHERE "
                + filters.map { filter in
                    let column = quote(table.columns[filter.column])
                    switch filter.op {
                    case .equals:
                        arguments.append(filter.value)
                        return "\(column) = ?"
                    case .containsIgnoringCase:
                        guard case .text = filter.value else { return "0" }
                        arguments.append(filter.value)
                        return "instr(\(CaseFolding.sqlName)(\(column)), \(CaseFolding.sqlName)(?)) > 0"
                    case .equalsIgnoringASCIICase:
                        arguments.append(filter.value)
                        return "\(column) = ? COLLATE NOCASE"
                    }
                }.joined(separator: " AND ")
        }
        if let order {
            sql += " ORDER BY \(quote(table.columns[order.column])) \(order.ascending ? "ASC" : "DESC"), \(table.keyOrderSQL)"
        } else {
            sql += " ORDER BY \(table.keyOrderSQL)"
        }
        if let limit {
            sql += " LIMIT ?"
            arguments.append(.integer(Int64(limit)))
        }
        return (sql, arguments)
    }

    /// Sorts rows as ``sql()`` orders them: by the order column in SQLite's order, then by key.
    ///
    /// Unsaved inserts have temporary (negative) keys; the store will give each the largest
    /// rowid plus one when its save reaches it: above every existing row, and above inserts
    /// with chosen keys saved before it. So keys compare by `keyOrder`, and a list looks the
    /// same before and after its save.
    /// - Parameter keyOrder: Whether one key sorts before another; see ``keyPrecedes(_:_:)``.
    func sort(_ rows: inout [Row], keyOrder: (RowKey, RowKey) -> Bool = QueryPlan.keyPrecedes) {
        guard let order else {
            rows.sort { keyOrder($0.key, $1.key) }
            return
        }
        if table.keyColumns == [order.column] {
            // Sorting by the key: temporary keys sort where their rowids will.
            rows.sort { order.ascending ? keyOrder($0.key, $1.key) : keyOrder($1.key, $0.key) }
            return
        }
        rows.sort { left, right in
            let a = left.values[order.column]
            let b = right.values[order.column]
            if a == b { return keyOrder(left.key, right.key) }
            return order.ascending ? SQLiteValue.precedes(a, b) : SQLiteValue.precedes(b, a)
        }
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
