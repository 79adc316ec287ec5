/// The rules for text fields (`String`, and `String?` where `nil` is empty).
///
/// Lengths are counted in `Character`s (extended grapheme clusters): what a person sees as
/// one character. `"👩‍👩‍👧‍👦"` is 1 character although it is 7 scalars and 25 UTF-8
/// bytes; `"กี่"` is 1 character too. Lengths are taken of the trimmed text
/// (`Trimming/trimmed(_:)`), so `"A "` is 1 character long.
extension FieldRule where Value: TextFieldValue {
    /// The trimmed text must have a number of characters in a range.
    ///
    /// - Parameter range: The allowed numbers of characters (grapheme clusters), bounds included.
    /// - Returns: A rule reporting ``FieldError/Code/tooShort`` ("Enter at least 2 characters") or
    ///   ``FieldError/Code/tooLong`` ("Enter at most 120 characters").
    /// - Complexity: O(*n*) in the length of the text; counting stops past the upper bound.
    public static func length(_ range: ClosedRange<Int>) -> Self {
        Self { value, _ in
            let text = value.fieldText
            // Characters never outnumber UTF-8 bytes: text of at most `upperBound` bytes is not too
            // long, so only the first characters up to the lower bound need counting.
            let limit = text.utf8.count <= range.upperBound ? range.lowerBound : range.upperBound
            let count = characterCount(of: text, limit: limit)
            if count < range.lowerBound { return (.tooShort, RuleMessages.atLeast(range.lowerBound)) }
            if limit == range.upperBound, count > range.upperBound { return (.tooLong, RuleMessages.atMost(range.upperBound)) }
            return nil
        }
    }

    /// The trimmed text must have at least `minimum` characters (grapheme clusters).
    /// - Parameter minimum: The fewest characters allowed.
    /// - Returns: A rule reporting ``FieldError/Code/tooShort`` ("Enter at least 2 characters").
    public static func minLength(_ minimum: Int) -> Self {
        Self { value, _ in
            characterCount(of: value.fieldText, limit: minimum) < minimum ? (.tooShort, RuleMessages.atLeast(minimum)) : nil
        }
    }

    /// The trimmed text must have at most `maximum` characters (grapheme clusters).
    /// - Parameter maximum: The most characters allowed.
    /// - Returns: A rule reporting ``FieldError/Code/tooLong`` ("Enter at most 2000 characters").
    public static func maxLength(_ maximum: Int) -> Self {
        Self { value, _ in
            let text = value.fieldText
            // Characters never outnumber UTF-8 bytes: text of at most `maximum` bytes is not counted.
            if text.utf8.count <= maximum { return nil }
            return characterCount(of: text, limit: maximum) > maximum ? (.tooLong, RuleMessages.atMost(maximum)) : nil
        }
    }

    /// The text must be a valid e-mail address as defined by the HTML standard for
    /// `<input type=email>`, after trimming; see `EmailAddress/isValid(_:)`.
    ///
    /// Reports ``FieldError/Code/invalidEmail`` with "Enter an e-mail address like name@example.com",
    /// or, for an address longer than `EmailAddress/maximumLength` bytes (RFC 5321's limit on
    /// a path; the HTML standard's pattern has none), with "Enter an e-mail address of at most
    /// 254 characters" — the length is checked first, so long input is answered at once.
    /// - Complexity: O(*n*) in the length of the text.
    public static var email: Self {
        Self { value, _ in
            let text = Trimming.trimmed(value.fieldText)
            if text.utf8.count > EmailAddress.maximumLength {
                return (.invalidEmail, Messages.provider.rule(.emailTooLong(EmailAddress.maximumLength)))
            }
            return EmailAddress.isValid(text) ? nil : (.invalidEmail, RuleMessages.email)
        }
    }

