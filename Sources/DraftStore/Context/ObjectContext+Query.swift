extension ObjectContext {
    /// The number of rows a request returns as this context sees them (its own and its
    /// parents' unsaved inserts, edits and deletes included), with its limit and offset;
    /// nothing is registered.
    ///
    /// ```swift
    /// try context.insert(Book(title: "Parable of the Sower", authorID: 1))
    /// let count = try context.count(FetchRequest<Book>.all.filter(\.authorID == 1))  // counts the insert
    /// ```
    /// - Parameter request: The request.
    /// - Returns: How many objects `fetch(_:)` would return.
    /// - Throws: ``SQLiteError`` when the read fails; ``ContextError`` after ``discard()``;
    ///   ``QueryError`` as `fetch(_:)` throws it.
    /// - Complexity: One SQL `count(*)` when no context of the chain has rows of the table
    ///   registered; otherwise the rows are read and counted as `fetch(_:)` reads them.
    public func count<E: Entity>(_ request: FetchRequest<E>) throws -> Int {
        try checkUsable()
        let state = try state(for: E.schema.table)
        let plan = try resolvingRelated(request.plan(store.foreignKeys))
        let evaluator = try QueryEvaluator(plan, info: state.info, oracle: store.oracle)
        var context: ObjectContext? = self
        var registered = false
        while let current = context, !registered {
            registered = (current.tables[plan.table.name]?.rows.count ?? 0) > 0
            context = current.parent
        }
        if !registered || plan.needsStore {
            try checkFullTextUnchanged(plan.table)
            return try store.count(request)
        }
        return try queryRows(plan, evaluator).rows.count
    }

    /// The first object a request returns as this context sees it, registered in it.
    /// - Parameter request: The request; its offset and order choose which object is first.
    /// - Returns: The object, or `nil` when none matches.
    /// - Throws: As `fetch(_:)`.
    public func fetchOne<E: Entity>(_ request: FetchRequest<E>) throws -> E? {
        try fetch(request.limit(min(request.limitCount ?? 1, 1))).first
    }

    /// Refuses a full-text request (``QueryPlan/needsStore``) when this context or a parent holds
    /// unsaved changes to `table`: only the store's SQL evaluates it, over the saved rows.
    /// - Throws: ``QueryError/fullTextNeedsStore(table:)``.
    func checkFullTextUnchanged(_ table: TableSchema) throws(QueryError) {
        var context: ObjectContext? = self
        while let current = context {
            if (current.tables[table.name]?.rows.changeCount ?? 0) > 0 { throw .fullTextNeedsStore(table: table.name) }
            context = current.parent
        }
    }

    /// How the keys of `rows` sort (see ``QueryPlan/IDRank``): an unsaved insert with a
    /// temporary key by the rowid the store will give it once every level saved. Inserts reach
    /// the store by the depth of the context holding them (outermost first), then in insertion
    /// order there; one with a temporary key gets `max(rowid) + 1` at that moment, so one with a
    /// chosen key raises the numbers of those after it. With chosen keys among them, the store's
    /// largest rowid is read. Other keys sort by value.
    func keyOrder(_ table: TableSchema, rows: [QueryPlan.Row]) throws -> (RowKey, RowKey) -> Bool {
        guard rows.contains(where: \.key.isTemporary) else { return QueryPlan.keyPrecedes }
        var chain: [ObjectContext] = []
        var next: ObjectContext? = self
        while let context = next {
            chain.append(context)
            next = context.parent
        }
        var inserts: [(depth: Int, order: Int, id: Int64)] = []
        for (index, context) in chain.enumerated() {
            guard let state = context.tables[table.name], state.rows.changeCount > 0 else { continue }
            let depth = chain.count - 1 - index
            for slot in state.rows.slotRange {
                if case let .inserted(order) = state.rows.state(at: slot), let id = state.rows.key(at: slot).integerValue {
                    inserts.append((depth, order, id))
                }
            }
        }
        inserts.sort { ($0.depth, $0.order) < ($1.depth, $1.order) }
        var ranks: [Int64: QueryPlan.IDRank] = [:]
        let rank: (Int64) -> QueryPlan.IDRank
        if !inserts.contains(where: { $0.id > 0 }) {
            for insert in inserts where ranks[insert.id] == nil { ranks[insert.id] = (1, insert.depth, UInt64(insert.order)) }
            rank = { id in id < 0 ? ranks[id] ?? (1, chain.count, UInt64(-(id + 1))) : (0, 0, UInt64(id)) }
        } else {
            // Number the temporary keys as the store will: after every row it holds and every chosen
            // key saved before them. Keys then rank by that number (a number two rows would share fails the save).
            var top = try store.maxRowID(table)
            for insert in inserts {
                if insert.id > 0 {
                    top = max(top, insert.id)
                } else {
                    top += 1
                    ranks[insert.id] = (0, Int(top), 1)
                }
            }
            rank = { id in id < 0 ? ranks[id] ?? (1, chain.count, UInt64(-(id + 1))) : (0, Int(id), 0) }
        }
        return { left, right in
            guard let a = left.integerValue, let b = right.integerValue else { return left < right }
            return rank(a) < rank(b)
        }
    }
}
