import CSQLite
import Foundation

extension Row {
    /// Column `index` decoded as `Value`.
    ///
    /// `Int64`, `Int`, `String` and `Date`, and their optionals, are read straight from the
    /// column, without an intermediate ``SQLiteValue``: the plain fetch's per-row path. The type
    /// tests fold away where `Value` is known (a column's closures are specialized where its
    /// schema is declared). Other types are read through ``DatabaseValueConvertible/init(sqliteValue:)``;
    /// an optional is `nil` for NULL and otherwise its wrapped type's read.
    /// - Parameters:
    ///   - index: The column index, from 0.
    /// - Throws: ``SQLiteError`` `SQLITE_MISMATCH` naming the column when the stored value does not
    ///   fit `Value` (the message names the storage class or type expected), or when its text is not valid UTF-8.
    @inlinable
    package func decode<Value: DatabaseValueConvertible>(_: Value.Type = Value.self, at index: Int32) throws(SQLiteError) -> Value {
        if Value.self == Int64.self { return try integer(at: index) as! Value }
        if Value.self == Int.self { return try int(at: index) as! Value }
        if Value.self == String.self { return try string(at: index) as! Value }
        if Value.self == Date.self { return try date(at: index) as! Value }
        if Value.self == Int64?.self { return (isNull(at: index) ? nil : try integer(at: index)) as Int64? as! Value }
        if Value.self == Int?.self { return (isNull(at: index) ? nil : try int(at: index)) as Int? as! Value }
        if Value.self == String?.self { return (isNull(at: index) ? nil : try string(at: index)) as String? as! Value }
        if Value.self == Date?.self { return (isNull(at: index) ? nil : try date(at: index)) as Date? as! Value }
        return try converted(at: index)
    }

    /// An INTEGER column.
    /// - Throws: ``SQLiteError`` `SQLITE_MISMATCH` (expected INTEGER) when the column is not INTEGER.
    @usableFromInline package func integer(at index: Int32) throws(SQLiteError) -> Int64 {
        guard sqlite3_column_type(statement.handle, index) == SQLITE_INTEGER else {
            throw mismatch(at: index, expected: "INTEGER")
        }
        return int64(at: index)
    }

    /// An INTEGER column that fits `Int` (``Swift/Int/init(sqliteValue:)``).
    /// - Throws: ``SQLiteError`` `SQLITE_MISMATCH` (expected Int) when the column is not INTEGER or
    ///   does not fit, or when it holds text that is not valid UTF-8.
    @usableFromInline package func int(at index: Int32) throws(SQLiteError) -> Int {
        guard let value = Int(sqliteValue: try value(at: index)) else { throw mismatch(at: index, expected: "Int") }
        return value
    }

    /// A TEXT column by byte length, an INTEGER as its text (``Swift/String/init(sqliteValue:)``).
    /// - Throws: ``SQLiteError`` `SQLITE_MISMATCH` (expected TEXT) when the column is neither TEXT
    ///   nor INTEGER, or is not valid UTF-8.
    @usableFromInline package func string(at index: Int32) throws(SQLiteError) -> String {
        switch sqlite3_column_type(statement.handle, index) {
        case SQLITE_TEXT: return try text(at: index)
        case SQLITE_INTEGER: return String(int64(at: index))
        default: throw mismatch(at: index, expected: "TEXT")
        }
    }

    /// An INTEGER column of Unix milliseconds as a date (``Foundation/Date/init(sqliteValue:)``).
    /// - Throws: ``SQLiteError`` `SQLITE_MISMATCH` (expected Date) when the column is not INTEGER.
    @usableFromInline package func date(at index: Int32) throws(SQLiteError) -> Date {
        guard sqlite3_column_type(statement.handle, index) == SQLITE_INTEGER else {
            throw mismatch(at: index, expected: "Date")
        }
        return Date(unixMilliseconds: int64(at: index))
    }

    /// Column `index` through ``SQLiteValue`` and ``DatabaseValueConvertible/init(sqliteValue:)``;
    /// an optional reads `nil` for NULL and otherwise its wrapped type.
    /// - Throws: ``SQLiteError`` `SQLITE_MISMATCH` naming the type (the wrapped one for an optional)
    ///   when the value does not fit, or when its text is not valid UTF-8.
    @usableFromInline package func converted<Value: DatabaseValueConvertible>(at index: Int32) throws(SQLiteError) -> Value {
        if let optional = Value.self as? any OptionalDatabaseValue.Type {
            return try optional.decode(from: self, at: index) as! Value
        }
        guard let value = Value(sqliteValue: try value(at: index)) else {
            throw mismatch(at: index, expected: "\(Value.self)")
        }
        return value
    }
}

/// An optional column value: NULL is `nil`, anything else is read as the wrapped type.
package protocol OptionalDatabaseValue {
    /// `nil` for NULL, otherwise the wrapped type's read of column `index`.
    /// - Throws: ``SQLiteError`` `SQLITE_MISMATCH` from the wrapped type's read.
    static func decode(from row: Row, at index: Int32) throws(SQLiteError) -> Self
}

extension Optional: OptionalDatabaseValue where Wrapped: DatabaseValueConvertible {
    /// `nil` for NULL, otherwise `Row/decode(_:at:)` of `Wrapped`.
    /// - Throws: ``SQLiteError`` `SQLITE_MISMATCH` from the wrapped type's read.
    package static func decode(from row: Row, at index: Int32) throws(SQLiteError) -> Wrapped? {
        row.isNull(at: index) ? nil : try row.decode(Wrapped.self, at: index)
    }
}
