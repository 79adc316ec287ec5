extension ObjectContext {
    /// The children of each parent, as this context sees them (its own and its parents'
    /// unsaved inserts, edits and deletes laid over the store's rows), each list ordered as the
    /// relationship declares (``ToMany/sorted(by:)``), then by key; every child is registered here.
    ///
    /// ```swift
    /// let authors = try context.fetch(FetchRequest<Author>.all)
    /// let books = try context.children(of: authors, Author.books)  // books[i] are authors[i]'s
    /// ```
    /// - Parameters:
    ///   - parents: The parent objects; a parent with NULL in a referenced column has no children.
    ///   - relationship: The to-many relationship.
    /// - Returns: One list per parent, in the order of `parents`.
    /// - Throws: ``RelationshipError`` when the relationship cannot be followed; what ``fetch(_:)`` throws.
    /// - Complexity: One read of the child table for all the parents (one SQL statement when
    ///   SQL alone answers), not one per parent: no N+1.
    public func children<P: Entity, C: Entity>(of parents: [P], _ relationship: ToMany<P, C>) throws -> [[C]] {
        try checkUsable()
        let link = try relationship.inverse.link(store.foreignKeys)
        let tuples = parents.map { parent in Self.tuple(P.schema.values(of: parent), link.parent) }
        let children = try fetch(C.self, matching: tuples, in: link.child, order: relationship.order)
        var positions: [[SQLiteValue]: [Int]] = [:]
        for (index, tuple) in tuples.enumerated() { positions[tuple, default: []].append(index) }
        var result = Array(repeating: [C](), count: parents.count)
        for child in children {
            for index in positions[Self.tuple(C.schema.values(of: child), link.child)] ?? [] { result[index].append(child) }
        }
        return result
    }

    /// The children of one parent, as ``children(of:_:)-([P],_)`` reads them.
    /// - Parameters:
    ///   - parent: The parent object.
    ///   - relationship: The to-many relationship.
    /// - Throws: As ``children(of:_:)-([P],_)``.
    public func children<P: Entity, C: Entity>(of parent: P, _ relationship: ToMany<P, C>) throws -> [C] {
        try children(of: [parent], relationship)[0]
    }

    /// The parent of each child, as this context sees it (unsaved changes included), registered here.
    /// - Parameters:
    ///   - children: The child objects; one whose reference is NULL, or names no row, has none (`nil`).
    ///   - relationship: The to-one relationship.
    /// - Returns: One parent or `nil` per child, in the order of `children`.
    /// - Throws: ``RelationshipError`` when the relationship cannot be followed; what ``fetch(_:)`` throws.
    /// - Complexity: One read of the parent table for all the children.
    public func parent<C: Entity, P: Entity>(of children: [C], _ relationship: ToOne<C, P>) throws -> [P?] {
        try checkUsable()
        let link = try relationship.link(store.foreignKeys)
        let tuples = children.map { child in Self.tuple(C.schema.values(of: child), link.child) }
        var parents: [[SQLiteValue]: P] = [:]
        for parent in try fetch(P.self, matching: tuples, in: link.parent, order: []) {
            parents[Self.tuple(P.schema.values(of: parent), link.parent)] = parent
        }
        return tuples.map { parents[$0] }
    }

    /// The parent of one child, as ``parent(of:_:)-([C],_)`` reads it.
    /// - Parameters:
    ///   - child: The child object.
    ///   - relationship: The to-one relationship.
    /// - Throws: As ``parent(of:_:)-([C],_)``.
    public func parent<C: Entity, P: Entity>(of child: C, _ relationship: ToOne<C, P>) throws -> P? {
        try parent(of: [child], relationship)[0]
    }

    /// The far rows joined to each near row through the join entity, as this context sees them
    /// (unsaved join rows included), ordered as the relationship declares, then by key; a far row
    /// joined twice appears twice, as SQL's join returns it.
    /// - Parameters:
    ///   - rows: The near objects.
    ///   - relationship: The many-to-many relationship.
    /// - Returns: One list per near row, in the order of `rows`.
    /// - Throws: ``RelationshipError`` when either side cannot be followed; what ``fetch(_:)`` throws.
    /// - Complexity: Two reads (the join table, then the far table) for all the rows.
    public func related<N: Entity, J: Entity, F: Entity>(of rows: [N], _ relationship: ManyToMany<N, J, F>) throws -> [[F]] {
        let joins = try children(of: rows, ToMany(relationship.near, order: []))
        let farLink = try relationship.far.link(store.foreignKeys)
        let farTuples = joins.map { list in list.map { Self.tuple(J.schema.values(of: $0), farLink.child) } }
        let fars = try fetch(F.self, matching: farTuples.flatMap { $0 }, in: farLink.parent, order: relationship.order)
        var rank: [[SQLiteValue]: Int] = [:]
        for (index, far) in fars.enumerated() { rank[Self.tuple(F.schema.values(of: far), farLink.parent)] = index }
        return farTuples.map { tuples in tuples.compactMap { rank[$0] }.sorted().map { fars[$0] } }
    }

    /// The far rows of one near row, as ``related(of:_:)-([N],_)`` reads them.
    /// - Parameters:
    ///   - row: The near object.
    ///   - relationship: The many-to-many relationship.
    /// - Throws: As ``related(of:_:)-([N],_)``.
    public func related<N: Entity, J: Entity, F: Entity>(of row: N, _ relationship: ManyToMany<N, J, F>) throws -> [F] {
        try related(of: [row], relationship)[0]
    }

    /// The values of `columns` in a snapshot.
    static func tuple(_ values: [SQLiteValue], _ columns: [Int]) -> [SQLiteValue] { columns.map { values[$0] } }

    /// The objects of `E` whose `columns` hold one of `tuples` (tuples with a NULL match none),
    /// sorted by `order` then key: one fetch, its condition an `IN` list on the first column,
    /// the other columns of a composite link compared here.
    private func fetch<E: Entity>(_ type: E.Type, matching tuples: [[SQLiteValue]], in columns: [Int], order: [SortKey<E>]) throws -> [E] {
        let wanted = Set(tuples.filter { !$0.contains(where: \.isNull) })
        if wanted.isEmpty { return [] }
        var firsts: [SQLiteValue] = []
        var seen = Set<SQLiteValue>()
        for tuple in wanted where seen.insert(tuple[0]).inserted { firsts.append(tuple[0]) }
        var request = FetchRequest<E>.all.sorted(by: order)
        request.condition = .oneOf(column: columns[0], firsts)
        let found = try fetch(request)
        guard columns.count > 1 else { return found }
        return found.filter { wanted.contains(Self.tuple(E.schema.values(of: $0), columns)) }
    }
}
