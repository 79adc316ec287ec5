/// A problem with one field of a form, said in words that tell the person what to do.
///
/// Local validation (``Validator``) and rejection by the store (a UNIQUE e-mail, a row
/// deleted meanwhile) both report a `FieldError`; ``source`` tells them apart, so a
/// form can show both next to the field and still know which ones typing can fix.
///
/// ```swift
/// FieldError(field: "quantity", code: .outOfRange, message: "Enter a whole number from 1 to 50")
/// FieldError(field: "email", code: .notUnique,
///            message: "Use another e-mail address: this one belongs to another author", source: .store)
/// ```
public struct FieldError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where an error was found.
    public enum Source: String, Sendable, Hashable {
        /// By a rule of a ``Validator``, from the draft's values alone.
        case local
        /// By the store, when it refused a save (a constraint, a row deleted meanwhile).
        case store
    }

    /// The stable name of the field, as declared in its ``FieldDescriptor`` (`"email"`);
    /// an empty string for an error that concerns the whole form.
    public var field: String
    /// What kind of problem it is, for code that reacts to it.
    public var code: Code
    /// What to do about it, in words: "Enter at least 2 characters".
    public var message: String
    /// Whether a local rule or the store found it.
    public var source: Source

    /// Makes a field error.
    ///
    /// - Parameters:
    ///   - field: The stable name of the field (``FieldDescriptor/name``).
    ///   - code: The kind of problem.
    ///   - message: How to recover, in words.
    ///   - source: Who found it; local validation unless said otherwise.
    public init(field: String, code: Code, message: String, source: Source = .local) {
        self.field = field
        self.code = code
        self.message = message
        self.source = source
    }

    /// `field: message`, or only the message for a form-wide error.
    public var description: String {
        field.isEmpty ? message : "\(field): \(message)"
    }
}

extension FieldError {
    /// The kind of a ``FieldError``: an open set of names, extensible by string literal.
    ///
    /// ```swift
    /// extension FieldError.Code { static let weakPassword: Self = "weakPassword" }
    /// ```
    public struct Code: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
        /// The name of the code, such as `"required"`.
        public var rawValue: String

        /// Makes a code from its name.
        /// - Parameter rawValue: The name of the code.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// Makes a code from a string literal: `let code: FieldError.Code = "weakPassword"`.
        /// - Parameter value: The name of the code.
        public init(stringLiteral value: String) { self.rawValue = value }

        /// The name of the code.
        public var description: String { rawValue }

        /// The field is empty (or blank) but must be filled in.
        public static let required: Self = "required"
        /// The text has fewer characters than allowed.
        public static let tooShort: Self = "tooShort"
        /// The text has more characters than allowed.
        public static let tooLong: Self = "tooLong"
        /// The text does not have the expected shape.
        public static let invalidFormat: Self = "invalidFormat"
        /// The text is not a valid e-mail address as defined by the HTML standard.
        public static let invalidEmail: Self = "invalidEmail"
        /// The text holds control or invisible format characters.
        public static let invalidCharacters: Self = "invalidCharacters"
        /// The text is not a whole number.
        public static let notAWholeNumber: Self = "notAWholeNumber"
        /// The number is outside the allowed range (overflow included).
        public static let outOfRange: Self = "outOfRange"
        /// A confirmation field differs from the field it confirms.
        public static let confirmationMismatch: Self = "confirmationMismatch"
        /// A box that must be ticked (terms of service) is not.
        public static let notAccepted: Self = "notAccepted"
        /// The value is not one of the allowed choices.
        public static let notIncluded: Self = "notIncluded"
        /// Store rejection: another row already has this value (a UNIQUE constraint).
        public static let notUnique: Self = "notUnique"
        /// Store rejection: the value refers to a row that does not exist (a FOREIGN KEY constraint).
        public static let invalidReference: Self = "invalidReference"
        /// Store rejection: another constraint (CHECK, NOT NULL) refused the value.
        public static let constraintViolated: Self = "constraintViolated"
        /// Store rejection: the row was deleted while the draft was open.
        public static let deleted: Self = "deleted"
        /// The draft of an edit changed its row's key (a primary-key column): an edit keeps its row's identity.
        public static let keyChanged: Self = "keyChanged"
    }
}
