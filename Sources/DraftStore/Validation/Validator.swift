/// The local validation of one kind of value (an `Author`, a reorder request): its fields,
/// in order, each with its rules.
///
/// A validator is a pure function of the value: it reads nothing else, changes nothing,
/// and is `Sendable`, so it is usually a `static let` of the type it validates:
///
/// ```swift
/// extension Author {
///     static let validator = Validator<Author> {
///         Field(\.name, "name", label: "Name", help: "2–120 characters", trims: true) {
///             .required; .length(2...120); .noControlCharacters()
///         }
///         Field(\.email, "email", label: "E-mail", trims: true) { .required; .email }
///         Field(\.bio, "bio", label: "Bio") { .maxLength(2000); .noControlCharacters(allowingLineBreaks: true) }
///     }
/// }
///
/// Author.validator.errors(in: draft)      // [FieldError(field: "email", code: .invalidEmail, …)]
/// Author.validator.normalized(draft)      // the value as it will be stored: trimmed
/// ```
///
/// Errors from the store (a UNIQUE e-mail) are not found here; see ``FieldError/Source/store``.
public struct Validator<Root>: Sendable {
    /// The fields, in declaration order: the order of `errors(in:)` and of a form's layout.
    public let fields: [FieldDescriptor<Root>]
    /// The visible name of one value of this kind ("Author"), used in messages such as
    /// "Another author already has this e-mail": the entity's display name.
    ///
    /// When none is declared it is made from the type's name in words, so no Swift type name
    /// reaches a sentence: cut at `_` and at each change from lower case to a capital or from
    /// letters to digits (`ReorderRow` → "Reorder row", `URLRequest` → "URL request",
    /// `Task2` → "Task 2"), words in capitals kept, `id` written `ID`, other words in lower
    /// case, the first letter a capital. A field with no declared label gets one by the same
    /// rule from its column (`product_code` → "Product code", `ArtistId` → "Artist ID"), and a
    /// table no entity declares a singular name (`products` → "Product": a final `-ies` becomes
    /// `-y`, `-sses`/`-xes`/`-ches`/`-shes` lose `-es`, another final `s` not after `s`, `u` or
    /// `i` is dropped).
    public let label: String
    /// The fields' names and comparisons, in field order, taken out of ``fields`` once:
    /// ``changedFields(from:to:)`` runs on every draft set, and reading `fields[index]` in
    /// this unspecialized generic code copied (retained and released) a whole descriptor per field.
    private let names: [String]
    private let sameValues: [@Sendable (Root, Root) -> Bool]

    /// Makes a validator from a list of fields.
    /// - Parameters:
    ///   - label: The visible name of one value of this kind; the type's name when `nil`.
    ///   - fields: The fields, in order. Names should be unique; the first of a name wins
    ///     in ``field(named:)``.
    public init(label: String? = nil, fields: [FieldDescriptor<Root>]) {
        self.init(label: label, allFields: fields)
    }

    /// Makes a validator of exactly these fields (an entity's validator adds its undeclared columns first).
    init(label: String?, allFields fields: [FieldDescriptor<Root>]) {
        self.fields = fields
        self.label = label ?? DisplayName.entity(typeName: String(describing: Root.self))
        self.names = fields.map(\.name)
        self.sameValues = fields.map(\.sameValue)
    }

    /// Makes a validator from fields declared one per line.
    /// - Parameters:
    ///   - label: The visible name of one value of this kind; the type's name when `nil`.
    ///   - fields: The `Field(…)` declarations, in order.
    public init(label: String? = nil, @FieldListBuilder<Root> _ fields: () -> [FieldDescriptor<Root>]) {
        self.init(label: label, fields: fields())
    }

    /// A validator with no fields: every value is valid, nothing is trimmed, no edit is seen.
    public static var none: Validator<Root> { Validator(fields: []) }

    /// The field with a name, if any.
    /// - Parameter name: A ``FieldDescriptor/name``.
    /// - Returns: The first field with that name, or `nil`.
    /// - Complexity: O(*f*) in the number of fields.
    public func field(named name: String) -> FieldDescriptor<Root>? {
        fields.first { $0.name == name }
    }

    /// The local errors of a value: for each field in order, its first failing rule.
    ///
    /// Rules see the value as it will be stored (`normalized(_:)`), so `" Al "` is checked
    /// as `"Al"` in a trimming field.
    /// - Parameters:
    ///   - value: The value to check.
    ///   - mode: What the form is for (``FormMode``); rules limited to another mode do not run,
    ///     nor, when `nil`, rules limited to any mode.
    /// - Returns: At most one error per field, in field order; empty when the value is valid.
    /// - Complexity: The sum of the rules' costs, each at most linear in its field's length.
    public func errors(in value: Root, mode: FormMode? = nil) -> [FieldError] {
        let stored = normalized(value)
        return fields.compactMap { $0.error(in: stored, mode: mode) }
    }

    /// The local errors of one field of a value.
    /// - Parameters:
    ///   - value: The value to check.
    ///   - field: The ``FieldDescriptor/name`` of the field.
    ///   - mode: What the form is for; see ``errors(in:mode:)``.
    /// - Returns: The field's first failing rule as a one-element list, or an empty list when the
    ///   field is valid or unknown.
    public func errors(in value: Root, for field: String, mode: FormMode? = nil) -> [FieldError] {
        let stored = normalized(value)
        return fields.filter { $0.name == field }.compactMap { $0.error(in: stored, mode: mode) }
    }

    /// Tells whether a value has no local errors.
    /// - Parameters:
    ///   - value: The value to check.
    ///   - mode: What the form is for; see ``errors(in:mode:)``.
    /// - Returns: `true` when ``errors(in:mode:)`` is empty.
    public func isValid(_ value: Root, mode: FormMode? = nil) -> Bool {
        errors(in: value, mode: mode).isEmpty
    }

    /// The value as it will be stored: every field declared with `trims: true` trimmed by
    /// `Trimming/trimmed(_:)`, and every field declaring a ``UnicodeNormalization`` normalized;
    /// other properties untouched.
    /// - Parameter value: The value as edited.
    /// - Returns: The normalized copy.
    package func normalized(_ value: Root) -> Root {
        var copy = value
        for field in fields where field.trims || field.normalization != nil {
            field.normalize(&copy)
        }
        return copy
    }

    /// The names of the fields whose values differ between two values, in field order.
    ///
    /// Text is compared by UTF-8 bytes (as the store compares it), so a change from `"é"`
    /// (U+00E9) to `"é"` (e + U+0301) is a change although Swift's `==` says equal.
    /// - Parameters:
    ///   - old: The value before.
    ///   - new: The value after.
    /// - Returns: The ``FieldDescriptor/name``s of the changed fields.
    package func changedFields(from old: Root, to new: Root) -> [String] {
        // A plain loop: `filter` and `map(\.name)` in this unspecialized generic code made a
        // new key path (`swift_getKeyPath`) and looked up metadata on every call, which was
        // most of the cost of setting a draft (W4 of draftstore-bench).
        var changed: [String] = []
        for index in 0..<sameValues.count where !sameValues[index](old, new) { changed.append(names[index]) }
        return changed
    }
}
