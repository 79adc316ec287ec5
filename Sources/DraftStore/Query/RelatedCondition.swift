/// A condition on related rows (``Condition/parent(_:_:)``, ``Condition/any(_:_:)``,
/// ``Condition/count(_:matching:atLeast:)``), without its Swift types: the rows of this table
/// whose column is linked to a number of rows of another table matching a condition there.
///
/// In SQL, with `t` the other table's linked column (NULL never links):
/// `("c" IS NOT NULL AND "c" IN (SELECT "t" FROM "T" WHERE … AND "t" IS NOT NULL GROUP BY "t" HAVING count(*) op ?))`,
/// or, when zero related rows satisfy `op`, `("c" IS NULL OR "c" NOT IN (… HAVING NOT (count(*) op ?)))`.
/// It is TRUE or FALSE, never NULL, so `!` keeps exactly the rows it leaves out.
/// A context evaluates it over its own rows: it reads the other table as it sees it
/// (unsaved changes included), counts per linked value, and keeps the values that satisfy `op`
/// as an `IN` list. See [The IN operator](https://www.sqlite.org/lang_expr.html#the_in_and_not_in_operators).
struct RelatedCondition: Sendable {
    /// This table's and the other table's linked columns, from the store's foreign keys.
    let link: @Sendable ([String: [ForeignKey]]) throws(QueryError) -> (near: Int, far: Int)
    /// The columns, once resolved (``QueryExpression/resolvingLinks(_:)``).
    var columns: (near: Int, far: Int)?
    /// The other table.
    let table: TableSchema
    /// The condition on the other table's rows.
    var condition: QueryExpression
    /// How the number of matching related rows is compared with ``count``.
    let op: ComparisonOperator
    /// The number compared with.
    let count: Int

    /// Whether a row with no matching related row is kept.
    var keepsZero: Bool { op.holds(0 < count ? -1 : (0 == count ? 0 : 1)) }

    /// Whether `matches` related rows satisfy the comparison.
    func holds(_ matches: Int) -> Bool { op.holds(matches < count ? -1 : (matches == count ? 0 : 1)) }

    /// The condition as SQL over this table's `columns`, appending its arguments.
    func sql(columns: [String], arguments: inout [SQLiteValue]) -> String {
        guard let (near, far) = self.columns else { return "0" }
        let column = quote(columns[near])
        let target = quote(table.columns[far])
        var filter = ""
        if !condition.isTrue { filter = "(" + condition.sql(table: table.name, columns: table.columns, arguments: &arguments) + ") AND " }
        arguments.append(.integer(Int64(count)))
        let grouped = "SELECT \(target) FROM \(quote(table.name)) WHERE \(filter)\(target) IS NOT NULL GROUP BY \(target) HAVING "
        if keepsZero { return "(\(column) IS NULL OR \(column) NOT IN (\(grouped)NOT (count(*) \(op.sql) ?)))" }
        return "(\(column) IS NOT NULL AND \(column) IN (\(grouped)count(*) \(op.sql) ?))"
    }
}

extension QueryExpression {
    /// The expression with the columns of every related condition resolved from `foreignKeys`.
    /// - Throws: ``QueryError/relationship(_:)`` when a relationship cannot be followed.
    func resolvingLinks(_ foreignKeys: [String: [ForeignKey]]) throws(QueryError) -> QueryExpression {
        switch self {
        case var .related(related):
            related.columns = try related.link(foreignKeys)
            related.condition = try related.condition.resolvingLinks(foreignKeys)
            return .related(related)
        case let .and(left, right): return .and(try left.resolvingLinks(foreignKeys), try right.resolvingLinks(foreignKeys))
        case let .or(left, right): return .or(try left.resolvingLinks(foreignKeys), try right.resolvingLinks(foreignKeys))
        case let .not(inner): return .not(try inner.resolvingLinks(foreignKeys))
        default: return self
        }
    }

    /// The other tables the expression reads (related conditions, nested ones included), lowercased.
    var relatedTables: Set<String> {
        switch self {
        case let .related(related): Set([related.table.name.lowercased()]).union(related.condition.relatedTables)
        case let .and(left, right), let .or(left, right): left.relatedTables.union(right.relatedTables)
        case let .not(inner): inner.relatedTables
        default: []
        }
    }
}