    /// The whole text must match a regular expression.
    ///
    /// The expression is your choice, so is its running time: prefer ``format(message:_:)``
    /// with hand-written code for input that may be long or hostile.
    /// - Parameters:
    ///   - pattern: The expression that the entire text (as the field stores it) must match. It is
    ///     kept behind a lock, as `Regex` is not `Sendable` everywhere, so pass a fresh instance.
    ///   - message: What to do when it does not, such as "Enter a code like ABC-123".
    /// - Returns: A rule reporting ``FieldError/Code/invalidFormat``.
    public static func format<Output>(_ pattern: sending Regex<Output>, message: String) -> Self {
        let matcher = WholeMatcher(pattern)
        return Self { value, _ in matcher.matches(value.fieldText) ? nil : (.invalidFormat, message) }
    }

    /// The text must satisfy a predicate, for formats that a regular expression states badly.
    /// - Parameters:
    ///   - message: What to do when it does not.
    ///   - isValid: A pure function of the text (as the field stores it).
    /// - Returns: A rule reporting ``FieldError/Code/invalidFormat``.
    public static func format(message: String, _ isValid: @escaping @Sendable (String) -> Bool) -> Self {
        Self { value, _ in isValid(value.fieldText) ? nil : (.invalidFormat, message) }
    }

    /// The text must be one of a list of choices, compared by UTF-8 bytes.
    /// - Parameter choices: The allowed texts, such as country codes.
    /// - Returns: A rule reporting ``FieldError/Code/notIncluded`` ("Choose one of: …").
    /// - Complexity: O(1) per check after building a set of the choices.
    public static func inclusion(in choices: [String]) -> Self {
        // Hashing a String hashes its Unicode canonical form; compare the bytes to match the store.
        let allowed = Set(choices.map { Array($0.utf8) })
        return Self { value, _ in
            allowed.contains(Array(value.fieldText.utf8)) ? nil : (.notIncluded, RuleMessages.inclusion(choices))
        }
    }

    /// The text must be a whole number in a range, parsed strictly by ``WholeNumber/parse(_:)``.
    ///
    /// - `"4.5"`, `"4e1"`, `"4abc"`, `"²"` report ``FieldError/Code/notAWholeNumber``
    ///   ("Enter digits only, with no decimal point, spaces or letters (a whole number from 1 to 50)").
    /// - `"0"`, `"51"` and numbers that overflow `Int` report ``FieldError/Code/outOfRange``
    ///   ("Enter a whole number from 1 to 50").
    /// - Empty text passes; add ``required`` before it to refuse it.
    /// - Parameter range: The allowed numbers, bounds included.
    /// - Returns: The rule.
    /// - Complexity: O(*n*) in the length of the text.
    public static func wholeNumber(in range: ClosedRange<Int>) -> Self {
        Self { value, _ in
            switch WholeNumber.parse(value.fieldText) {
            case .value(let number):
                return range.contains(number) ? nil : (.outOfRange, RuleMessages.wholeNumber(in: range))
            case .tooLarge, .tooSmall:
                return (.outOfRange, RuleMessages.wholeNumber(in: range))
            case .notAWholeNumber:
                return (.notAWholeNumber, RuleMessages.digitsOnly(in: range))
            case .empty:
                return (.required, RuleMessages.required)  // reached only with checksEmptyValues
            }
        }
    }

    /// Counts characters of the trimmed text, stopping once `limit` is passed.
    private static func characterCount(of text: String, limit: Int) -> Int {
        var count = 0
        for _ in Trimming.trimmed(text) {
            count += 1
            if count > limit { break }
        }
        return count
    }
}

/// Shares a `Regex` between the threads that run a rule. `Regex` is not `Sendable` on every
/// platform, so the one instance is kept behind a `Lock` and used by one thread at a time.
private final class WholeMatcher<Output>: Sendable {
    private let regex: Lock<Regex<Output>>

    init(_ regex: sending Regex<Output>) {
        self.regex = Lock(regex)
    }

    /// Whether the entire text matches.
    func matches(_ text: String) -> Bool {
        regex.withLock { (try? $0.wholeMatch(in: text)) != nil }
    }
}
