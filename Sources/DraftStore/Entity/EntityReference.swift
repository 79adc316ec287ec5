/// The entity type a reference column points at.
///
/// The target's table name is looked up when first needed, not when the column is
/// declared: a table that references itself (`Employee.ReportsTo`) declares its schema in
/// terms of its own type, whose schema is still being built at that moment.
public struct EntityReference: Sendable, Equatable {
    /// The referenced entity type.
    public let type: any Entity.Type

    /// A reference to `type`.
    /// - Parameter type: The referenced entity type.
    public init(_ type: any Entity.Type) { self.type = type }

    /// The referenced table's name.
    public var table: String { type.tableSchema.name }

    /// Whether both name the same entity type.
    public static func == (lhs: EntityReference, rhs: EntityReference) -> Bool {
        ObjectIdentifier(lhs.type) == ObjectIdentifier(rhs.type)
    }
}
