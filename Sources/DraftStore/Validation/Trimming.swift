/// Trimming of text typed into a form, and the one test for "blank".
///
/// Text pasted from web pages, chat apps and word processors arrives with
/// non-breaking spaces (U+00A0), ideographic spaces (U+3000), zero-width spaces
/// (U+200B) and byte order marks (U+FEFF) around it. A person sees nothing there,
/// so a name made only of them is blank, and `"\u{00A0}Bo\u{3000}"` is stored as `"Bo"`.
///
/// The policy (case T1 of the shared cases):
///
/// - Trimming works on Unicode **scalars**, not on `Character`s. A trailing U+200D
///   (zero width joiner) merges into the letter before it (`"Bo\u{200D}".count == 2`),
///   so a `Character`-based trim could never remove it.
/// - From both ends it removes every scalar with the Unicode `White_Space` property
///   (see [UAX #44, PropList.txt](https://www.unicode.org/Public/UCD/latest/ucd/PropList.txt)),
///   plus U+200B ZERO WIDTH SPACE, U+200C ZERO WIDTH NON-JOINER, U+200D ZERO WIDTH JOINER,
///   U+2060 WORD JOINER and U+FEFF ZERO WIDTH NO-BREAK SPACE (byte order mark), which
///   are invisible but lack that property.
/// - "Blank" means "empty after this trim", decided by the same function
///   (``isBlank(_:)`` calls ``trimmed(_:)``), so the two can never disagree.
///
/// ```swift
/// Trimming.trimmed("\u{00A0}Bo\u{3000}")   // "Bo"
/// Trimming.isBlank("\u{200B}\u{200B}")     // true
/// ```
package enum Trimming {
    /// The invisible scalars removed at both ends although they lack the `White_Space` property.
    private static let invisibleExtras: Set<UInt32> = [0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF]

    /// Tells whether a scalar is removed when it stands at either end of a text.
    ///
    /// - Parameter scalar: The Unicode scalar to classify.
    /// - Returns: `true` for scalars with the `White_Space` property and for
    ///   U+200B, U+200C, U+200D, U+2060 and U+FEFF.
    /// - Complexity: O(1).
    package static func isTrimmable(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            // Fast path: the ASCII White_Space scalars are TAB, LF, VT, FF, CR and SPACE.
            return scalar == " " || (0x09...0x0D).contains(scalar.value)
        }
        return scalar.properties.isWhitespace || invisibleExtras.contains(scalar.value)
    }

    /// Removes whitespace and invisible separators from both ends of a text.
    ///
    /// Works on Unicode scalars: it removes every leading and trailing scalar for which
    /// ``isTrimmable(_:)`` is true. Scalars inside the text are kept as they are, so
    /// `"Mira\u{00A0}Okafor"` keeps its non-breaking space.
    ///
    /// - Parameter s: The text to trim.
    /// - Returns: The text without its leading and trailing whitespace; `s` itself when
    ///   nothing is trimmed, `""` when the text is blank.
    /// - Complexity: O(*n*) in the number of scalars of `s`.
    package static func trimmed(_ s: String) -> String {
        let scalars = s.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isTrimmable($0) }) else { return "" }
        // A non-trimmable scalar exists, so searching from the end finds one too.
        let last = scalars.lastIndex(where: { !isTrimmable($0) }) ?? first
        if first == scalars.startIndex && scalars.index(after: last) == scalars.endIndex {
            return s
        }
        return String(scalars[first...last])
    }

    /// Tells whether a text is blank: empty once ``trimmed(_:)`` has run.
    ///
    /// `"   "`, `"\t\n"`, `"\u{00A0}\u{00A0}"`, `"\u{3000}"`, `"\u{200B}"`, `"\u{FEFF}"`
    /// and `"\u{2060}"` are all blank.
    ///
    /// - Parameter s: The text to test.
    /// - Returns: `true` when `s` holds nothing but trimmable scalars (or nothing at all).
    /// - Complexity: O(*n*) in the number of scalars of `s`; stops at the first visible one.
    package static func isBlank(_ s: String) -> Bool {
        trimmed(s).isEmpty
    }
}
