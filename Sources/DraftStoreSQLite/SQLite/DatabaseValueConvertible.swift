import CSQLite
import Foundation

/// A Swift type that is stored in one SQLite column.
///
/// The library's conformances: `Int64`, `Int`, `Double`, `Bool` (INTEGER 0/1), `String`
/// (TEXT), `Data` (BLOB), `Date` (INTEGER Unix milliseconds) and `Optional` of any of them
/// (NULL for `nil`). Conform your own types (an enum stored by raw value, say) by giving
/// ``sqliteValue`` and ``init(sqliteValue:)``.
public protocol DatabaseValueConvertible: Sendable {
    /// The value to store.
    var sqliteValue: SQLiteValue { get }

    /// Makes a value from a stored one.
    /// - Returns: `nil` when the stored value does not fit this type (the caller reports the column).
    init?(sqliteValue: SQLiteValue)

    /// The storage class the type's values are written as (`"INTEGER"`, `"REAL"`, `"TEXT"` or
    /// `"BLOB"`), which the store checks against the column's declared type; `nil` (the
    /// default) when it varies or is unknown.
    static var storageClass: String? { get }
}

extension DatabaseValueConvertible {
    /// Unknown: nothing is checked.
    public static var storageClass: String? { nil }
}

extension Int64: DatabaseValueConvertible {
    /// `"INTEGER"`.
    public static var storageClass: String? { "INTEGER" }
    /// The integer as INTEGER.
    public var sqliteValue: SQLiteValue { .integer(self) }
    /// Accepts INTEGER only.
    public init?(sqliteValue: SQLiteValue) {
        guard case let .integer(value) = sqliteValue else { return nil }
        self = value
    }
}

extension Int: DatabaseValueConvertible {
    /// `"INTEGER"`.
    public static var storageClass: String? { "INTEGER" }
    /// The integer as INTEGER.
    public var sqliteValue: SQLiteValue { .integer(Int64(self)) }
    /// Accepts INTEGER values that fit `Int`.
    public init?(sqliteValue: SQLiteValue) {
        guard case let .integer(value) = sqliteValue, let fitting = Int(exactly: value) else { return nil }
        self = fitting
    }
}

extension Double: DatabaseValueConvertible {
    /// `"REAL"`.
    public static var storageClass: String? { "REAL" }
    /// The number as REAL.
    public var sqliteValue: SQLiteValue { .real(self) }
    /// Accepts REAL, and INTEGER converted exactly.
    public init?(sqliteValue: SQLiteValue) {
        switch sqliteValue {
        case let .real(value): self = value
        case let .integer(value): self = Double(value)
        default: return nil
        }
    }
}

extension Bool: DatabaseValueConvertible {
    /// `"INTEGER"`.
    public static var storageClass: String? { "INTEGER" }
    /// `true` as 1, `false` as 0.
    public var sqliteValue: SQLiteValue { .integer(self ? 1 : 0) }
    /// Accepts INTEGER: 0 is `false`, anything else `true`.
    public init?(sqliteValue: SQLiteValue) {
        guard case let .integer(value) = sqliteValue else { return nil }
        self = value != 0
    }
}

extension String: DatabaseValueConvertible {
    /// `"TEXT"`.
    public static var storageClass: String? { "TEXT" }
    /// The string as TEXT.
    public var sqliteValue: SQLiteValue { .text(self) }
    /// Accepts TEXT, and an INTEGER as its text (`12` reads as `"12"`, as `CAST(12 AS TEXT)` gives).
    ///
    /// A column whose affinity is NUMERIC or INTEGER (declared `STRING`, `NUMERIC`, …) stores
    /// text that looks like a whole number as an INTEGER; a `String` property over it reads that
    /// value as the text SQLite converts it to, and writes it back as text, which the column's
    /// affinity stores as the same INTEGER: no change. (A REAL is not read as text: Swift does
    /// not render it as SQLite does.)
    public init?(sqliteValue: SQLiteValue) {
        switch sqliteValue {
        case let .text(value): self = value
        case let .integer(value): self = String(value)
        default: return nil
        }
    }
}

