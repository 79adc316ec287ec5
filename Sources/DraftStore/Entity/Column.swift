import Foundation

/// One column of an ``EntitySchema``: its name, its role, and how to move its value in and
/// out of the entity through a key path.
public struct Column<Root: Entity>: Sendable {
    /// What the column is for.
    @usableFromInline package enum Role: Sendable, Equatable {
        /// An ordinary value column.
        case value
        /// A reference to a row of another table (a foreign key, to its key or to another unique column).
        case reference(EntityReference)
        /// Set by the store when the row is inserted; never compared for conflicts.
        case createdAt
        /// Set by the store on every insert and update; never compared for conflicts.
        case updatedAt
    }

    /// The column's name in SQL.
    @usableFromInline package let name: String
    /// The field name used in ``FieldError/field`` and validation; defaults to the column name.
    @usableFromInline package let field: String
    /// What the column is for.
    @usableFromInline package let role: Role
    /// Whether the column is (part of) the table's primary key: the row's identity (``RowKey``).
    @usableFromInline package let isKey: Bool
    /// The storage class the property's values are written as, when known (``DatabaseValueConvertible/storageClass``).
    @usableFromInline package let storageClass: String?
    /// How a `Date` column stores its value; `nil` for other columns (and `Date` columns
    /// declared without one, stored as INTEGER milliseconds).
    @usableFromInline package let dateEncoding: DateEncoding?
    /// The key path of the property, to find the column from `\.property`.
    @usableFromInline let keyPath: AnyKeyPath & Sendable
    /// Reads the property as a stored value.
    @usableFromInline let get: @Sendable (Root) -> SQLiteValue
    /// Writes a stored value into the property; false when it does not fit the property's type.
    @usableFromInline let set: @Sendable (inout Root, SQLiteValue) -> Bool
    /// The field's presentation and rules, when declared with the column
    /// (``column(_:_:field:label:help:accessibilityHint:trims:normalization:rules:)``); `nil` otherwise.
    @usableFromInline package let descriptor: FieldDescriptor<Root>?
    /// Reads column `index` of a row straight into the property (`Row/decode(_:at:)`),
    /// without an intermediate ``SQLiteValue``: the plain fetch's per-row path.
    @usableFromInline let read: @Sendable (inout Root, Row, Int32) throws(SQLiteError) -> Void

    /// Whether the store maintains the value (created / updated time), so it is never compared for conflicts.
    package var isMaintained: Bool { role == .createdAt || role == .updatedAt }

    // The initializers are inlinable so that the closures are specialized for the concrete
    // entity and value types in the module that declares the schema: unspecialized, every
    // call looked up generic metadata (`Optional<Value>`), which dominated fetches. The
    // property itself is reached through its offset (``PropertyAccess``).
    @inlinable
    init<Value: DatabaseValueConvertible>(
        _ name: String, _ keyPath: WritableKeyPath<Root, Value> & Sendable, field: String?, role: Role, isKey: Bool = false,
        descriptor: FieldDescriptor<Root>? = nil
    ) {
        self.descriptor = descriptor
        self.name = name
        self.field = field ?? name
        self.role = role
        self.isKey = isKey
        self.storageClass = Value.storageClass
        self.dateEncoding = nil
        self.keyPath = keyPath
        let property = PropertyAccess(keyPath)
        self.get = { property.get($0).sqliteValue }
        self.set = { root, value in
            guard let decoded = Value(sqliteValue: value) else { return false }
            property.set(&root, decoded)
            return true
        }
        self.read = { (root: inout Root, row: Row, index: Int32) throws(SQLiteError) in
            property.set(&root, try row.decode(Value.self, at: index))
        }
    }

    /// A value column.
    /// - Parameters:
    ///   - name: The SQL column name.
    ///   - keyPath: The property holding the value.
    ///   - field: The field name for errors and validation, when it differs from `name`.
    @inlinable
    public static func column<Value: DatabaseValueConvertible>(
        _ name: String, _ keyPath: WritableKeyPath<Root, Value> & Sendable, field: String? = nil
    ) -> Column {
        Column(name, keyPath, field: field, role: .value)
    }

