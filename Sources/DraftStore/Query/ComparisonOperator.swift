/// One of SQL's six comparison operators, as a ``Condition`` uses them.
///
/// See [Comparison Expressions](https://www.sqlite.org/lang_expr.html#comparison_expressions).
enum ComparisonOperator: Sendable, Hashable {
    case equal, notEqual, less, lessOrEqual, greater, greaterOrEqual

    /// The operator in SQL.
    var sql: String {
        switch self {
        case .equal: "="
        case .notEqual: "<>"
        case .less: "<"
        case .lessOrEqual: "<="
        case .greater: ">"
        case .greaterOrEqual: ">="
        }
    }

    /// Whether an ordering (negative, zero, positive, as `memcmp`) satisfies the operator.
    func holds(_ order: Int) -> Bool {
        switch self {
        case .equal: order == 0
        case .notEqual: order != 0
        case .less: order < 0
        case .lessOrEqual: order <= 0
        case .greater: order > 0
        case .greaterOrEqual: order >= 0
        }
    }
}
