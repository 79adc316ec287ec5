/// A ``Condition`` without its Swift type: a tree over column indexes and stored values,
/// which the store turns into SQL (``sql(columns:arguments:)``) and a context compiles into a
/// ``QueryEvaluator`` over its rows. Both give it SQL's meaning, three-valued logic included.
indirect enum QueryExpression: Sendable {
    /// TRUE or FALSE.
    case constant(Bool)
    /// `"c" op ?`.
    case comparison(column: Int, ComparisonOperator, SQLiteValue)
    /// `"c" BETWEEN ? AND ?`.
    case between(column: Int, SQLiteValue, SQLiteValue)
    /// `"c" IN (?, …)`; an empty list is FALSE.
    case oneOf(column: Int, [SQLiteValue])
    /// `"c" IS NULL`.
    case isNull(column: Int)
    /// The column equals the text under SQLite's `NOCASE` collation (ASCII letters without case).
    case equalsIgnoringASCIICase(column: Int, String)
    /// `CaseFolding` text matching: `instr(draftstore_fold("c"), draftstore_fold(?))`, with
    /// `draftstore_fold_accents` when accents are ignored too.
    case text(column: Int, TextMatch, String, ignoringAccents: Bool)
    /// `(a AND b)`.
    case and(QueryExpression, QueryExpression)
    /// `(a OR b)`.
    case or(QueryExpression, QueryExpression)
    /// `NOT (a)`.
    case not(QueryExpression)
    /// `"t" MATCH ?`: a full-text query over the row, which only SQLite evaluates.
    case match(String)
    /// A condition on related rows of another table (``RelatedCondition``).
    case related(RelatedCondition)
    /// A condition built from a key path that is no declared column: running it throws.
    case invalid(QueryError)

    /// How text is matched.
    enum TextMatch: Sendable, Hashable {
        /// The folded column contains the folded text (`instr(…) > 0`).
        case contains
        /// The folded column starts with the folded text (`instr(…) = 1`).
        case hasPrefix
    }

    /// The first error among the expression's parts, if one was built from an undeclared key path.
    var error: QueryError? {
        switch self {
        case let .invalid(error): error
        case let .and(left, right), let .or(left, right): left.error ?? right.error
        case let .not(inner): inner.error
        case let .related(related): related.condition.error
        default: nil
        }
    }

    /// Whether the expression holds a full-text match, which only SQLite evaluates.
    var matchesFullText: Bool {
        switch self {
        case .match: true
        case let .and(left, right), let .or(left, right): left.matchesFullText || right.matchesFullText
        case let .not(inner): inner.matchesFullText
        default: false
        }
    }

    /// Whether the expression is the constant TRUE (no `WHERE` is needed).
    var isTrue: Bool { if case .constant(true) = self { true } else { false } }

    /// The expression as SQL over `columns` of `table`, appending the values it binds to `arguments`.
    /// - Complexity: O(*n*) in the size of the expression.
    func sql(table: String, columns: [String], arguments: inout [SQLiteValue]) -> String {
        switch self {
        case let .constant(value): return value ? "1" : "0"
        case let .comparison(column, op, value):
            arguments.append(value)
            return "\(quote(columns[column])) \(op.sql) ?"
        case let .between(column, low, high):
            arguments += [low, high]
            return "\(quote(columns[column])) BETWEEN ? AND ?"
        case let .oneOf(column, values):
            if values.isEmpty { return "0" }
            arguments += values
            return "\(quote(columns[column])) IN (\(Array(repeating: "?", count: values.count).joined(separator: ", ")))"
        case let .isNull(column): return "\(quote(columns[column])) IS NULL"
        case let .equalsIgnoringASCIICase(column, text):
            arguments.append(.text(text))
            return "\(quote(columns[column])) = ? COLLATE NOCASE"
        case let .not(.isNull(column)): return "\(quote(columns[column])) IS NOT NULL"
        case let .text(column, match, text, ignoringAccents):
            arguments.append(.text(text))
            let fold = ignoringAccents ? CaseFolding.accentsSQLName : CaseFolding.sqlName
            return "instr(\(fold)(\(quote(columns[column]))), \(fold)(?)) \(match == .contains ? "> 0" : "= 1")"
        case let .and(left, right):
            return
                "(\(left.sql(table: table, columns: columns, arguments: &arguments)) AND \(right.sql(table: table, columns: columns, arguments: &arguments)))"
        case let .or(left, right):
            return
                "(\(left.sql(table: table, columns: columns, arguments: &arguments)) OR \(right.sql(table: table, columns: columns, arguments: &arguments)))"
        case let .not(inner): return "NOT (\(inner.sql(table: table, columns: columns, arguments: &arguments)))"
        case let .match(query):
            arguments.append(.text(query))
            return "\(quote(table)) MATCH ?"
        case let .related(related): return related.sql(columns: columns, arguments: &arguments)
        case .invalid: return "0"
        }
    }

    /// The columns whose collation the expression compares text by (comparisons, ranges, `IN`).
    var comparedColumns: [Int] {
        switch self {
        case let .comparison(column, _, _), let .between(column, _, _), let .oneOf(column, _): [column]
        case let .and(left, right), let .or(left, right): left.comparedColumns + right.comparedColumns
        case let .not(inner): inner.comparedColumns
        default: []
        }
    }
}
