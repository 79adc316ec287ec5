import Foundation

/// The one case-insensitive text matching of DraftStore: full Unicode case folding (as
/// Foundation's `.caseInsensitive` folds: `ß` is `ss`, `ﬁ` is `fi`, final `ς` is `σ`), then
/// Unicode NFC, so `"STRASSE"` finds `"Straße"` and `"ÉMILE"` finds `"e\u{301}mile"`.
///
/// SQLite's own `lower()` and `LIKE` fold ASCII letters only. This function is registered on
/// every `Connection` as `draftstore_fold(text)` for queries (``DraftStore/FetchRequest/filter(_:contains:)``)
/// and used in Swift by contexts, so both agree. It is registered `SQLITE_DIRECTONLY`: never
/// usable inside schema objects (indexes, CHECKs, triggers, views), since other tools opening the
/// file do not have it. See [Case Folding](https://www.unicode.org/reports/tr44/#CaseFolding.txt).
///
/// Matching may also ignore accents (``fold(_:ignoringAccents:)``, registered as
/// `draftstore_fold_accents(text)`): Foundation's `.diacriticInsensitive` folding removes the
/// marks a letter carries in its canonical decomposition, so `"sury"` finds `"Surý"` and
/// `"dvorak"` finds `"Dvořák"`; letters that are letters of their own, not a letter with a
/// mark (`ø`, `ł`, `đ`), stay as they are.
package enum CaseFolding {
    /// The SQL name of the folding function.
    package static let sqlName = "draftstore_fold"
    /// The SQL name of the folding function that also removes accents.
    package static let accentsSQLName = "draftstore_fold_accents"

    /// The text folded for case-insensitive matching.
    /// - Parameter text: Any text.
    /// - Returns: Its full case folding, in NFC.
    /// - Complexity: O(*n*) in the length of the text.
    package static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive], locale: nil).precomposedStringWithCanonicalMapping
    }

    /// The text folded for matching that ignores case and, when asked, accents.
    /// - Parameters:
    ///   - text: Any text.
    ///   - ignoringAccents: Whether to remove the marks of accented letters too (`ý` is `y`).
    /// - Returns: Its full case folding (without accents when asked), in NFC.
    /// - Complexity: O(*n*) in the length of the text.
    package static func fold(_ text: String, ignoringAccents: Bool) -> String {
        guard ignoringAccents else { return fold(text) }
        return text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).precomposedStringWithCanonicalMapping
    }

    /// Whether `text` contains `part`, ignoring case as ``fold(_:)`` does; the empty text is in every text.
    /// - Parameters:
    ///   - text: The text to search.
    ///   - part: The text to look for.
    /// - Returns: `true` when the folded `text` contains the folded `part`, byte for byte.
    package static func contains(_ text: String, _ part: String) -> Bool {
        let needle = Array(fold(part).utf8)
        if needle.isEmpty { return true }
        let haystack = Array(fold(text).utf8)
        guard haystack.count >= needle.count else { return false }
        return (0...(haystack.count - needle.count)).contains { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
    }
}
