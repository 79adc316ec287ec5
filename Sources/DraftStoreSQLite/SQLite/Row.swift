import CSQLite
import Foundation

/// The current result row of a `Statement`, read by column index or by name.
///
/// A `Row` is a view: it is valid only until its statement steps or resets. Text is read
/// with its byte length and must be valid UTF-8; invalid bytes are reported as an error
/// (`SQLITE_MISMATCH`), never replaced with U+FFFD.
@usableFromInline package struct Row {
    /// The statement whose current row this is.
    let statement: Statement

    /// The number of columns.
    package var count: Int { Int(sqlite3_column_count(statement.handle)) }

    /// Whether column `index` (0-based) is NULL.
    @usableFromInline package func isNull(at index: Int32) -> Bool { sqlite3_column_type(statement.handle, index) == SQLITE_NULL }

    /// The value of column `index` (0-based), in its storage class.
    /// - Throws: ``SQLiteError`` `SQLITE_MISMATCH` when text is not valid UTF-8.
    @usableFromInline package func value(at index: Int32) throws(SQLiteError) -> SQLiteValue {
        switch sqlite3_column_type(statement.handle, index) {
        case SQLITE_INTEGER: .integer(sqlite3_column_int64(statement.handle, index))
        case SQLITE_FLOAT: .real(sqlite3_column_double(statement.handle, index))
        case SQLITE_TEXT: .text(try text(at: index))
        case SQLITE_BLOB: .blob(blob(at: index))
        default: .null
        }
    }

    /// Column `index` as text, read by byte length and checked to be UTF-8.
    /// - Throws: ``SQLiteError`` `SQLITE_MISMATCH` naming the column when the bytes are not valid UTF-8.
    package func text(at index: Int32) throws(SQLiteError) -> String {
        let handle = statement.handle
        guard let pointer = sqlite3_column_text(handle, index) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, index))
        // `String(decoding:)` copies valid UTF-8 on a fast path and replaces invalid bytes with
        // U+FFFD, so its result equals the input byte for byte exactly when the input is valid.
        // That costs a fraction of `String(validating:)`, which is not specialized for this
        // buffer type and dominated text reads (callgrind profiles of W2).
        let string = String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
        let isExact = string.utf8.withContiguousStorageIfAvailable { decoded in
            decoded.count == count && (count == 0 || memcmp(decoded.baseAddress!, pointer, count) == 0)
        }
        guard isExact ?? string.utf8.elementsEqual(UnsafeBufferPointer(start: pointer, count: count)) else {
            throw SQLiteError(
                extendedCode: SQLITE_MISMATCH,
                message: "column \(index) (\(statement.columnName(at: index))) holds text that is not valid UTF-8",
                sql: statement.sql, arguments: statement.boundArguments)
        }
        return string
    }

    /// Column `index` as bytes (empty for NULL or a zero-length blob).
    package func blob(at index: Int32) -> Data {
        let handle = statement.handle
        guard let pointer = sqlite3_column_blob(handle, index) else { return Data() }
        return Data(bytes: pointer, count: Int(sqlite3_column_bytes(handle, index)))
    }

    /// Column `index` as a 64-bit integer (SQLite's conversion rules for other classes).
    package func int64(at index: Int32) -> Int64 { sqlite3_column_int64(statement.handle, index) }

    /// Column `index` as a double (SQLite's conversion rules for other classes).
    package func double(at index: Int32) -> Double { sqlite3_column_double(statement.handle, index) }

    /// The index of the column named `name`, compared exactly.
    /// - Complexity: O(*n*) in the number of columns; read by index on hot paths.
    package func index(of name: String) -> Int32? {
        (0..<sqlite3_column_count(statement.handle)).first { statement.columnName(at: $0) == name }
    }

    /// The column named `name`, decoded as `Value`.
    /// - Throws: ``SQLiteError`` `SQLITE_RANGE` when no column has that name; `SQLITE_MISMATCH` when the value does not fit.
    package func decode<Value: DatabaseValueConvertible>(_: Value.Type = Value.self, named name: String) throws(SQLiteError) -> Value {
        guard let index = index(of: name) else {
            throw SQLiteError(extendedCode: SQLITE_RANGE, message: "no column named \(name)", sql: statement.sql)
        }
        return try decode(at: index)
    }

    /// The error for a stored value whose class does not fit the Swift type asked for.
    @usableFromInline package func mismatch(at index: Int32, expected: String) -> SQLiteError {
        let found =
            switch sqlite3_column_type(statement.handle, index) {
            case SQLITE_INTEGER: "INTEGER"
            case SQLITE_FLOAT: "REAL"
            case SQLITE_TEXT: "TEXT"
            case SQLITE_BLOB: "BLOB"
            default: "NULL"
            }
        return SQLiteError(
            extendedCode: SQLITE_MISMATCH,
            message: "column \(index) (\(statement.columnName(at: index))): expected \(expected), found \(found)",
            sql: statement.sql)
    }
}
