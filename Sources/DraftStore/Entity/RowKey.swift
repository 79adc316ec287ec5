/// The identity of a row: the values of its table's primary-key columns, in key order.
///
/// An entity's identity is its table's primary key, whatever its name, type or number of
/// columns: an `INTEGER PRIMARY KEY` (`RowKey(42)`), a TEXT key such as a UUID
/// (`RowKey("6F9619FF-…")`), a BLOB key, or a composite key (`RowKey(1, 3402)` for
/// `PlaylistTrack(PlaylistId, TrackId)`). A table with only SQLite's implicit `rowid` is
/// identified by that rowid.
///
/// Keys compare as SQLite stores them: by storage class, text by its UTF-8 bytes (see
/// ``SQLiteValue``). A context converts the key values an app gives through the key
/// columns' affinity first, so `RowKey("7")` finds the row of an INTEGER key 7.
///
/// An unsaved insert into a table whose key is an integer rowid has a temporary key: a
/// negative integer the context gives it, replaced by the real rowid when it is saved.
public struct RowKey: Hashable, Sendable, Comparable, CustomStringConvertible, ExpressibleByIntegerLiteral,
    ExpressibleByStringLiteral
{
    /// One value without an array (the common single-column key costs no allocation), or several.
    @usableFromInline
    enum Storage: Hashable, Sendable {
        case one(SQLiteValue)
        case many([SQLiteValue])
    }

    @usableFromInline let storage: Storage

    /// A key of one column.
    /// - Parameter value: The key column's value.
    @inlinable
    public init(_ value: SQLiteValue) { storage = .one(value) }

    /// A key of the given column values, in key order.
    /// - Parameter values: One value per primary-key column; one value makes a one-column key.
    @inlinable
    public init(values: [SQLiteValue]) { storage = values.count == 1 ? .one(values[0]) : .many(values) }

    /// A key of the given Swift values, in key order: `RowKey(1, 3402)`, `RowKey("a-uuid")`.
    /// - Parameter values: One value per primary-key column.
    public init(_ values: any DatabaseValueConvertible...) { self.init(values: values.map(\.sqliteValue)) }

    /// An integer key: `let key: RowKey = 42`.
    /// - Parameter value: The integer.
    public init(integerLiteral value: Int64) { storage = .one(.integer(value)) }

    /// A text key: `let key: RowKey = "6F9619FF-8B86-D011-B42D-00C04FC964FF"`.
    /// - Parameter value: The text.
    public init(stringLiteral value: String) { storage = .one(.text(value)) }

    /// The key's column values, in key order.
    public var values: [SQLiteValue] {
        switch storage {
        case let .one(value): [value]
        case let .many(values): values
        }
    }

    /// The number of key columns.
    public var count: Int {
        switch storage {
        case .one: 1
        case let .many(values): values.count
        }
    }

    /// The integer of a one-column integer key; `nil` otherwise.
    @inlinable
    public var integerValue: Int64? {
        if case let .one(.integer(value)) = storage { return value }
        return nil
    }

    /// Whether this is a temporary key a context gave an unsaved insert (a negative integer).
    @inlinable
    package var isTemporary: Bool { (integerValue ?? 0) < 0 }

    /// Whether any key value is NULL: such a row has no identity yet.
    @inlinable
    package var hasNull: Bool {
        switch storage {
        case let .one(value): value.isNull
        case let .many(values): values.contains(where: \.isNull)
        }
    }

    /// The value of key column `index`.
    @inlinable
    public subscript(index: Int) -> SQLiteValue {
        switch storage {
        case let .one(value): value
        case let .many(values): values[index]
        }
    }

    /// Hashes the key's values (an integer key as its integer alone: the common key costs what an `Int64` does).
    @inlinable
    public func hash(into hasher: inout Hasher) {
        switch storage {
        case let .one(.integer(value)): hasher.combine(value)
        case let .one(value): value.hash(into: &hasher)
        case let .many(values): for value in values { value.hash(into: &hasher) }
        }
    }

    /// The hash of an integer key as `Int64` computes it, without a `Hasher` of its own (the
    /// standard library's fast path for integers: a context's slot dictionary looks a row's
    /// key up on every fetch, insert and save); other keys through ``hash(into:)``.
    @inlinable
    public func _rawHashValue(seed: Int) -> Int {
        if case let .one(.integer(value)) = storage { return value._rawHashValue(seed: seed) }
        var hasher = Hasher()
        hasher.combine(seed)
        hash(into: &hasher)
        return hasher.finalize()
    }

    /// Whether two keys hold the same values, compared as SQLite stores them.
    @inlinable
    public static func == (lhs: RowKey, rhs: RowKey) -> Bool {
        switch (lhs.storage, rhs.storage) {
        case let (.one(.integer(a)), .one(.integer(b))): a == b
        case let (.one(a), .one(b)): a == b
        case let (.many(a), .many(b)): a == b
        default: false
        }
    }

    /// Orders keys as SQLite's `ORDER BY` orders their columns (`SQLiteValue/precedes(_:_:)`), column by column.
    public static func < (lhs: RowKey, rhs: RowKey) -> Bool {
        let count = Swift.min(lhs.count, rhs.count)
        for index in 0..<count where lhs[index] != rhs[index] { return SQLiteValue.precedes(lhs[index], rhs[index]) }
        return lhs.count < rhs.count
    }

    /// `42`, `'a-uuid'`, or `(1, 3402)` for a composite key.
    public var description: String {
        switch storage {
        case let .one(value): value.description
        case let .many(values): "(" + values.map(\.description).joined(separator: ", ") + ")"
        }
    }
}

extension RowKey: Codable {
    /// Decodes a key written by ``encode(to:)``: its column values, in key order.
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when the input is not an array of values.
    public init(from decoder: any Decoder) throws {
        self.init(values: try decoder.singleValueContainer().decode([SQLiteValue].self))
    }

    /// Encodes the key as the array of its column values, in key order.
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(values)
    }
}
