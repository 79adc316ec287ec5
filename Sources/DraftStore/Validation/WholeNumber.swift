/// Strict parsing of a whole number typed as text, for fields such as a quantity.
///
/// `Int(_:)` refuses surrounding spaces and other scripts' digits, `Decimal(string:)`
/// reads `"4abc"` as 4, and `Character.wholeNumberValue` reads `"²"` as 2. This parser
/// follows one written policy instead (cases N1–N3 of the shared cases):
///
/// 1. The text is trimmed with `Trimming/trimmed(_:)`; nothing left is ``ParseResult/empty``.
/// 2. An optional single leading `+` or `-` (ASCII) comes next.
/// 3. Then one or more decimal digits and nothing else: scalars whose Unicode
///    `Numeric_Type` is `Decimal` (`properties.numericType == .decimal`), all from the
///    same run of ten digits (all ASCII, all Arabic-Indic, all fullwidth, …). Their
///    value is `properties.numericValue`. So `"٤"` and `"４"` read as 4, while `"²"`
///    (`Numeric_Type=Digit`), `"4.5"`, `"4e1"`, `"4,"`, `"4 5"` and a mix such as `"4٤"`
///    are ``ParseResult/notAWholeNumber``.
/// 4. A value outside `Int` is ``ParseResult/tooLarge`` or ``ParseResult/tooSmall``;
///    arithmetic never traps.
///
/// See [UAX #44, Numeric_Type](https://www.unicode.org/reports/tr44/#Numeric_Type).
///
/// ```swift
/// WholeNumber.parse(" +04 ")                  // .value(4)
/// WholeNumber.parse("４")                     // .value(4)
/// WholeNumber.parse("9223372036854775808")    // .tooLarge
/// ```
public enum WholeNumber {
    /// What ``WholeNumber/parse(_:)`` found in a text.
    public enum ParseResult: Sendable, Hashable {
        /// A whole number that fits in `Int`.
        case value(Int)
        /// Nothing but whitespace (or nothing at all).
        case empty
        /// Something other than an optional sign followed by decimal digits of one script.
        case notAWholeNumber
        /// A well-formed whole number above `Int.max`.
        case tooLarge
        /// A well-formed whole number below `Int.min`.
        case tooSmall

        /// The parsed number, or `nil` for every other outcome.
        public var value: Int? {
            if case .value(let number) = self { return number }
            return nil
        }
    }

    /// Parses a whole number typed as text, following the policy described on ``WholeNumber``.
    ///
    /// - Parameter text: The text as typed; surrounding whitespace is ignored.
    /// - Returns: The number, or why there is none. Overflow is reported as ``ParseResult/tooLarge``
    ///   or ``ParseResult/tooSmall`` only when the whole text is otherwise well formed.
    /// - Complexity: O(*n*) in the number of scalars of `text`.
    public static func parse(_ text: String) -> ParseResult {
        let trimmed = Trimming.trimmed(text)
        var scalars = trimmed.unicodeScalars[...]
        guard let firstScalar = scalars.first else { return .empty }

        var isNegative = false
        if firstScalar == "+" || firstScalar == "-" {
            isNegative = firstScalar == "-"
            scalars = scalars.dropFirst()
        }
        guard !scalars.isEmpty else { return .notAWholeNumber }

        var zeroOfScript: UInt32?
        var total = 0
        var overflowed = false
        for scalar in scalars {
            guard let digit = decimalDigitValue(scalar) else { return .notAWholeNumber }
            // Decimal digits come in runs of ten, 0 to 9, so "scalar minus its value" names the run.
            let zero = scalar.value - UInt32(digit)
            if zeroOfScript == nil { zeroOfScript = zero }
            guard zeroOfScript == zero else { return .notAWholeNumber }
            if overflowed { continue }  // keep checking that the rest is digits
            let (shifted, shiftOverflow) = total.multipliedReportingOverflow(by: 10)
            // Accumulate negative numbers downwards so that Int.min itself is reachable.
            let (next, addOverflow) =
                isNegative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
            if shiftOverflow || addOverflow {
                overflowed = true
            } else {
                total = next
            }
        }
        if overflowed { return isNegative ? .tooSmall : .tooLarge }
        return .value(total)
    }

    /// The value 0–9 of a scalar with `Numeric_Type=Decimal`, or `nil` for any other scalar.
    private static func decimalDigitValue(_ scalar: Unicode.Scalar) -> Int? {
        if scalar.isASCII {
            guard ("0"..."9").contains(scalar) else { return nil }
            return Int(scalar.value - 0x30)
        }
        let properties = scalar.properties
        guard properties.numericType == .decimal, let value = properties.numericValue,
            value >= 0, value <= 9, value == value.rounded()
        else { return nil }
        return Int(value)
    }
}
