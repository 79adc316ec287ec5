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
    public func apply(_ text: String) -> String {
        switch self {
        case .nfc: text.precomposedStringWithCanonicalMapping
        }
    }
}
