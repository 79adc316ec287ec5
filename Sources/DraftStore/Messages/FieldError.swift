import Foundation

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
public struct FieldError: Error, Sendable, Hashable, Codable, CustomStringConvertible, LocalizedError {
    /// Where an error was found.
    public enum Source: String, Sendable, Hashable, Codable {
        /// By a rule of a ``Validator``, from the draft's values alone.
        case local
        /// By the store, when it refused a save (a constraint, a row deleted meanwhile).
        case store
    }

    /// The stable name of the field, as declared in its ``FieldDescriptor`` (`"email"`): the
    /// first of ``fields``; an empty string for an error of the whole record.
    public var field: String
    /// Every field the error concerns, in the rule's order: one for a local rule, all of them
    /// for a composite constraint (one error, shown under each); empty for an error of the whole record.
    public var fields: [String]
    /// What kind of problem it is, for code that reacts to it.
    public var code: Code
    /// Whether a local rule or the store found it.
    public var source: Source
    /// For a store rejection: the facts (kind, table, columns, constraint, object); `nil` for local errors.
    public var rejection: StoreRejection?
    /// The visible labels of ``fields`` ("E-mail"), filled in by the form that shows the error;
    /// empty when none is declared: the ``Messages`` provider is then given labels made from
    /// the field names in words (`product_code` → "Product code", the rule of ``Validator/label``).
    public var labels: [String]
    /// The visible name of the kind of record: the form's ``Validator/label`` ("Author"), or
    /// outside a form the entity's; `nil` when unknown (the provider then makes one from the
    /// table's name in words: `order_lines` → "Order line").
    public var entity: String?
    /// Words given by the rule's author, which the message provider does not replace.
    private var givenMessage: String?

    /// What to do about it, in words: the text given at creation, or else the words of the
    /// current ``Messages`` provider for ``rejection`` (store errors carry no text of their own).
    public var message: String {
        get { givenMessage ?? providedMessage }
        set { givenMessage = newValue }
    }

    /// Makes a field error.
    ///
    /// - Parameters:
    ///   - field: The stable name of the field (``FieldDescriptor/name``).
    ///   - code: The kind of problem.
    ///   - message: How to recover, in words.
    ///   - source: Who found it; local validation unless said otherwise.
    public init(field: String, code: Code, message: String, source: Source = .local) {
        self.field = field
        self.fields = field.isEmpty ? [] : [field]
        self.code = code
        self.givenMessage = message
        self.source = source
        self.labels = []
    }

    /// Makes the error of a store rejection, with no words: ``message`` comes from the ``Messages`` provider.
    ///
    /// - Parameters:
    ///   - fields: The fields concerned (the first is ``field``); empty for the whole record.
    ///   - code: The kind of problem.
    ///   - rejection: The facts of the rejection.
    package init(fields: [String], code: Code, rejection: StoreRejection) {
        self.field = fields.first ?? ""
        self.fields = fields
        self.code = code
        self.source = .store
        self.rejection = rejection
        self.labels = []
    }

    /// The words of the current provider for ``rejection``; the code's name when there is none.
    private var providedMessage: String {
        guard let rejection else { return code.rawValue }
        let wording = RejectionWording(
            rejection: rejection, labels: shownLabels,
            entity: entity ?? DisplayName.entity(table: rejection.object.table))
        return Messages.provider.rejection(wording)
    }

    /// The labels a person reads for ``fields``: the declared ``labels``, or else each field's
    /// name in words; none for an error of the whole record.
    var shownLabels: [String] {
        fields.isEmpty ? [] : labels.isEmpty ? fields.map(DisplayName.label(column:)) : labels
    }

    /// Whether the error concerns the whole record rather than a field.
    public var isRecordError: Bool { fields.isEmpty && field.isEmpty }

    /// Whether the error is shown under a field: it is one of ``fields``.
    /// - Parameter name: A ``FieldDescriptor/name``.
    /// - Returns: `true` when the error concerns that field.
    public func concerns(_ name: String) -> Bool { field == name || fields.contains(name) }

    /// `field: message`, or only the message for a form-wide error: fields by their names, for code and logs.
    public var description: String {
        field.isEmpty ? message : "\(fields.count > 1 ? fields.joined(separator: ", ") : field): \(message)"
    }

    /// What a person reads, for `localizedDescription`: `Labels: message` (the provider's words,
    /// or the rule author's), or only the message for an error of the whole record.
    public var errorDescription: String? {
        let shown = shownLabels
        return shown.isEmpty ? message : "\(shown.joined(separator: ", ")): \(message)"
    }

    private enum CodingKeys: String, CodingKey { case field, fields, code, message, source, rejection, labels, entity }

    /// Encodes the error with its ``message`` in the current provider's words.
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(field, forKey: .field)
        try container.encode(fields, forKey: .fields)
        try container.encode(code, forKey: .code)
        try container.encode(message, forKey: .message)
        try container.encode(source, forKey: .source)
        try container.encodeIfPresent(rejection, forKey: .rejection)
        try container.encode(labels, forKey: .labels)
        try container.encodeIfPresent(entity, forKey: .entity)
    }

    /// Decodes an error written by ``encode(to:)``; a store rejection's message is worded again by the provider.
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when a required key is missing or has the wrong type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        field = try container.decode(String.self, forKey: .field)
        fields = try container.decodeIfPresent([String].self, forKey: .fields) ?? (field.isEmpty ? [] : [field])
        code = try container.decode(Code.self, forKey: .code)
        source = try container.decode(Source.self, forKey: .source)
        rejection = try container.decodeIfPresent(StoreRejection.self, forKey: .rejection)
        labels = try container.decodeIfPresent([String].self, forKey: .labels) ?? []
        entity = try container.decodeIfPresent(String.self, forKey: .entity)
        givenMessage = rejection == nil ? try container.decode(String.self, forKey: .message) : nil
    }
}

extension FieldError {
    /// The kind of a ``FieldError``: an open set of names, extensible by string literal.
    ///
    /// ```swift
    /// extension FieldError.Code { static let weakPassword: Self = "weakPassword" }
    /// ```
    public struct Code: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral, CustomStringConvertible {
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
        /// Store rejection: a trigger of the schema refused the row (`RAISE`).
        public static let refusedByTrigger: Self = "refusedByTrigger"
        /// The draft of an edit changed its row's key (a primary-key column): an edit keeps its row's identity.
        public static let keyChanged: Self = "keyChanged"
        /// Store rejection: an edit of a read-only field, a generated column the database computes.
        public static let readOnly: Self = "readOnly"
    }
}
