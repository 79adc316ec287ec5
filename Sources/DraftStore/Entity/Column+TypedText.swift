extension Column {
    /// A column whose property holds the text a person types while the column stores the typed
    /// value it stands for (``TypedText``).
    @inlinable
    init<Value>(
        _ name: String, text keyPath: WritableKeyPath<Root, String> & Sendable, field: String?, parsing typed: TypedText<Value>,
        descriptor: FieldDescriptor<Root>
    ) {
        self.name = name
        self.field = field ?? name
        self.role = .value
        self.isKey = false
        self.storageClass = Value.storageClass
        self.dateEncoding = nil
        self.descriptor = descriptor
        self.keyPath = keyPath
        let property = PropertyAccess(keyPath)
        self.get = { root in typed.stored(property.get(root)) }
        self.set = { root, value in
            guard let text = typed.text(of: value) else { return false }
            property.set(&root, text)
            return true
        }
        self.read = { (root: inout Root, row: Row, index: Int32) throws(SQLiteError) in
            guard let text = typed.text(of: try row.value(at: index)) else {
                throw row.mismatch(at: index, expected: "\(Value.self)")
            }
            property.set(&root, text)
        }
    }

    /// A column that stores a typed value (INTEGER, REAL, a date, a code) while the entity's
    /// property keeps the text a person typed, declared with its field in one place: the parse,
    /// the rules on the parsed value, the label and help.
    ///
    /// ```swift
    /// var quantity = ""   // what the person typed; the column is `quantity INTEGER NOT NULL`
    /// .column("quantity", \.quantity, label: "Quantity", parsing: .wholeNumber(in: 1...50), rules: [.required])
    /// ```
    ///
    /// The draft keeps the text as typed, so a form binds a text field straight to it. A text
    /// that is no value shows the parse's error under the field (and blocks Save); a blank text
    /// is NULL, left to `.required`; the save writes the parsed value (`" 4 "` and `"٤"` are the
    /// INTEGER 4), so the store opens against a typed column; a row read for editing shows its
    /// value as text (`"4"`), and an edit that parses to the stored value is no change.
    /// - Parameters:
    ///   - name: The SQL column name.
    ///   - keyPath: The text property.
    ///   - field: The field name for errors and validation, when it differs from `name`.
    ///   - label: The visible name of the field.
    ///   - help: Explains the accepted format before any error is shown.
    ///   - accessibilityHint: Adds to the label for assistive technologies, without repeating it.
    ///   - parsing: How the text stands for the stored value (``TypedText/wholeNumber(in:)``, ``TypedText/custom(code:message:read:format:)``).
    ///   - rules: Rules on the parsed value (`nil` when the text is blank), in the order they run.
    @inlinable
    public static func column<Value>(
        _ name: String, _ keyPath: WritableKeyPath<Root, String> & Sendable, field: String? = nil, label: String,
        help: String? = nil, accessibilityHint: String? = nil, parsing: TypedText<Value>, rules: [FieldRule<Root, Value?>] = []
    ) -> Column {
        let descriptor = FieldDescriptor(
            keyPath, field ?? name, label: label, help: help, accessibilityHint: accessibilityHint, parsing: parsing, rules: rules)
        return Column(name, text: keyPath, field: field, parsing: parsing, descriptor: descriptor)
    }
}
