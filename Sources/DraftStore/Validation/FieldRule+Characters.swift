/// The rule against control and invisible format characters in text (case T3 of the shared cases).
///
/// A name or an e-mail address pasted from elsewhere may carry characters that a person
/// cannot see but that change what the text means or how it is shown: NUL (U+0000, which
/// cuts C strings and SQLite's `length()` short), other C0 and C1 controls, and the
/// bidirectional controls that reorder what is displayed (U+200E, U+200F, U+202A–U+202E,
/// U+2066–U+2069, the "Trojan Source" characters of CVE-2021-42574).
///
/// Policy of this library:
///
/// - Rejected: every scalar of Unicode general category `Cc` (control: U+0000–U+001F,
///   U+007F–U+009F) and `Cf` (format: the bidi controls above, U+00AD soft hyphen, U+200B,
///   U+2060, U+FEFF inside the text, …), and the separators U+2028 and U+2029.
/// - Kept, although they are `Cf`: U+200C ZERO WIDTH NON-JOINER and U+200D ZERO WIDTH JOINER,
///   which Persian, Indic scripts and emoji sequences (`"👩‍👩‍👧‍👦"`) need, and the tag
///   characters U+E0020–U+E007F of emoji tag sequences (the flag of Scotland).
/// - With `allowingLineBreaks: true`, for multi-line text such as a bio: tab (U+0009),
///   line feed (U+000A), carriage return (U+000D), U+2028 and U+2029 are kept too.
///
/// See [UAX #44, General_Category](https://www.unicode.org/reports/tr44/#General_Category_Values)
/// and [UAX #9, Explicit Directional Formatting](https://www.unicode.org/reports/tr9/#Explicit_Directional_Embeddings).
extension FieldRule where Value: TextFieldValue {
    /// The text must hold no control or invisible format characters.
    ///
    /// ```swift
    /// Field(\.name, "name", label: "Name", trims: true) { .required; .noControlCharacters() }
    /// Field(\.bio, "bio", label: "Bio") { .noControlCharacters(allowingLineBreaks: true) }
    /// ```
    /// - Parameter allowingLineBreaks: Whether tabs and line breaks are allowed, for multi-line
    ///   text; `false` (the default) rejects them, for one-line fields such as names.
    /// - Returns: A rule reporting ``FieldError/Code/invalidCharacters``.
    /// - Complexity: O(*n*) in the number of scalars of the text.
    public static func noControlCharacters(allowingLineBreaks: Bool = false) -> Self {
        Self { value, _ in
            ControlCharacters.firstRejected(in: value.fieldText, allowingLineBreaks: allowingLineBreaks) == nil
                ? nil : (.invalidCharacters, RuleMessages.controlCharacters(allowingLineBreaks: allowingLineBreaks))
        }
    }
}

/// The classification behind ``FieldRule/noControlCharacters(allowingLineBreaks:)``.
enum ControlCharacters {
    /// The first scalar of `text` that the policy rejects, or `nil` when there is none.
    static func firstRejected(in text: String, allowingLineBreaks: Bool) -> Unicode.Scalar? {
        text.unicodeScalars.first { isRejected($0, allowingLineBreaks: allowingLineBreaks) }
    }

    /// Whether the policy rejects one scalar.
    static func isRejected(_ scalar: Unicode.Scalar, allowingLineBreaks: Bool) -> Bool {
        let value = scalar.value
        if isLineBreak(value) { return !allowingLineBreaks }
        if value >= 0x20 && value < 0x7F { return false }  // printable ASCII: the common case
        switch value {
        case 0x200C, 0x200D, 0xE0020...0xE007F:
            return false  // joiners and emoji tags: needed by scripts and emoji
        default:
            switch scalar.properties.generalCategory {
            case .control, .format:
                return true
            default:
                return false
            }
        }
    }

    /// Tab, line feed, carriage return, LINE SEPARATOR and PARAGRAPH SEPARATOR.
    private static func isLineBreak(_ value: UInt32) -> Bool {
        value == 0x09 || value == 0x0A || value == 0x0D || value == 0x2028 || value == 0x2029
    }
}
