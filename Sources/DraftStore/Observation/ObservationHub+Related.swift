extension ObservationHub {
    /// Observes a request with each row's parent through a to-one relationship (a list of
    /// tracks with their album's title): the rows and their parents are read at one snapshot
    /// (two statements), and a new result is delivered when a commit to any table read — the
    /// request's, its conditions' and the parent's — changes the rows or their parents.
    /// - Parameters:
    ///   - request: The query.
    ///   - relationship: The to-one relationship whose parent each row shows.
    ///   - store: The store it reads.
    ///   - deliver: Called on the engine's queue with each result, or the end.
    /// - Returns: The token that keeps the observation.
    func observe<C: Entity, P: Entity>(
        _ request: FetchRequest<C>, with relationship: ToOne<C, P>, store: DraftStore,
        deliver: @escaping @Sendable (ObservationEvent<[(row: C, parent: P?)]>) -> Void
    ) -> StoreObservation {
        let query: ObservedQuery
        let link: ToOne<C, P>.Link
        do {
            try store.register(C.schema.table)
            try store.register(P.schema.table)
            query = try request.observedQuery(store.foreignKeys)
            link = try relationship.link(store.foreignKeys)
        } catch {
            deliver(.failed(error))
            deliver(.ended)
            return StoreObservation(hub: self, token: 0)
        }
        let parentQuery = Self.parentQuery(of: query, link: link, parent: P.schema.table)
        // The rows, an empty row (no row of a table is empty), then their parents.
        return observeRows(
            tables: query.tables.union([P.schema.table.name.lowercased()]), store: store,
            read: { connection in try query.rows(on: connection) + [[]] + parentQuery.rows(on: connection) },
            make: { snapshot in
                let split = snapshot.firstIndex(where: \.isEmpty) ?? snapshot.count
                var byKey: [[SQLiteValue]: P] = [:]
                for values in snapshot.dropFirst(split + 1) { byKey[link.parent.map { values[$0] }] = try P.schema.entity(values: values) }
                return try snapshot[..<split].map { values in
                    (row: try C.schema.entity(values: values), parent: byKey[link.child.map { values[$0] }])
                }
            }, deliver: deliver)
    }

    /// The parents of a query's rows: `SELECT … FROM parent WHERE (p…) IN (SELECT c… FROM (query))`,
    /// with the query's arguments.
    static func parentQuery(of query: ObservedQuery, link: ToOne<some Entity, some Entity>.Link, parent: TableSchema) -> ObservedQuery {
        let parentColumns = link.parent.map { quote(parent.columns[$0]) }.joined(separator: ", ")
        let childColumns = link.child.map { quote(query.table.columns[$0]) }.joined(separator: ", ")
        let sql = "\(parent.selectSQL) WHERE (\(parentColumns)) IN (SELECT \(childColumns) FROM (\(query.sql)))"
        return ObservedQuery(table: parent, tables: [], sql: sql, arguments: query.arguments)
    }
}
