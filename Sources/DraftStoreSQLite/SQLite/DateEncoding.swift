import Foundation

/// How a `Date` column stores its value: one of the representations SQLite's date and time
/// functions understand, chosen by the column's declaration in the entity's schema.
///
/// Every encoding keeps whole milliseconds: a date is first taken to its millisecond (see
/// `Date.sqliteValue`), so a value read and written back is the same bytes.
///
/// See [Date And Time Functions](https://www.sqlite.org/lang_datefunc.html#time_values).
public enum DateEncoding: Sendable, Hashable {
    /// INTEGER milliseconds since 1970-01-01T00:00:00Z (the default).
    case unixMilliseconds
    /// REAL seconds since 1970-01-01T00:00:00Z, as `unixepoch()` counts them.
    case unixSeconds
    /// REAL Julian day number, as `julianday()` gives it.
    case julianDay
    /// TEXT `YYYY-MM-DD HH:MM:SS` in UTC, as `datetime()` writes it, with `.SSS` when the
    /// milliseconds are not zero. Reading also takes SQLite's other time-value forms: a date
    /// alone, minutes without seconds, a `T` separator, any number of fraction digits, and a
    /// `Z` or `±HH:MM` suffix.
    case iso8601

    /// The storage class the encoding writes.
    @usableFromInline package var storageClass: String {
        switch self {
        case .unixMilliseconds: "INTEGER"
        case .unixSeconds, .julianDay: "REAL"
        case .iso8601: "TEXT"
        }
    }

    /// A date as this encoding stores it.
    /// - Parameter date: The date; taken to its millisecond first.
    /// - Returns: The stored value.
    @usableFromInline package func encode(_ date: Date) -> SQLiteValue {
        guard case let .integer(milliseconds) = date.sqliteValue else { return .null }
        switch self {
        case .unixMilliseconds: return .integer(milliseconds)
        case .unixSeconds: return .real(Double(milliseconds) / 1000)
        case .julianDay: return .real(Double(milliseconds) / 86_400_000 + 2_440_587.5)
        case .iso8601: return .text(CivilTime(unixMilliseconds: milliseconds).text)
        }
    }

    /// A stored value as a date; `nil` when it is not this encoding's storage class or form.
    /// - Parameter value: The stored value.
    /// - Returns: The date, at a whole millisecond.
    @usableFromInline package func decode(_ value: SQLiteValue) -> Date? {
        switch (self, value) {
        case let (.unixMilliseconds, .integer(milliseconds)): return Date(unixMilliseconds: milliseconds)
        case let (.unixSeconds, .real(seconds)): return Self.date(milliseconds: seconds * 1000)
        case let (.unixSeconds, .integer(seconds)): return Self.date(milliseconds: Double(seconds) * 1000)
        case let (.julianDay, .real(day)): return Self.date(milliseconds: (day - 2_440_587.5) * 86_400_000)
        case let (.iso8601, .text(text)): return CivilTime(parsing: text).map { Date(unixMilliseconds: $0.unixMilliseconds) }
        default: return nil
        }
    }

    /// The date of a millisecond count given as a real, rounded to the nearest millisecond.
    private static func date(milliseconds: Double) -> Date? {
        guard milliseconds.isFinite, milliseconds.magnitude < 9.2e18 else { return nil }
        return Date(unixMilliseconds: Int64(milliseconds.rounded()))
    }
}
