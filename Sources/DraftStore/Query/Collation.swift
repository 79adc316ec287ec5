/// One of SQLite's built-in collating sequences, and SQLite's ordering of two values under it:
/// what a context uses to compare and sort as SQLite does.
///
/// See [Collating Sequences](https://www.sqlite.org/datatype3.html#collation) and
/// [Sort Order](https://www.sqlite.org/datatype3.html#sort_order).
enum Collation: Sendable, Hashable {
    /// Bytes, as `memcmp`.
    case binary
    /// ASCII letters without case (`A`–`Z` as `a`–`z`), other bytes as they are.
    case nocase
    /// Bytes, trailing spaces (U+0020) ignored.
    case rtrim

    /// The collation SQLite names, or `nil` for one that is not built in.
    /// - Parameter name: The name, as `sqlite3_table_column_metadata` reports it (any case).
    init?(name: String) {
        switch name.uppercased() {
        case "BINARY": self = .binary
        case "NOCASE": self = .nocase
        case "RTRIM": self = .rtrim
        default: return nil
        }
    }

    /// SQLite's order of two values that are not NULL: negative, zero or positive.
    ///
    /// Numbers come before text, text before blobs; an integer and a real compare exactly
    /// (as `sqlite3IntFloatCompare`: `9007199254740993` is more than `9007199254740992.0`);
    /// text by this collation; blobs by bytes. NULL sorts first (callers handle it for comparisons).
    /// - Complexity: O(*n*) in the length of the shorter text or blob.
    func order(_ lhs: SQLiteValue, _ rhs: SQLiteValue) -> Int {
        switch (lhs, rhs) {
        case (.null, .null): return 0
        case (.null, _): return -1
        case (_, .null): return 1
        case let (.integer(a), .integer(b)): return a < b ? -1 : (a > b ? 1 : 0)
        case let (.real(a), .real(b)): return a < b ? -1 : (a > b ? 1 : 0)
        case let (.integer(a), .real(b)): return Self.order(a, b)
        case let (.real(a), .integer(b)): return -Self.order(b, a)
        case (.integer, _), (.real, _): return -1
        case (_, .integer), (_, .real): return 1
        case let (.text(a), .text(b)): return compareText(a, b)
        case (.text, .blob): return -1
        case (.blob, .text): return 1
        case let (.blob(a), .blob(b)): return Self.bytes(a, b)
        }
    }

    /// Text under this collation.
    func compareText(_ lhs: String, _ rhs: String) -> Int {
        switch self {
        case .binary: return Self.bytes(lhs.utf8, rhs.utf8)
        case .rtrim: return Self.bytes(Self.trimmed(lhs.utf8), Self.trimmed(rhs.utf8))
        case .nocase:
            let lower = { (byte: UInt8) in (65...90).contains(byte) ? byte + 32 : byte }
            return Self.bytes(lhs.utf8.lazy.map(lower), rhs.utf8.lazy.map(lower))
        }
    }

    /// Bytes as `memcmp` over the shorter length, then the shorter first.
    static func bytes<A: Sequence<UInt8>, B: Sequence<UInt8>>(_ lhs: A, _ rhs: B) -> Int {
        var left = lhs.makeIterator()
        var right = rhs.makeIterator()
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil): return 0
            case (nil, _): return -1
            case (_, nil): return 1
            case let (a?, b?) where a != b: return a < b ? -1 : 1
            default: continue
            }
        }
    }

    /// The bytes without trailing spaces.
    static func trimmed(_ bytes: String.UTF8View) -> ArraySlice<UInt8> {
        let array = Array(bytes)
        var end = array.count
        while end > 0, array[end - 1] == 0x20 { end -= 1 }
        return array[..<end]
    }

    /// An integer and a real, exactly (SQLite's `sqlite3IntFloatCompare` without long double).
    static func order(_ integer: Int64, _ real: Double) -> Int {
        if real.isNaN { return 1 }  // SQLite never stores NaN (it becomes NULL); no trap here
        if real < -9_223_372_036_854_775_808.0 { return 1 }
        if real >= 9_223_372_036_854_775_808.0 { return -1 }
        let truncated = Int64(real)
        if integer < truncated { return -1 }
        if integer > truncated { return 1 }
        let widened = Double(integer)
        return widened < real ? -1 : (widened > real ? 1 : 0)
    }
}
