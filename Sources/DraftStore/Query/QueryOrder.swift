/// How a context sorts rows as a plan's `ORDER BY` does: each sort key by its column's
/// collation in SQLite's order, then by key.
struct QueryOrder {
    /// The sort keys with the collation each compares text by.
    let terms: [(column: Int, ascending: Bool, collation: Collation)]
    /// The single key column when the key is one column (sorted by ``QueryPlan/keyPrecedes(_:_:)`` for integers).
    let keyColumn: Int?
    /// The collation of each key column (`BINARY` where Swift cannot reproduce the declared one).
    let keyCollations: [Collation]

    /// The order of a plan over a table.
    /// - Throws: ``QueryError/unsupportedCollation(table:column:collation:)`` for a sort key
    ///   whose collation is not built into SQLite.
    init(_ plan: QueryPlan, info: TableInfo) throws(QueryError) {
        var terms: [(column: Int, ascending: Bool, collation: Collation)] = []
        // A rank term sorts nothing here: a context runs a plan that sorts by rank on the store.
        for term in plan.order where term.column != QueryPlan.rankColumn {
            terms.append((term.column, term.ascending, try QueryEvaluator.collation(term.column, info: info)))
        }
        self.terms = terms
        let keys = plan.table.keyColumns
        keyColumn = keys.count == 1 ? keys[0] : nil
        keyCollations = keys.map { Collation(name: info.collations[$0]) ?? .binary }
    }

    /// Sorts rows as the plan's SQL orders them.
    ///
    /// Unsaved inserts have temporary (negative) keys; the store will give each the largest
    /// rowid plus one when its save reaches it: above every existing row, and above inserts
    /// with chosen keys saved before it. So integer keys compare by `keyOrder`, and a list
    /// looks the same before and after its save.
    /// - Parameter keyOrder: Whether one key sorts before another; see ``QueryPlan/keyPrecedes(_:_:)``.
    /// - Complexity: O(*n* log *n*) comparisons.
    func sort(_ rows: inout [QueryPlan.Row], keyOrder: (RowKey, RowKey) -> Bool) {
        rows.sort { left, right in precedes(left, right, keyOrder: keyOrder) }
    }

    private func precedes(_ left: QueryPlan.Row, _ right: QueryPlan.Row, keyOrder: (RowKey, RowKey) -> Bool) -> Bool {
        let integerKeys = left.key.integerValue != nil && right.key.integerValue != nil
        for term in terms {
            if term.column == keyColumn, integerKeys {
                if keyOrder(left.key, right.key) { return term.ascending }
                if keyOrder(right.key, left.key) { return !term.ascending }
                continue
            }
            let order = term.collation.order(left.values[term.column].withoutNaN, right.values[term.column].withoutNaN)
            if order != 0 { return term.ascending ? order < 0 : order > 0 }
        }
        if !integerKeys {
            for (position, collation) in keyCollations.enumerated() {
                let order = collation.order(left.key[position], right.key[position])
                if order != 0 { return order < 0 }
            }
        }
        return keyOrder(left.key, right.key)
    }
}
