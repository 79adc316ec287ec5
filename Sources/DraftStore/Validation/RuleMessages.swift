/// The default messages of the built-in rules. Each says how to recover, in words.
enum RuleMessages {
    /// "Enter a whole number from 1 to 50".
    static func wholeNumber(in range: ClosedRange<Int>) -> String {
        "Enter a whole number from \(range.lowerBound) to \(range.upperBound)"
    }

    /// For text that is not a whole number: says to use digits only, and the range.
    static func digitsOnly(in range: ClosedRange<Int>) -> String {
        "Enter digits only, with no decimal point, spaces or letters "
            + "(a whole number from \(range.lowerBound) to \(range.upperBound))"
    }

    /// "Enter at least 2 characters".
    static func atLeast(_ count: Int) -> String {
        "Enter at least \(count) \(characters(count))"
    }

    /// "Enter at most 120 characters".
    static func atMost(_ count: Int) -> String {
        "Enter at most \(count) \(characters(count))"
    }

    /// "Enter an e-mail address like name@example.com".
    static let email = "Enter an e-mail address like name@example.com"

    /// For text holding control or invisible format characters.
    static let controlCharacters = "Remove the invisible or control characters (such as tabs, line breaks or direction marks)"

    /// For multi-line text holding control or invisible format characters other than tabs and line breaks.
    static let controlCharactersExceptLineBreaks = "Remove the invisible or control characters (such as direction marks)"

    /// "Choose one of: A, B, C", or a shorter message when there are many choices.
    static func inclusion(_ choices: [String]) -> String {
        choices.count <= 5 && !choices.isEmpty
            ? "Choose one of: \(choices.joined(separator: ", "))"
            : "Choose one of the listed options"
    }

    private static func characters(_ count: Int) -> String {
        count == 1 ? "character" : "characters"
    }
}