    /// A value column declared with its field: label, help, trimming, normalization and rules,
    /// in one place. The entity's ``Entity/validator`` (unless the entity declares its own) is
    /// made of these fields, in schema order.
    ///
    /// ```swift
    /// .column("name", \.name, label: "Name", help: "2–120 characters", trims: true,
    ///         rules: [.required, .length(2...120), .noControlCharacters()])
    /// ```
    /// - Parameters:
    ///   - name: The SQL column name.
    ///   - keyPath: The property holding the value.
    ///   - field: The field name for errors and validation, when it differs from `name`.
    ///   - label: The visible name of the field.
    ///   - help: Explains the accepted format before any error is shown.
    ///   - accessibilityHint: Adds to the label for assistive technologies, without repeating it.
    ///   - trims: Whether the stored value is trimmed; rules then see the trimmed value.
    ///   - normalization: The Unicode normalization of the stored text; rules see it too.
    ///   - rules: The rules, in the order they run (``FieldRule``); only the first failing one is reported.
    @inlinable
    public static func column<Value: DatabaseValueConvertible & FieldValue>(
        _ name: String, _ keyPath: WritableKeyPath<Root, Value> & Sendable, field: String? = nil, label: String,
        help: String? = nil, accessibilityHint: String? = nil, trims: Bool = false, normalization: UnicodeNormalization? = nil,
        rules: [FieldRule<Root, Value>] = []
    ) -> Column {
        let descriptor = FieldDescriptor(
            keyPath, field ?? name, label: label, help: help, accessibilityHint: accessibilityHint, trims: trims,
            normalization: normalization, rules: { rules })
        return Column(name, keyPath, field: field, role: .value, descriptor: descriptor)
    }

    /// A primary-key column: the row's identity, or one column of a composite key (declare
    /// each, in the key's order).
    ///
    /// For an `INTEGER PRIMARY KEY` (a rowid alias) use an `Int64?` property: `nil` before
    /// insertion, then a temporary negative key until the save gives the real rowid. For a
    /// table with only SQLite's implicit rowid, name the column `rowid`. A TEXT or BLOB key
    /// (a UUID, say) is set by the app before the object is inserted.
    /// - Parameters:
    ///   - name: The SQL column name (`rowid` for the implicit rowid).
    ///   - keyPath: The property holding the key value.
    ///   - field: The field name for errors and validation, when it differs from `name`.
    @inlinable
    public static func primaryKey<Value: DatabaseValueConvertible>(
        _ name: String, _ keyPath: WritableKeyPath<Root, Value> & Sendable, field: String? = nil
    ) -> Column {
        Column(name, keyPath, field: field, role: .value, isKey: true)
    }

    /// A primary-key column that also references a row of `Target`'s table (a join table's
    /// key, such as `PlaylistTrack.PlaylistId`). A temporary key of an unsaved `Target` is
    /// replaced by its real key when both are saved.
    /// - Parameters:
    ///   - name: The SQL column name.
    ///   - keyPath: The property holding the key value.
    ///   - target: The referenced entity type.
    ///   - field: The field name for errors and validation, when it differs from `name`.
    @inlinable
    public static func primaryKey<Value: DatabaseValueConvertible, Target: Entity>(
        _ name: String, _ keyPath: WritableKeyPath<Root, Value> & Sendable, references target: Target.Type, field: String? = nil
    ) -> Column {
        Column(name, keyPath, field: field, role: .reference(EntityReference(target)), isKey: true)
    }

    /// A reference (foreign key) to a row of `Target`'s table. A temporary id of an
    /// unsaved `Target` is replaced by its real id when both are saved.
    /// - Parameters:
    ///   - name: The SQL column name.
    ///   - keyPath: The property holding the referenced id.
    ///   - target: The referenced entity type.
    ///   - field: The field name for errors and validation, when it differs from `name`.
    @inlinable
    public static func reference<Value: DatabaseValueConvertible, Target: Entity>(
        _ name: String, _ keyPath: WritableKeyPath<Root, Value> & Sendable, to target: Target.Type, field: String? = nil
    ) -> Column {
        Column(name, keyPath, field: field, role: .reference(EntityReference(target)))
    }

}
