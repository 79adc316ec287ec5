/// A to-many relationship: the children of a parent row, the inverse of a ``ToOne`` (an author's
/// books), ordered as declared.
public struct ToMany<Parent: Entity, Child: Entity>: Sendable {
    /// The to-one relationship it inverts.
    public let inverse: ToOne<Child, Parent>
    /// How the children sort; they tie-break by key.
    let order: [SortKey<Child>]

    init(_ inverse: ToOne<Child, Parent>, order: [SortKey<Child>]) {
        self.inverse = inverse
        self.order = order
    }

    /// The same relationship with its children sorted by `keys` (then by key).
    /// - Parameter keys: The sort keys, most significant first.
    public func sorted(by keys: SortKey<Child>...) -> ToMany { ToMany(inverse, order: keys) }
}
