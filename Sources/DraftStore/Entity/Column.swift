import Foundation

/// One column of an ``EntitySchema``: its name, its role, and how to move its value in and
/// out of the entity through a key path.
public struct Column<Root: Entity>: Sendable {
    /// What the column is for.
    public enum Role: Sendable, Equatable {
        /// An ordinary value column.
        case value
        /// A reference to the id of a row of another table (a foreign key).
        case reference(table: String)
        /// Set by the store when the row is inserted; never compared for conflicts.
        case createdAt
        /// Set by the store on every insert and update; never compared for conflicts.
        case updatedAt
    }

    /// The column's name in SQL.
    public let name: String
    /// The field name used in ``FieldError/field`` and validation; defaults to the column name.
    public let field: String
    /// What the column is for.
    public let role: Role
    /// The key path of the property, to find the column from `\.property`.
    let keyPath: AnyKeyPath & Sendable
    /// Reads the property as a stored value.
    let get: @Sendable (Root) -> SQLiteValue
    /// Writes a stored value into the property; false when it does not fit the property's type.
    let set: @Sendable (inout Root, SQLiteValue) -> Bool

    /// Whether the store maintains the value (created / updated time), so it is never compared for conflicts.
    public var isMaintained: Bool { role == .createdAt || role == .updatedAt }

    init<Value: DatabaseValueConvertible>(_ name: String, _ keyPath: WritableKeyPath<Root, Value> & Sendable, field: String?, role: Role) {
        self.name = name
        self.field = field ?? name
        self.role = role
        self.keyPath = keyPath
        self.get = { $0[keyPath: keyPath].sqliteValue }
        self.set = { root, value in
            guard let decoded = Value(sqliteValue: value) else { return false }
            root[keyPath: keyPath] = decoded
            return true
        }
    }

    /// A value column.
    /// - Parameters:
    ///   - name: The SQL column name.
    ///   - keyPath: The property holding the value.
    ///   - field: The field name for errors and validation, when it differs from `name`.
    public static func column<Value: DatabaseValueConvertible>(
        _ name: String, _ keyPath: WritableKeyPath<Root, Value> & Sendable, field: String? = nil
    ) -> Column {
        Column(name, keyPath, field: field, role: .value)
    }

    /// A reference (foreign key) to the id of a row of `Target`'s table. A temporary id of an
    /// unsaved `Target` is replaced by its real id when both are saved.
    /// - Parameters:
    ///   - name: The SQL column name.
    ///   - keyPath: The property holding the referenced id.
    ///   - target: The referenced entity type.
    ///   - field: The field name for errors and validation, when it differs from `name`.
    public static func reference<Value: DatabaseValueConvertible, Target: Entity>(
        _ name: String, _ keyPath: WritableKeyPath<Root, Value> & Sendable, to target: Target.Type, field: String? = nil
    ) -> Column {
        Column(name, keyPath, field: field, role: .reference(table: Target.schema.table.name))
    }

    /// The creation time, set by the store on insert (INTEGER Unix milliseconds).
    public static func createdAt(_ name: String, _ keyPath: WritableKeyPath<Root, Date?> & Sendable) -> Column {
        Column(name, keyPath, field: nil, role: .createdAt)
    }

    /// The modification time, set by the store on insert and update (INTEGER Unix milliseconds).
    public static func updatedAt(_ name: String, _ keyPath: WritableKeyPath<Root, Date?> & Sendable) -> Column {
        Column(name, keyPath, field: nil, role: .updatedAt)
    }
}