extension Data: DatabaseValueConvertible {
    /// `"BLOB"`.
    public static var storageClass: String? { "BLOB" }
    /// The bytes as BLOB (a zero-length blob stays a blob, not NULL).
    public var sqliteValue: SQLiteValue { .blob(self) }
    /// Accepts BLOB only.
    public init?(sqliteValue: SQLiteValue) {
        guard case let .blob(value) = sqliteValue else { return nil }
        self = value
    }
}

extension Date: DatabaseValueConvertible {
    /// `"INTEGER"`: milliseconds (a column declared with a ``DateEncoding`` says its own).
    public static var storageClass: String? { "INTEGER" }
    /// 2001-01-01T00:00:00Z, the reference date `Date` counts from, in Unix milliseconds.
    static let referenceDateUnixMilliseconds: Int64 = 978_307_200_000

    /// The date as INTEGER milliseconds since 1970-01-01T00:00:00Z, rounded toward negative infinity.
    ///
    /// The milliseconds are computed from the interval `Date` stores (since 2001), because
    /// `Double` holds most millisecond values only approximately (`0.002` s is `0.00199999…`):
    /// a product within a few units in the last place of a whole millisecond is that
    /// millisecond, so a date read from the database, or made from whole milliseconds since
    /// 1970 (as `JSONDecoder`'s `.millisecondsSince1970` does), is written back unchanged. Dates beyond
    /// the `Int64` range (and NaN) are clamped rather than trapping.
    public var sqliteValue: SQLiteValue {
        let milliseconds = timeIntervalSinceReferenceDate * 1000
        let nearest = milliseconds.rounded()
        // A date made from whole milliseconds since 1970 (`Date(timeIntervalSince1970: ms / 1000)`)
        // is off its millisecond by the rounding of both intervals: a few units in the last place
        // of the larger of them, in seconds.
        let scale = max(timeIntervalSinceReferenceDate.magnitude, timeIntervalSince1970.magnitude)
        let whole = abs(milliseconds - nearest) <= 4000 * scale.ulp ? nearest : milliseconds.rounded(.down)
        let limit = 9.2e18  // just inside Int64's ±9.22e18
        guard whole.magnitude < limit else {
            return .integer(whole.isNaN ? Date.referenceDateUnixMilliseconds : whole > 0 ? .max : .min)
        }
        let (unix, overflow) = Int64(whole).addingReportingOverflow(Date.referenceDateUnixMilliseconds)
        return .integer(overflow ? (whole > 0 ? .max : .min) : unix)
    }

    /// Accepts INTEGER Unix milliseconds.
    public init?(sqliteValue: SQLiteValue) {
        guard case let .integer(milliseconds) = sqliteValue else { return nil }
        self.init(unixMilliseconds: milliseconds)
    }

    /// The date of INTEGER Unix milliseconds, computed from the interval since 2001 when it fits.
    package init(unixMilliseconds milliseconds: Int64) {
        let (sinceReference, overflow) = milliseconds.subtractingReportingOverflow(Date.referenceDateUnixMilliseconds)
        self =
            overflow
            ? Date(timeIntervalSince1970: Double(milliseconds) / 1000)
            : Date(timeIntervalSinceReferenceDate: Double(sinceReference) / 1000)
    }
}

// Inlinable, so that a column's closures (specialized where its schema is declared) use
// it specialized too: unspecialized, each call looked up `Optional<Wrapped>` metadata.
extension Optional: DatabaseValueConvertible where Wrapped: DatabaseValueConvertible {
    /// The wrapped type's.
    @inlinable public static var storageClass: String? { Wrapped.storageClass }
    /// `nil` as NULL, otherwise the wrapped value.
    @inlinable public var sqliteValue: SQLiteValue { self?.sqliteValue ?? .null }
    /// NULL as `nil`; anything else must fit `Wrapped`.
    @inlinable public init?(sqliteValue: SQLiteValue) {
        if case .null = sqliteValue {
            self = .none
        } else if let wrapped = Wrapped(sqliteValue: sqliteValue) {
            self = .some(wrapped)
        } else {
            return nil
        }
    }
}
