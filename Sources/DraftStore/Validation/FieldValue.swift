/// A type that a form field can hold: what "empty" means for it, how it is trimmed,
/// and how two values are compared when looking for edits.
///
/// The library conforms `String`, `Optional` (when its wrapped type conforms), `Bool`,
/// `Int` and `Double`. Conform your own types (an enum of countries, a date) to use
/// them in a ``FieldDescriptor``; an `Equatable` type gets every requirement for free:
///
/// ```swift
/// enum Country: String, FieldValue { case japan, korea }
/// ```
///
/// The protocol refines `SendableMetatype` because rules are `@Sendable` closures that call
/// the type's static members (``isSameFieldValue(_:_:)``) from any thread.
public protocol FieldValue: SendableMetatype {
    /// Whether the value counts as "not filled in": a blank text (`Trimming/isBlank(_:)`),
    /// or `nil`. Only the `required` rule looks at empty values; every other rule passes them.
    var isEmptyFieldValue: Bool { get }

    /// The value as it is stored when its field trims: text without surrounding whitespace.
    /// - Returns: The trimmed value; the value itself for types that are not text.
    func trimmedFieldValue() -> Self

    /// The value as it is stored when its field declares a Unicode normalization.
    /// - Parameter normalization: The normalization form.
    /// - Returns: The normalized text; the value itself for types that are not text.
    func normalizedFieldValue(_ normalization: UnicodeNormalization) -> Self

    /// Whether two values are the same, as the store sees them.
    ///
    /// Text is compared by its UTF-8 bytes, like SQLite compares it, so `"é"` written as
    /// one scalar and as `e` + U+0301 differ, although Swift's `==` calls them equal.
    /// - Parameters:
    ///   - a: One value.
    ///   - b: The other value.
    /// - Returns: `true` when the store would hold the same thing for both.
    static func isSameFieldValue(_ a: Self, _ b: Self) -> Bool
}

extension FieldValue {
    /// Values are never empty unless the type says otherwise.
    public var isEmptyFieldValue: Bool { false }

    /// Values are stored as they are unless the type says otherwise.
    /// - Returns: `self`.
    public func trimmedFieldValue() -> Self { self }

    /// Values are stored as they are unless the type says otherwise.
    /// - Parameter normalization: Ignored.
    /// - Returns: `self`.
    public func normalizedFieldValue(_ normalization: UnicodeNormalization) -> Self { self }
}

extension FieldValue where Self: Equatable {
    /// Compares with `==`.
    /// - Parameters:
    ///   - a: One value.
    ///   - b: The other value.
    /// - Returns: `a == b`.
    public static func isSameFieldValue(_ a: Self, _ b: Self) -> Bool { a == b }
}

/// A field value that is text: `String`, or `String?` where `nil` is the empty text.
///
/// The text rules of ``FieldRule`` (length, format, e-mail, control characters,
/// whole numbers, inclusion) apply to fields of these types.
public protocol TextFieldValue: FieldValue {
    /// The text of the value; `""` for `nil`.
    var fieldText: String { get }
}

extension String: TextFieldValue {
    /// The text itself.
    public var fieldText: String { self }

    /// `true` when the text is blank as `Trimming/isBlank(_:)` defines it.
    public var isEmptyFieldValue: Bool { Trimming.isBlank(self) }

    /// The text trimmed by `Trimming/trimmed(_:)`.
    /// - Returns: The text without surrounding whitespace and invisible separators.
    public func trimmedFieldValue() -> String { Trimming.trimmed(self) }

    /// The text in a Unicode normalization form (``UnicodeNormalization/nfc``: canonical composition).
    /// - Parameter normalization: The form.
    /// - Returns: The normalized text, whose bytes are what the store keeps.
    public func normalizedFieldValue(_ normalization: UnicodeNormalization) -> String { normalization.apply(self) }

    /// Compares the UTF-8 bytes of both texts, as SQLite does, not Swift's `==`.
    /// - Parameters:
    ///   - a: One text.
    ///   - b: The other text.
    /// - Returns: `true` when both hold exactly the same bytes.
    /// - Complexity: O(*n*) in the shorter length.
    @inlinable
    public static func isSameFieldValue(_ a: String, _ b: String) -> Bool {
        sameUTF8(a, b)
    }
}

extension Optional: FieldValue where Wrapped: FieldValue {
    /// `true` for `nil` and for a wrapped value that is empty.
    public var isEmptyFieldValue: Bool {
        // A switch, not `map(\.isEmptyFieldValue)`: in this unspecialized generic code the key path
        // was made anew on every call (~9.5k instructions each, half a W3 save's validation).
        switch self {
        case .some(let wrapped): wrapped.isEmptyFieldValue
        case .none: true
        }
    }

    /// The wrapped value trimmed; `nil` stays `nil` and a blank text becomes `""`, not `nil`.
    /// - Returns: The trimmed optional.
    public func trimmedFieldValue() -> Wrapped? { map { $0.trimmedFieldValue() } }

    /// The wrapped value normalized; `nil` stays `nil`.
    /// - Parameter normalization: The form.
    /// - Returns: The normalized optional.
    public func normalizedFieldValue(_ normalization: UnicodeNormalization) -> Wrapped? {
        map { $0.normalizedFieldValue(normalization) }
    }

    /// Both `nil`, or both wrapped values the same by `Wrapped.isSameFieldValue`.
    /// - Parameters:
    ///   - a: One optional.
    ///   - b: The other optional.
    /// - Returns: Whether both hold the same thing.
    @inlinable
    public static func isSameFieldValue(_ a: Wrapped?, _ b: Wrapped?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case (let x?, let y?): return Wrapped.isSameFieldValue(x, y)
        default: return false
        }
    }
}

extension Optional: TextFieldValue where Wrapped == String {
    /// The wrapped text, or `""` for `nil`.
    public var fieldText: String { self ?? "" }
}

/// A checkbox value; never empty, compared with `==`.
extension Bool: FieldValue {}
/// A number value; never empty, compared with `==`.
extension Int: FieldValue {}
/// A number value; never empty, compared with `==`.
extension Double: FieldValue {}

/// A row id or 64-bit number (a reference field); never empty, compared with `==`.
extension Int64: FieldValue {}
