/// One rule of a field: a pure check of the field's value (and, if it needs it, of the
/// whole value it belongs to) that either passes or says what to do.
///
/// Rules are declared inside a ``FieldDescriptor`` (spelled `Field` in declarations), with
/// the static builders of this type, and run in the order written; a field reports only its
/// first failing rule.
///
/// ```swift
/// Field(\.name, "name", label: "Name", trims: true) { .required; .length(2...120); .noControlCharacters() }
/// Field(\.quantity, "quantity", label: "Quantity", help: "Enter 1–50 whole units") { .required; .wholeNumber(in: 1...50) }
/// Field(\.termsAccepted, "terms", label: "Terms") { .acceptance }
/// ```
///
/// Empty values: every rule except ``required`` passes an empty value (blank text,
/// `nil`), so an optional field that is left empty is valid, and a required field that is
/// empty gets exactly one error, from ``required``.
///
/// - Note: `Root` is the type of the whole value (an `Author`), `Value` the type of the field
///   (`String`, `String?`, `Bool`, `Int`, `Int?`, or any ``FieldValue``).
public struct FieldRule<Root, Value: FieldValue>: Sendable {
    /// What a failing rule reports: the kind of problem and what to do about it.
    public typealias Failure = (code: FieldError.Code, message: String)

    /// Whether the rule also runs on empty values (only ``required`` does).
    package let checksEmptyValues: Bool
    /// The only ``FormMode`` the rule runs in (``when(_:)``); `nil` when it runs in every one.
    package private(set) var mode: FormMode?
    /// The check: the field's value (trimmed when the field trims), and the whole value.
    private let check: @Sendable (_ value: Value, _ root: Root) -> Failure?

    /// Makes a rule from a check that may look at the whole value, such as a comparison
    /// with another field.
    ///
    /// - Parameters:
    ///   - checksEmptyValues: Whether `check` also runs when the field is empty; `false`
    ///     (the default) makes the rule pass empty values, leaving them to ``required``.
    ///   - check: Returns `nil` when the value is acceptable, or the code and the message
    ///     that tells the person what to do. It must be a pure function of its arguments.
    public init(checksEmptyValues: Bool = false, _ check: @escaping @Sendable (_ value: Value, _ root: Root) -> Failure?) {
        self.checksEmptyValues = checksEmptyValues
        self.check = check
    }

    /// The same rule, run only in forms of one mode: `.required.when(.adding)` requires the
    /// field of a new value and leaves it optional when an existing one is edited.
    /// - Parameter mode: The mode the rule runs in.
    /// - Returns: The rule, limited to `mode`.
    public func when(_ mode: FormMode) -> Self {
        var copy = self
        copy.mode = mode
        return copy
    }

    /// Runs the rule.
    ///
    /// - Parameters:
    ///   - value: The field's value, already trimmed when its field trims.
    ///   - root: The whole value the field belongs to.
    ///   - mode: What the form is for; `nil` when no form asks (a rule limited by ``when(_:)``
    ///     then does not run).
    /// - Returns: `nil` when the rule passes or does not run in `mode`, otherwise what failed and what to do.
    @usableFromInline package func failure(for value: Value, in root: Root, mode: FormMode? = nil) -> Failure? {
        if let only = self.mode, only != mode { return nil }
        if !checksEmptyValues && value.isEmptyFieldValue { return nil }
        return check(value, root)
    }
}

extension FieldRule {
    /// The field must be filled in: not `nil`, not blank (`Trimming/isBlank(_:)`).
    ///
    /// Reports ``FieldError/Code/required`` with the message "Fill in this field".
    public static var required: Self {
        Self(checksEmptyValues: true) { value, _ in value.isEmptyFieldValue ? (.required, RuleMessages.required) : nil }
    }

    /// The field must be filled in, with a message of your own.
    /// - Parameter message: What to do, such as "Enter a quantity".
    /// - Returns: A rule reporting ``FieldError/Code/required`` for empty values.
    public static func required(message: String) -> Self {
        Self(checksEmptyValues: true) { value, _ in
            value.isEmptyFieldValue ? (.required, message) : nil
        }
    }

    /// A rule of your own on the field's value: it fails when `isValid` returns `false`.
    ///
    /// ```swift
    /// .custom(code: "weakPassword", message: "Use at least one digit") { $0.contains(where: \.isNumber) }
    /// ```
    ///
    /// Like every rule but ``required``, it passes empty values without calling `isValid`.
    /// - Parameters:
    ///   - code: The code of the error it reports.
    ///   - message: What to do when it fails, in words.
    ///   - isValid: A pure function of the value: `true` when the value is acceptable.
    /// - Returns: The rule.
    public static func custom(
        code: FieldError.Code,
        message: String,
        _ isValid: @escaping @Sendable (Value) -> Bool
    ) -> Self {
        Self { value, _ in isValid(value) ? nil : (code, message) }
    }

