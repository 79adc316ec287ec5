/// A UTC calendar date and time at millisecond precision, converted to and from Unix
/// milliseconds with exact integer arithmetic (the proleptic Gregorian calendar, as SQLite's
/// date functions use), and to and from SQLite's time-value text.
///
/// The day arithmetic is Howard Hinnant's `days_from_civil` / `civil_from_days`
/// (https://howardhinnant.github.io/date_algorithms.html).
struct CivilTime: Equatable {
    var year: Int64, month: Int64, day: Int64
    var hour: Int64 = 0, minute: Int64 = 0, second: Int64 = 0, millisecond: Int64 = 0

    /// The time of a Unix millisecond count.
    init(unixMilliseconds: Int64) {
        let (days, inDay) = Self.floorDivision(unixMilliseconds, 86_400_000)
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        hour = inDay / 3_600_000
        minute = inDay / 60_000 % 60
        second = inDay / 1000 % 60
        millisecond = inDay % 1000
    }

    /// Milliseconds since 1970-01-01T00:00:00Z.
    var unixMilliseconds: Int64 {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return days * 86_400_000 + hour * 3_600_000 + minute * 60_000 + second * 1000 + millisecond
    }

    /// `YYYY-MM-DD HH:MM:SS`, with `.SSS` when the milliseconds are not zero.
    var text: String {
        func digits(_ value: Int64, _ count: Int) -> String {
            let text = String(value.magnitude)
            return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, count - text.count)) + text
        }
        let base = "\(digits(year, 4))-\(digits(month, 2))-\(digits(day, 2)) \(digits(hour, 2)):\(digits(minute, 2)):\(digits(second, 2))"
        return millisecond == 0 ? base : base + "." + digits(millisecond, 3)
    }

    /// Parses SQLite's time-value text: `YYYY-MM-DD`, then optionally `[ T]HH:MM`, `:SS`,
    /// `.fraction`, and a `Z` or `±HH:MM` suffix (the time converted to UTC). `nil` for any other text.
    init?(parsing text: String) {
        var scanner = Scanner(Array(text.utf8))
        guard let year = scanner.number(4), scanner.take("-"), let month = scanner.number(2), scanner.take("-"),
            let day = scanner.number(2), (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
        if scanner.take(" ") || scanner.take("T") {
            guard let hour = scanner.number(2), scanner.take(":"), let minute = scanner.number(2), hour < 24, minute < 60 else {
                return nil
            }
            self.hour = hour
            self.minute = minute
            if scanner.take(":") {
                guard let second = scanner.number(2), second < 60 else { return nil }
                self.second = second
                if scanner.take(".") {
                    guard let fraction = scanner.fraction() else { return nil }
                    millisecond = fraction
                }
            }
        }
        var offset: Int64 = 0
        if scanner.take("Z") {
        } else if let sign = scanner.peek, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
            scanner.index += 1
            guard let hours = scanner.number(2), scanner.take(":"), let minutes = scanner.number(2) else { return nil }
            offset = (hours * 60 + minutes) * 60_000 * (sign == UInt8(ascii: "+") ? 1 : -1)
        }
        guard scanner.isAtEnd else { return nil }
        // Normalized through the millisecond count: a fraction rounded up to a whole second, an offset.
        if offset != 0 || millisecond > 999 { self = CivilTime(unixMilliseconds: unixMilliseconds - offset) }
    }

    /// `a / b` and `a % b` rounded toward negative infinity.
    static func floorDivision(_ a: Int64, _ b: Int64) -> (Int64, Int64) {
        let quotient = a / b - (a % b < 0 ? 1 : 0)
        return (quotient, a - quotient * b)
    }

    /// Reads ASCII digits and punctuation of a time value.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }
        var isAtEnd: Bool { index == bytes.count }
        var peek: UInt8? { isAtEnd ? nil : bytes[index] }

        mutating func take(_ character: Unicode.Scalar) -> Bool {
            guard peek == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }

        /// Exactly `count` digits.
        mutating func number(_ count: Int) -> Int64? {
            guard index + count <= bytes.count else { return nil }
            var value: Int64 = 0
            for byte in bytes[index..<(index + count)] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int64(byte - 0x30)
            }
            index += count
            return value
        }

        /// One or more fraction digits, as milliseconds rounded to the nearest (as SQLite
        /// rounds them); 1000 when they round up to the next second.
        mutating func fraction() -> Int64? {
            var numerator: Int64 = 0
            var denominator: Int64 = 1
            var count = 0
            while let byte = peek, (0x30...0x39).contains(byte) {
                // Nine digits are past any difference a millisecond can show.
                if count < 9 {
                    numerator = numerator * 10 + Int64(byte - 0x30)
                    denominator *= 10
                }
                count += 1
                index += 1
            }
            guard count > 0 else { return nil }
            return (numerator * 1000 * 2 + denominator) / (denominator * 2)
        }
    }
}
