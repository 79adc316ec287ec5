/// The validator of an ``Entity``: its declared fields, then one field without rules for every
/// other column the entity maps.
///
/// Undo, ``FormState/editedFields``, visibility, the invalidation of asynchronous checks and the
/// placing of the store's rejections all go by a validator's fields. So that they cover the whole
/// entity, a validator of an entity also lists the columns it declares no field for (a `country`
/// with no rules), named by their ``Column/field`` and labelled with it. A key SQLite assigns
/// (a single `Int64?` rowid key) and the columns the store maintains (created / updated
/// times) are left out: no form edits them. Other key columns (a slug, a code, a UUID) are
/// fields: an add form may set them.
///
/// ```swift
/// static let validator = Validator<Author> {
///     Field(\.name, "name", label: "Name", trims: true) { .required; .length(2...120) }
/// }
/// Author.validator.fields.map(\.name)     // ["name", "email", "bio"]: email and bio without rules
/// ```
extension Validator where Root: Entity {
    /// Makes the validator of an entity from a list of fields, adding every other edited column.
    /// - Parameters:
    ///   - label: The visible name of one value of this kind; the type's name when `nil`.
    ///   - fields: The declared fields, in order; they come first, the other columns after them
    ///     in schema order.
    public init(label: String? = nil, fields: [FieldDescriptor<Root>]) {
        self.init(label: label, allFields: fields + Self.undeclaredColumns(besides: fields))
    }

    /// Makes the validator of an entity from fields declared one per line, adding every other
    /// edited column.
    /// - Parameters:
    ///   - label: The visible name of one value of this kind; the type's name when `nil`.
    ///   - fields: The `Field(…)` declarations, in order.
    public init(label: String? = nil, @FieldListBuilder<Root> _ fields: () -> [FieldDescriptor<Root>]) {
        self.init(label: label, fields: fields())
    }

    /// The field of each edited column of `Root` that `fields` does not name: the one declared
    /// with the column (``Column/descriptor``), or else one without rules.
    private static func undeclaredColumns(besides fields: [FieldDescriptor<Root>]) -> [FieldDescriptor<Root>] {
        var result: [FieldDescriptor<Root>] = []
        let columns = Root.schema.columns
        for column in columns where !column.isMaintained && !isAssignedKey(column, of: columns) {
            guard !fields.contains(where: { $0.name == column.field }) else { continue }
            if let declared = column.descriptor {
                result.append(declared)
            } else {
                let get = column.get
                result.append(FieldDescriptor(unruled: column.field, sameValue: { get($0) == get($1) }))
            }
        }
        return result
    }

    /// Whether a column is a key SQLite assigns: the only key column, held in an `Int64?` (a
    /// rowid or an `INTEGER PRIMARY KEY`, `nil` until inserted, temporary until saved). No form
    /// edits it. Every other key column — a slug, a code, a UUID, a part of a composite key —
    /// is a field: the person or the app sets it in an add form, and undo covers it.
    private static func isAssignedKey(_ column: Column<Root>, of columns: [Column<Root>]) -> Bool {
        column.isKey && columns.count(where: \.isKey) == 1 && type(of: column.keyPath).valueType == Int64?.self
    }
}
