/// The declaration of one field of a form: which property it is, what a person is told
/// about it, whether it is trimmed, and its rules.
///
/// Declare fields inside a ``Validator``; `Field` is the short name used there:
///
/// ```swift
/// static let validator = Validator<Author> {
///     Field(\.name, "name", label: "Name", help: "2–120 characters", trims: true) {
///         .required; .length(2...120); .noControlCharacters()
///     }
///     Field(\.email, "email", label: "E-mail", trims: true) { .required; .email }
///     Field(\.bio, "bio", label: "Bio") { .maxLength(2000); .noControlCharacters(allowingLineBreaks: true) }
/// }
/// ```
///
/// A descriptor erases the field's value type, so fields of different types share one list;
/// it is `Sendable` because it keeps only `Sendable` key paths and `@Sendable` closures.
public struct FieldDescriptor<Root>: Sendable {
    /// The stable identifier of the field, used as ``FieldError/field`` (`"email"`). Never shown.
    public let name: String
    /// The visible name of the field ("E-mail"), also used in ``FormState/saveBlockers``.
    public let label: String
    /// Explains the accepted format before any error is shown ("Enter 1–50 whole units"); `nil` if none.
    public let help: String?
    /// What an assistive technology adds after reading the label; it must not repeat the label
    /// ("Used to sign in and for receipts"); `nil` if none.
    public let accessibilityHint: String?
    /// Whether the stored value is the trimmed one (`Trimming/trimmed(_:)`); only text fields trim.
    @usableFromInline package let trims: Bool
    /// The Unicode normalization of the stored text (``UnicodeNormalization/nfc``); `nil` when
    /// the text is stored as typed. With one, an edit that changes only the normalization is no change.
    @usableFromInline package let normalization: UnicodeNormalization?
    /// The number of rules declared for the field.
    @usableFromInline package let ruleCount: Int
    /// Whether the field was declared (`Field(…)`, or with its column), not added for an
    /// undeclared column of an entity. Both kinds take the store's rejections: every column is a field.
    @usableFromInline let isDeclared: Bool

    // The closures are made in an inlinable initializer, so they are specialized for `Root`
    // and `Value` where the validator is declared: unspecialized, each key-path read went
    // through generic metadata, and comparing a draft's fields on every set (W4 of
    // draftstore-bench) cost thousands of instructions per field. The property is reached
    // through its offset (``PropertyAccess``), not the key-path runtime.
    @usableFromInline let firstFailure: @Sendable (Root, FormMode?) -> FieldError?
    @usableFromInline let trim: @Sendable (inout Root) -> Void
    @usableFromInline let sameValue: @Sendable (Root, Root) -> Bool

    /// Declares a field.
    ///
    /// - Parameters:
    ///   - keyPath: The property the field edits. It must be `Sendable` (a key path literal with
    ///     no captured subscript arguments is), so a `static let` validator is `Sendable`.
    ///   - name: The stable identifier of the field, used in ``FieldError/field``.
    ///   - label: The visible name of the field.
    ///   - help: Explains the accepted format before any error is shown.
    ///   - accessibilityHint: Adds to the label for assistive technologies, without repeating it.
    ///   - trims: Whether the stored value is trimmed. Rules then see the trimmed value too.
    ///   - normalization: The Unicode normalization of the stored text; rules see it too.
    ///   - rules: The rules, in the order they run; only the first failing one is reported.
    @inlinable
    public init<Value: FieldValue>(
        _ keyPath: WritableKeyPath<Root, Value> & Sendable,
        _ name: String,
        label: String,
        help: String? = nil,
        accessibilityHint: String? = nil,
        trims: Bool = false,
        normalization: UnicodeNormalization? = nil,
        @FieldRuleBuilder<Root, Value> rules: () -> [FieldRule<Root, Value>] = { [] }
    ) {
        let rules = rules()
        self.name = name
        self.label = label
        self.help = help
        self.accessibilityHint = accessibilityHint
        self.trims = trims
        self.normalization = normalization
        self.ruleCount = rules.count
        self.isDeclared = true
        let stored: @Sendable (Value) -> Value = { value in
            let trimmed = trims ? value.trimmedFieldValue() : value
            return normalization.map { trimmed.normalizedFieldValue($0) } ?? trimmed
        }
        let property = PropertyAccess(keyPath)
        self.firstFailure = { root, mode in
            let checked = stored(property.get(root))
            for rule in rules {
                if let failure = rule.failure(for: checked, in: root, mode: mode) {
                    return FieldError(field: name, code: failure.code, message: failure.message)
                }
            }
            return nil
        }
        self.trim = { root in
            if trims || normalization != nil { property.set(&root, stored(property.get(root))) }
        }
        if let normalization {
            self.sameValue = { a, b in
                // Equal bytes first: normalizing is needed only for values that differ.
                let (x, y) = (property.get(a), property.get(b))
                return Value.isSameFieldValue(x, y)
                    || Value.isSameFieldValue(x.normalizedFieldValue(normalization), y.normalizedFieldValue(normalization))
            }
        } else {
            self.sameValue = { a, b in Value.isSameFieldValue(property.get(a), property.get(b)) }
        }
    }

    /// A field without rules for a column no field was declared for (the ``Validator`` of an
    /// ``Entity``): labelled with its name in words (`product_code` → "Product code", the rule of
    /// ``Validator/label``), stored as typed, compared by `sameValue`.
    init(unruled name: String, sameValue: @escaping @Sendable (Root, Root) -> Bool) {
        self.name = name
        self.label = DisplayName.label(column: name)
        self.help = nil
        self.accessibilityHint = nil
        self.trims = false
        self.normalization = nil
        self.ruleCount = 0
        self.isDeclared = false
        self.firstFailure = { _, _ in nil }
        self.trim = { _ in }
        self.sameValue = sameValue
    }

    /// Runs the field's rules on a value and reports the first that fails.
    ///
    /// - Parameters:
    ///   - root: The whole value, as the field stores it (trim it first with
    ///     ``normalize(_:)`` when other fields' rules depend on trimmed values; ``Validator`` does).
    ///   - mode: What the form is for; rules limited to another mode (``FieldRule/when(_:)``),
    ///     or to any mode when `nil`, do not run.
    /// - Returns: The local error of the first failing rule, or `nil` when all pass.
    /// - Complexity: The sum of the rules' costs, each at most linear in the field's length.
    package func error(in root: Root, mode: FormMode? = nil) -> FieldError? {
        firstFailure(root, mode)
    }

    /// Replaces the field's value with its stored form: trimmed when the field trims, in its
    /// Unicode normalization when it declares one; does nothing otherwise.
    /// - Parameter root: The whole value to update.
    package func normalize(_ root: inout Root) {
        trim(&root)
    }

    /// Tells whether the field holds the same value in two roots, comparing text by UTF-8 bytes
    /// (after the field's Unicode normalization, when it declares one).
    /// - Parameters:
    ///   - a: One whole value.
    ///   - b: The other whole value.
    /// - Returns: `true` when the store would hold the same thing for this field.
    package func isSame(in a: Root, and b: Root) -> Bool {
        sameValue(a, b)
    }
}

/// The short name of ``FieldDescriptor`` for use inside a ``Validator`` declaration.
public typealias Field<Root> = FieldDescriptor<Root>
