import Foundation

/// A value as SQLite stores it: one of its five storage classes.
///
/// Equality compares text by its UTF-8 bytes, as SQLite's `BINARY` collation does, not by
/// Swift's `String.==`, which treats `"é"` and `"e\u{301}"` as equal. Two values of
/// different storage classes are never equal (`1` is not `1.0`).
///
/// See [Datatypes In SQLite](https://www.sqlite.org/datatype3.html).
public enum SQLiteValue: Sendable, Hashable, CustomStringConvertible {
    /// SQL `NULL`.
    case null
    /// A 64-bit signed integer.
    case integer(Int64)
    /// An IEEE 754 double.
    case real(Double)
    /// UTF-8 text.
    case text(String)
    /// Bytes.
    case blob(Data)

    /// Compares by storage class, then by value; text by bytes.
    public static func == (lhs: SQLiteValue, rhs: SQLiteValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case let (.integer(a), .integer(b)): a == b
        case let (.real(a), .real(b)): a == b
        case let (.text(a), .text(b)): sameUTF8(a, b)
        case let (.blob(a), .blob(b)): a == b
        default: false
        }
    }

    /// Hashes consistently with ``==(_:_:)``: text by its bytes.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case let .integer(value): hasher.combine(1); hasher.combine(value)
        case let .real(value): hasher.combine(2); hasher.combine(value)
        case let .text(value):
            hasher.combine(3)
            for byte in value.utf8 { hasher.combine(byte) }
        case let .blob(value): hasher.combine(4); hasher.combine(value)
        }
    }

    /// Whether this is SQL `NULL`.
    public var isNull: Bool { if case .null = self { true } else { false } }

    /// The value as SQL literal-like text, for messages: strings quoted, blobs as `X'…'` (first 16 bytes).
    public var description: String {
        switch self {
        case .null: "NULL"
        case let .integer(value): String(value)
        case let .real(value): String(value)
        case let .text(value): "'" + value.replacingOccurrences(of: "'", with: "''") + "'"
        case let .blob(value):
            "X'" + value.prefix(16).map { String(format: "%02X", $0) }.joined() + (value.count > 16 ? "…'" : "'")
        }
    }

    /// Orders values the way SQLite's `ORDER BY` does with the `BINARY` collation:
    /// NULL first, then numbers (integers and reals compared by value), then text by bytes, then blobs by bytes.
    ///
    /// See [Sort Order](https://www.sqlite.org/datatype3.html#sort_order).
    /// - Complexity: O(*n*) in the length of the shorter text or blob.
    package static func precedes(_ lhs: SQLiteValue, _ rhs: SQLiteValue) -> Bool {
        func rank(_ value: SQLiteValue) -> Int {
            switch value {
            case .null: 0
            case .integer, .real: 1
            case .text: 2
            case .blob: 3
            }
        }
        let (left, right) = (rank(lhs), rank(rhs))
        if left != right { return left < right }
        switch (lhs, rhs) {
        case let (.integer(a), .integer(b)): return a < b
        case let (.integer(a), .real(b)): return Double(a) < b
        case let (.real(a), .integer(b)): return a < Double(b)
        case let (.real(a), .real(b)): return a < b
        case let (.text(a), .text(b)): return a.utf8.lexicographicallyPrecedes(b.utf8)
        case let (.blob(a), .blob(b)): return a.lexicographicallyPrecedes(b)
        default: return false
        }
    }
}
