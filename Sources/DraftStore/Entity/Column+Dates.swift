import Foundation

extension Column {
    /// A `Date` column moved through an encoding rather than `Date`'s own conversion.
    @inlinable
    init<Value>(
        _ name: String, _ keyPath: WritableKeyPath<Root, Value> & Sendable, field: String?, role: Role, encoding: DateEncoding,
        wrap: @escaping @Sendable (Date?) -> Value?, unwrap: @escaping @Sendable (Value) -> Date?,
        descriptor: FieldDescriptor<Root>? = nil
    ) {
        self.name = name
        self.field = field ?? name
        self.role = role
        self.isKey = false
        self.storageClass = encoding.storageClass
        self.dateEncoding = encoding
        self.descriptor = descriptor
        self.keyPath = keyPath
        let property = PropertyAccess(keyPath)
        self.get = { root in unwrap(property.get(root)).map(encoding.encode) ?? .null }
        self.set = { root, value in
            guard let decoded = wrap(value.isNull ? nil : encoding.decode(value)), value.isNull || unwrap(decoded) != nil else {
                return false
            }
            property.set(&root, decoded)
            return true
        }
        self.read = { (root: inout Root, row: Row, index: Int32) throws(SQLiteError) in
            let value = try row.value(at: index)
            guard let decoded = wrap(value.isNull ? nil : encoding.decode(value)), value.isNull || unwrap(decoded) != nil else {
                throw row.mismatch(at: index, expected: "Date (\(encoding))")
            }
            property.set(&root, decoded)
        }
    }

    /// A date column stored the way `encoding` says: INTEGER milliseconds, REAL Unix seconds,
    /// REAL Julian days or ISO-8601 TEXT (a `DATETIME` column of an existing database, say).
    /// - Parameters:
    ///   - name: The SQL column name.
    ///   - keyPath: The property holding the date.
    ///   - encoding: How the column stores it.
    ///   - field: The field name for errors and validation, when it differs from `name`.
    @inlinable
    public static func column(
        _ name: String, _ keyPath: WritableKeyPath<Root, Date> & Sendable, date encoding: DateEncoding, field: String? = nil
    ) -> Column {
        Column(name, keyPath, field: field, role: .value, encoding: encoding, wrap: { $0 }, unwrap: { $0 })
    }

    /// A date column stored the way `encoding` says, declared with its field: label, help and
    /// rules in one place, as ``column(_:_:field:label:help:accessibilityHint:trims:normalization:rules:)``.
    ///
    /// ```swift
    /// .column("due", \.due, date: .iso8601, label: "Due", rules: [.custom(code: "past", message: "Pick a later day") { $0 > .now }])
    /// ```
    /// - Parameters:
    ///   - name: The SQL column name.
    ///   - keyPath: The property holding the date.
    ///   - encoding: How the column stores it.
    ///   - field: The field name for errors and validation, when it differs from `name`.
    ///   - label: The visible name of the field.
    ///   - help: Explains the accepted values before any error is shown.
    ///   - accessibilityHint: Adds to the label for assistive technologies, without repeating it.
    ///   - rules: The rules, in the order they run (``FieldRule``); only the first failing one is reported.
    @inlinable
    public static func column(
        _ name: String, _ keyPath: WritableKeyPath<Root, Date> & Sendable, date encoding: DateEncoding, field: String? = nil,
        label: String, help: String? = nil, accessibilityHint: String? = nil, rules: [FieldRule<Root, Date>] = []
    ) -> Column {
        let descriptor = FieldDescriptor(
            keyPath, field ?? name, label: label, help: help, accessibilityHint: accessibilityHint, rules: { rules })
        return Column(
            name, keyPath, field: field, role: .value, encoding: encoding, wrap: { $0 }, unwrap: { $0 }, descriptor: descriptor)
    }

    /// An optional date column stored the way `encoding` says (`nil` is NULL), declared with its
    /// field: label, help and rules in one place.
    /// - Parameters:
    ///   - name: The SQL column name.
    ///   - keyPath: The property holding the date.
    ///   - encoding: How the column stores it.
    ///   - field: The field name for errors and validation, when it differs from `name`.
    ///   - label: The visible name of the field.
    ///   - help: Explains the accepted values before any error is shown.
    ///   - accessibilityHint: Adds to the label for assistive technologies, without repeating it.
    ///   - rules: The rules, in the order they run (``FieldRule``); `.required` refuses `nil`.
    @inlinable
    public static func column(
        _ name: String, _ keyPath: WritableKeyPath<Root, Date?> & Sendable, date encoding: DateEncoding, field: String? = nil,
        label: String, help: String? = nil, accessibilityHint: String? = nil, rules: [FieldRule<Root, Date?>] = []
    ) -> Column {
        let descriptor = FieldDescriptor(
            keyPath, field ?? name, label: label, help: help, accessibilityHint: accessibilityHint, rules: { rules })
        return Column(
            name, keyPath, field: field, role: .value, encoding: encoding, wrap: { .some($0) }, unwrap: { $0 },
            descriptor: descriptor)
    }

    /// An optional date column stored the way `encoding` says; `nil` is NULL.
    /// - Parameters:
    ///   - name: The SQL column name.
    ///   - keyPath: The property holding the date.
    ///   - encoding: How the column stores it.
    ///   - field: The field name for errors and validation, when it differs from `name`.
    @inlinable
    public static func column(
        _ name: String, _ keyPath: WritableKeyPath<Root, Date?> & Sendable, date encoding: DateEncoding, field: String? = nil
    ) -> Column {
        Column(name, keyPath, field: field, role: .value, encoding: encoding, wrap: { .some($0) }, unwrap: { $0 })
    }

    /// The creation time, set by the store on insert; never compared for conflicts.
    /// - Parameters:
    ///   - name: The SQL column name.
    ///   - keyPath: The property holding the time.
    ///   - encoding: How the column stores it (INTEGER milliseconds by default).
    @inlinable
    public static func createdAt(
        _ name: String, _ keyPath: WritableKeyPath<Root, Date?> & Sendable, date encoding: DateEncoding = .unixMilliseconds
    ) -> Column {
        maintained(name, keyPath, role: .createdAt, encoding: encoding)
    }

    /// The modification time, set by the store on insert and update; never compared for conflicts.
    /// - Parameters:
    ///   - name: The SQL column name.
    ///   - keyPath: The property holding the time.
    ///   - encoding: How the column stores it (INTEGER milliseconds by default).
    @inlinable
    public static func updatedAt(
        _ name: String, _ keyPath: WritableKeyPath<Root, Date?> & Sendable, date encoding: DateEncoding = .unixMilliseconds
    ) -> Column {
        maintained(name, keyPath, role: .updatedAt, encoding: encoding)
    }

    /// A time column the store sets (``createdAt(_:_:date:)``, ``updatedAt(_:_:date:)``).
    @inlinable
    static func maintained(_ name: String, _ keyPath: WritableKeyPath<Root, Date?> & Sendable, role: Role, encoding: DateEncoding) -> Column
    {
        // Milliseconds are `Date`'s own conversion, whose closures are the fastest.
        encoding == .unixMilliseconds
            ? Column(name, keyPath, field: nil, role: role)
            : Column(name, keyPath, field: nil, role: role, encoding: encoding, wrap: { .some($0) }, unwrap: { $0 })
    }
}
