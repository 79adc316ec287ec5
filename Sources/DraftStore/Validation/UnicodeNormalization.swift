import Foundation

/// A Unicode normalization form a text field may declare for what it stores, so text that
/// looks the same is stored the same: `"Zoe\u{301}"` (e + combining acute) is stored as
/// `"Zoé"` (U+00E9), and an edit that only changes the normalization is no change.
///
/// Conflicts and the store still compare bytes; normalization happens before, in the form.
/// See [Unicode Normalization Forms (UAX #15)](https://unicode.org/reports/tr15/).
public enum UnicodeNormalization: String, Sendable, Hashable, Codable {
    /// Normalization Form C: canonical decomposition, then canonical composition.
    case nfc

    /// The text in this form.
    /// - Parameter text: Any text.
    /// - Returns: The normalized text.
    /// - Complexity: O(*n*) in the length of the text.
    package func apply(_ text: String) -> String {
        switch self {
        case .nfc: Self.isNFCByQuickCheck(text) ? text : text.precomposedStringWithCanonicalMapping
        }
    }

    /// Whether text is in NFC already because every code point is below U+0300: each such
    /// character has `NFC_Quick_Check=Yes` and canonical combining class 0, which UAX #15's quick
    /// check answers "yes" for. In UTF-8 those are exactly the texts with no byte of 0xCC or
    /// above (U+0300 is `CC 80`). Skips Foundation's normalization (~10k instructions for a
    /// short name, W4 of the benchmark) for ASCII and Latin-1 text.
    /// - Complexity: O(*n*), one pass over the UTF-8 bytes.
    static func isNFCByQuickCheck(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in !bytes.contains { $0 >= 0xCC } }
    }
}
