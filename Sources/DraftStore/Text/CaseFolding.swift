import Foundation

/// The one way DraftStore and its tools compare text without regard to case.
///
/// It applies **full** Unicode case folding (the `C` and `F` mappings of Unicode's
/// `CaseFolding.txt`), through Foundation, independent of any locale: `"GÖTTSCHE"` and
/// `"göttsche"` fold alike, `"Straße"` folds to `"strasse"` and `"ﬁ"` to `"fi"`. Folding is
/// not normalization: compare folded strings with `String` operations (`==`, `contains`),
/// which treat canonically equivalent forms (a precomposed `ä` and `a` + combining
/// diaeresis) as equal. The Turkic dotted and dotless i are folded by the default
/// (non-Turkic) rule.
///
/// SQLite's `NOCASE` and `LIKE` fold ASCII letters only; until the store offers a
/// Unicode-aware SQL function, fold fetched values in Swift:
///
/// ```swift
/// let needle = CaseFolding.fold("änne")
/// let found = authors.filter { CaseFolding.fold($0.name).contains(needle) }
/// ```
public enum CaseFolding {
    /// `text` with full Unicode case folding applied (see ``CaseFolding``).
    ///
    /// - Parameter text: Any text.
    /// - Returns: The folded text; it may be longer than `text` (`ß` becomes `ss`).
    /// - Complexity: O(*n*) in the length of `text`.
    public static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive], locale: nil)
    }

    /// Whether `text` contains `part` when both are case-folded.
    ///
    /// - Parameters:
    ///   - text: The text to search.
    ///   - part: The text to find; an empty one is found in every text.
    /// - Returns: `true` when `fold(text)` contains `fold(part)`.
    public static func contains(_ text: String, _ part: String) -> Bool {
        part.isEmpty || fold(text).contains(fold(part))
    }
}
