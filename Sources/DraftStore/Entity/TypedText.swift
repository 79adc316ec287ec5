/// How the text a person types in a field stands for a typed value that its column stores: the
/// parse (text → value, or why not, in words) and the format (stored value → text shown when
/// editing).
///
/// Declared once, with the column
/// (``Column/column(_:_:field:label:help:accessibilityHint:parsing:rules:)``): the draft keeps
/// what was typed (`" 4 "`), the column holds the parsed value (`INTEGER` 4), the parse error is
/// shown under the field, the rules run on the parsed value, and a row read for editing shows
/// its value as text (`"4"`).
///
/// ```swift
/// .column("quantity", \.quantity, label: "Quantity", parsing: .wholeNumber(in: 1...50), rules: [.required])
/// ```
public struct TypedText<Value: DatabaseValueConvertible & FieldValue>: Sendable {
    /// What a text means.
    public enum Parsed: Sendable {
        /// Nothing typed (blank after trimming): the column holds NULL, and ``FieldRule/required`` decides.
        case empty
        /// A value.
        case value(Value)
        /// Not a value: the code and, in words, what to type instead.
        case failure(FieldError.Code, String)
    }

    /// Reads a text as typed (not trimmed: the parse decides what surrounding whitespace means).
    public let parse: @Sendable (String) -> Parsed
    /// The text that shows a stored value when a row is edited.
    public let format: @Sendable (Value) -> String

    /// Makes a conversion from its two directions.
    /// - Parameters:
    ///   - parse: Reads a text as typed; a pure function.
    ///   - format: Shows a stored value as text; `parse(format(v))` must give `v` back.
    public init(parse: @escaping @Sendable (String) -> Parsed, format: @escaping @Sendable (Value) -> String) {
        self.parse = parse
        self.format = format
    }

    /// A conversion of your own: text blank after `Trimming/trimmed(_:)` is empty, `read`
    /// gives the value of the trimmed text or `nil`, which is reported with `message`.
    ///
    /// ```swift
    /// .custom(message: "Enter a price like 4.50", read: { Double($0) }, format: { String($0) })
    /// ```
    /// - Parameters:
    ///   - code: The code of the parse error; ``FieldError/Code/invalidFormat`` by default.
    ///   - message: What to type instead, in words.
    ///   - read: The value of a trimmed, non-blank text, or `nil` when it stands for none.
    ///   - format: Shows a stored value as text.
    /// - Returns: The conversion.
    public static func custom(
        code: FieldError.Code = .invalidFormat, message: String, read: @escaping @Sendable (String) -> Value?,
        format: @escaping @Sendable (Value) -> String
    ) -> Self {
        Self(
            parse: { text in
                let trimmed = Trimming.trimmed(text)
                if trimmed.isEmpty { return .empty }
                return read(trimmed).map { .value($0) } ?? .failure(code, message)
            }, format: format)
    }

    /// The value a column stores for a text: NULL for an empty text, the parsed value, or, for a
    /// text that is no value, the text itself (local validation refuses it before any save).
    @usableFromInline
    func stored(_ text: String) -> SQLiteValue {
        switch parse(text) {
        case .empty: .null
        case .value(let value): value.sqliteValue
        case .failure: .text(text)
        }
    }

    /// The text of a stored value: `""` for NULL, a TEXT as it is, another value formatted;
    /// `nil` when the value does not fit `Value`.
    @usableFromInline
    func text(of stored: SQLiteValue) -> String? {
        switch stored {
        case .null: return ""
        case .text(let text) where Value.storageClass != "TEXT": return text
        default: return Value(sqliteValue: stored).map(format)
        }
    }
}

extension TypedText where Value == Int {
    /// A whole number in a range, typed as text and parsed strictly by ``WholeNumber/parse(_:)``:
    /// `" 4 "` and `"٤"` are 4; `"4.5"`, `"4e1"` and `"²"` report
    /// ``FieldError/Code/notAWholeNumber``, `"0"`, `"51"` and numbers past `Int`
    /// ``FieldError/Code/outOfRange`` (cases N1–N3). The column stores an INTEGER; a stored
    /// number is shown in ASCII digits.
    /// - Parameter range: The allowed numbers, bounds included.
    /// - Returns: The conversion.
    public static func wholeNumber(in range: ClosedRange<Int>) -> Self {
        Self(
            parse: { text in
                switch WholeNumber.parse(text) {
                case .empty: return .empty
                case .value(let number) where range.contains(number): return .value(number)
                case .value, .tooLarge, .tooSmall: return .failure(.outOfRange, RuleMessages.wholeNumber(in: range))
                case .notAWholeNumber: return .failure(.notAWholeNumber, RuleMessages.digitsOnly(in: range))
                }
            }, format: { String($0) })
    }
}
