/// A many-to-many relationship through a join entity: the far rows joined to a row (a
/// playlist's tracks through `PlaylistTrack`), each side a ``ToOne`` of the join entity.
public struct ManyToMany<Near: Entity, Join: Entity, Far: Entity>: Sendable {
    /// The join entity's reference to the near side.
    public let near: ToOne<Join, Near>
    /// The join entity's reference to the far side.
    public let far: ToOne<Join, Far>
    /// How the far rows sort; they tie-break by key.
    let order: [SortKey<Far>]

    /// The relationship through `Join`.
    /// - Parameters:
    ///   - near: The join entity's reference to the near side.
    ///   - far: The join entity's reference to the far side.
    public init(_ near: ToOne<Join, Near>, _ far: ToOne<Join, Far>) { self.init(near, far, order: []) }

    init(_ near: ToOne<Join, Near>, _ far: ToOne<Join, Far>, order: [SortKey<Far>]) {
        self.near = near
        self.far = far
        self.order = order
    }

    /// The same relationship with the far rows sorted by `keys` (then by key).
    /// - Parameter keys: The sort keys, most significant first.
    public func sorted(by keys: SortKey<Far>...) -> ManyToMany { ManyToMany(near, far, order: keys) }

    /// The inverse relationship: from the far side back to the near side.
    public var inverse: ManyToMany<Far, Join, Near> { ManyToMany<Far, Join, Near>(far, near) }
}
