extension Condition {
    /// Rows whose parent, through a to-one relationship, matches `condition` (a book whose
    /// author's name contains "a"); a row with a NULL reference, or one naming no row, is left out.
    ///
    /// ```swift
    /// let books = try context.fetch(FetchRequest<Book>.all.filter(.parent(Book.author, .contains(\.name, "a"))))
    /// ```
    /// The store runs it as one statement (`"author_id" IN (SELECT "id" FROM "authors" WHERE …)`,
    /// NULL never links); a context answers as the store will after its save.
    /// - Parameters:
    ///   - relationship: The to-one relationship from `Root` (one reference column).
    ///   - condition: The condition on the parent.
    /// - Complexity: In a context, one read of the parent table, then an `IN` list of the parents' keys.
    public static func parent<Parent: Entity>(_ relationship: ToOne<Root, Parent>, _ condition: Condition<Parent>) -> Condition {
        related(Parent.self, condition, op: .greaterOrEqual, count: 1) { foreignKeys throws(QueryError) in
            let link = try single(relationship, foreignKeys)
            return (link.child[0], link.parent[0])
        }
    }

    /// Rows with at least one child, through a to-many relationship, matching `condition`
    /// (an author with a book after 2000): SQL's `EXISTS`.
    /// - Parameters:
    ///   - relationship: The to-many relationship from `Root` (one reference column).
    ///   - condition: The condition on the children; every child when omitted.
    public static func any<Child: Entity>(_ relationship: ToMany<Root, Child>, _ condition: Condition<Child> = .always) -> Condition {
        count(relationship, matching: condition, atLeast: 1)
    }

    /// Rows with at least `minimum` children matching `condition`.
    /// - Parameters:
    ///   - relationship: The to-many relationship from `Root` (one reference column).
    ///   - condition: The condition on the children; every child when omitted.
    ///   - minimum: The fewest matching children kept; 0 keeps every row.
    public static func count<Child: Entity>(
        _ relationship: ToMany<Root, Child>, matching condition: Condition<Child> = .always, atLeast minimum: Int
    )
        -> Condition
    {
        children(relationship, condition, op: .greaterOrEqual, count: minimum)
    }

    /// Rows with at most `maximum` children matching `condition` (0: none, SQL's `NOT EXISTS`);
    /// a row with no child at all is kept.
    /// - Parameters:
    ///   - relationship: The to-many relationship from `Root` (one reference column).
    ///   - condition: The condition on the children; every child when omitted.
    ///   - maximum: The most matching children kept.
    public static func count<Child: Entity>(
        _ relationship: ToMany<Root, Child>, matching condition: Condition<Child> = .always, atMost maximum: Int
    )
        -> Condition
    {
        children(relationship, condition, op: .lessOrEqual, count: maximum)
    }

    private static func children<Child: Entity>(
        _ relationship: ToMany<Root, Child>, _ condition: Condition<Child>, op: ComparisonOperator, count: Int
    ) -> Condition {
        related(Child.self, condition, op: op, count: count) { foreignKeys throws(QueryError) in
            let link = try single(relationship.inverse, foreignKeys)
            return (link.parent[0], link.child[0])
        }
    }

    private static func related<Other: Entity>(
        _: Other.Type, _ condition: Condition<Other>, op: ComparisonOperator, count: Int,
        link: @escaping @Sendable ([String: [ForeignKey]]) throws(QueryError) -> (near: Int, far: Int)
    ) -> Condition {
        if let error = condition.expression.error { return Condition(.invalid(error)) }
        let related = RelatedCondition(
            link: link, columns: nil, table: Other.schema.table, condition: condition.expression, op: op, count: count)
        return Condition(.related(related))
    }

    /// The link of a relationship of one column.
    private static func single<Child: Entity, Parent: Entity>(_ relationship: ToOne<Child, Parent>, _ foreignKeys: [String: [ForeignKey]])
        throws(QueryError) -> ToOne<Child, Parent>.Link
    {
        let link: ToOne<Child, Parent>.Link
        do { link = try relationship.link(foreignKeys) } catch { throw .relationship(error) }
        guard link.child.count == 1 else {
            throw .relationship(.compositeInQuery(child: Child.schema.table.name, parent: Parent.schema.table.name))
        }
        return link
    }
}