    /// The field must hold exactly the same value as another field of the same type,
    /// as for a password typed twice. Text is compared by UTF-8 bytes
    /// (``FieldValue/isSameFieldValue(_:_:)``), not by Swift's `==`.
    ///
    /// Declare it on the confirming field, so the error shows next to it:
    /// `Field(\.passwordConfirmation, "passwordConfirmation", label: "Repeat password") { .required; .confirmation(of: \.password) }`.
    /// - Parameters:
    ///   - other: The field that is being confirmed.
    ///   - message: What to do when they differ; the ``Messages`` provider's words when `nil`.
    /// - Returns: A rule reporting ``FieldError/Code/confirmationMismatch``.
    public static func confirmation(
        of other: KeyPath<Root, Value> & Sendable,
        message: String? = nil
    ) -> Self {
        Self { value, root in
            Value.isSameFieldValue(value, root[keyPath: other])
                ? nil : (.confirmationMismatch, message ?? Messages.provider.rule(.confirmation))
        }
    }
}

extension FieldRule where Value == Bool {
    /// The box must be ticked (`true`), as for accepting terms of service.
    ///
    /// Reports ``FieldError/Code/notAccepted`` with "Tick the box to accept".
    public static var acceptance: Self {
        Self { value, _ in value ? nil : (.notAccepted, Messages.provider.rule(.acceptance)) }
    }

    /// The box must be ticked, with a message of your own.
    /// - Parameter message: What to do, such as "Accept the terms to continue".
    /// - Returns: A rule reporting ``FieldError/Code/notAccepted`` for `false`.
    public static func acceptance(message: String) -> Self {
        Self { value, _ in value ? nil : (.notAccepted, message) }
    }
}

extension FieldRule where Value == Int {
    /// The number must lie in a range.
    /// - Parameter range: The allowed numbers, bounds included.
    /// - Returns: A rule reporting ``FieldError/Code/outOfRange`` with "Enter a whole number from 1 to 50".
    public static func range(_ range: ClosedRange<Int>) -> Self {
        Self { value, _ in range.contains(value) ? nil : (.outOfRange, RuleMessages.wholeNumber(in: range)) }
    }
}

extension FieldRule where Value == Int? {
    /// The number, when there is one, must lie in a range; `nil` is left to ``required``.
    /// - Parameter range: The allowed numbers, bounds included.
    /// - Returns: A rule reporting ``FieldError/Code/outOfRange`` with "Enter a whole number from 1 to 50".
    public static func range(_ range: ClosedRange<Int>) -> Self {
        Self { value, _ in
            guard let value, !range.contains(value) else { return nil }
            return (.outOfRange, RuleMessages.wholeNumber(in: range))
        }
    }
}

/// The default messages of the built-in rules, in the words of the current ``Messages`` provider
/// at the moment a rule fails. Each says how to recover.
enum RuleMessages {
    /// "Fill in this field".
    static var required: String { Messages.provider.rule(.required) }

    /// "Enter a whole number from 1 to 50".
    static func wholeNumber(in range: ClosedRange<Int>) -> String { Messages.provider.rule(.wholeNumber(range)) }

    /// For text that is not a whole number: says to use digits only, and the range.
    static func digitsOnly(in range: ClosedRange<Int>) -> String { Messages.provider.rule(.digitsOnly(range)) }

    /// "Enter at least 2 characters".
    static func atLeast(_ count: Int) -> String { Messages.provider.rule(.atLeast(count)) }

    /// "Enter at most 120 characters".
    static func atMost(_ count: Int) -> String { Messages.provider.rule(.atMost(count)) }

    /// "Enter an e-mail address like name@example.com".
    static var email: String { Messages.provider.rule(.email) }

    /// For text holding control or invisible format characters (other than tabs and line breaks when allowed).
    static func controlCharacters(allowingLineBreaks: Bool) -> String {
        Messages.provider.rule(.controlCharacters(allowingLineBreaks: allowingLineBreaks))
    }

    /// "Choose one of: A, B, C", or a shorter message when there are many choices.
    static func inclusion(_ choices: [String]) -> String { Messages.provider.rule(.inclusion(choices)) }
}
