extension ObjectContext {
    /// The plan with each condition on related rows (``RelatedCondition``) replaced by an `IN`
    /// list of the linked values whose related rows, as this context sees them (its own and its
    /// parents' unsaved changes included), satisfy it: what the store's SQL gives after the save.
    /// - Throws: What reading the related table throws (``SQLiteError``, ``QueryError``).
    /// - Complexity: One read of each related table named, none when the plan names none.
    func resolvingRelated(_ plan: QueryPlan) throws -> QueryPlan {
        guard !plan.condition.relatedTables.isEmpty else { return plan }
        return QueryPlan(
            table: plan.table, condition: try resolvingRelated(plan.condition), order: plan.order, limit: plan.limit, offset: plan.offset)
    }

    private func resolvingRelated(_ expression: QueryExpression) throws -> QueryExpression {
        switch expression {
        case let .related(related): return try resolved(related)
        case let .and(left, right): return .and(try resolvingRelated(left), try resolvingRelated(right))
        case let .or(left, right): return .or(try resolvingRelated(left), try resolvingRelated(right))
        case let .not(inner): return .not(try resolvingRelated(inner))
        default: return expression
        }
    }

    /// One related condition as an `IN` list: reads the other table's matching rows, counts them
    /// per linked value (values equal as SQLite's `GROUP BY` groups them: an integer and an equal
    /// real are one), and keeps the values whose count satisfies the condition.
    private func resolved(_ related: RelatedCondition) throws -> QueryExpression {
        guard let (near, far) = related.columns else { return .constant(false) }
        let inner = try resolvingRelated(QueryPlan(table: related.table, condition: related.condition))
        let state = try state(for: related.table)
        let evaluator = try QueryEvaluator(inner, info: state.info, oracle: store.oracle)
        var counts: [SQLiteValue: (value: SQLiteValue, count: Int)] = [:]
        for row in try queryRows(inner, evaluator).rows where !row.values[far].isNull {
            let value = row.values[far].withoutNaN
            counts[QueryEvaluator.ValueSet.hashable(value), default: (value, 0)].count += 1
        }
        if related.keepsZero {
            let failing = counts.values.filter { !related.holds($0.count) }.map(\.value)
            return .or(.isNull(column: near), .not(.oneOf(column: near, failing)))
        }
        let passing = counts.values.filter { related.holds($0.count) }.map(\.value)
        return .and(.not(.isNull(column: near)), .oneOf(column: near, passing))
    }
}
