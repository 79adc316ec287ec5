import CSQLite
import Foundation

/// `SQLITE_TRANSIENT`: SQLite copies bound bytes before the bind call returns.
let transientDestructor = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// A prepared SQL statement of one `Connection`.
///
/// It finalizes its handle in `deinit`. Values are bound with their byte length, so text
/// holding U+0000 and any Unicode round-trips byte for byte.
///
/// See [Prepared Statement Object](https://www.sqlite.org/c3ref/stmt.html).
@usableFromInline package final class Statement {
    /// The SQLite statement handle.
    let handle: OpaquePointer
    /// The connection handle, for error messages.
    let connection: OpaquePointer
    /// The SQL text of the statement.
    package let sql: String
    /// The values bound since the last ``reset()``, for error reports. ``bind(_:)`` keeps a
    /// reference to the caller's array (no copy, no per-value append): binding is on every
    /// row's path, error reports are not.
    private(set) var boundArguments: [SQLiteValue] = []

    init(connection: OpaquePointer, sql: String) throws(SQLiteError) {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v3(connection, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard code == SQLITE_OK, let statement else {
            throw SQLiteError(handle: connection, code: code == SQLITE_OK ? SQLITE_MISUSE : code, sql: sql)
        }
        self.handle = statement
        self.connection = connection
        self.sql = sql
    }

    deinit { sqlite3_finalize(handle) }

    /// The number of columns in each result row.
    package var columnCount: Int32 { sqlite3_column_count(handle) }

    /// The name of result column `index` (0-based).
    package func columnName(at index: Int32) -> String { String(cString: sqlite3_column_name(handle, index)) }

    /// Whether the statement only reads (`sqlite3_stmt_readonly`).
    package var isReadOnly: Bool { sqlite3_stmt_readonly(handle) != 0 }

    /// Resets the statement so it can run again, and clears its bindings.
    package func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        // Assigning, not `removeAll(keepingCapacity:)`: the array is usually the caller's,
        // and keeping its capacity would allocate a copy on every reset.
        if !boundArguments.isEmpty { boundArguments = [] }
    }

    /// Binds `values` to parameters 1…n, in order.
    ///
    /// The number of values must equal the statement's parameter count
    /// (`sqlite3_bind_parameter_count`, the largest `?NNN` index): a missing value would
    /// otherwise be stored silently as NULL.
    /// - Throws: ``SQLiteError`` `SQLITE_RANGE` when there are more or fewer values than parameters.
    package func bind(_ values: [SQLiteValue]) throws(SQLiteError) {
        let expected = Int(sqlite3_bind_parameter_count(handle))
        guard values.count == expected else {
            throw SQLiteError(
                extendedCode: SQLITE_RANGE, message: "the statement takes \(expected) argument(s), but \(values.count) were given",
                sql: sql, arguments: values)
        }
        boundArguments = values
        for offset in values.indices {
            let code = bindCode(values[offset], at: Int32(offset + 1))
            guard code == SQLITE_OK else {
                boundArguments = Array(values[...offset])
                throw bindError(code)
            }
        }
    }

    /// Binds one value to the parameter at `index` (1-based).
    /// - Throws: ``SQLiteError`` when SQLite refuses the binding (index out of range, value too big),
    ///   `SQLITE_MISMATCH` for a NaN `.real` (SQLite would store NULL).
    package func bind(_ value: SQLiteValue, at index: Int32) throws(SQLiteError) {
        let code = bindCode(value, at: index)
        boundArguments.append(value)
        guard code == SQLITE_OK else { throw bindError(code) }
    }

    /// The error of a refused binding; a NaN (``bindCode(_:at:)`` answers `SQLITE_MISMATCH`) says so in words.
    private func bindError(_ code: Int32) -> SQLiteError {
        guard code == SQLITE_MISMATCH else { return SQLiteError(handle: connection, code: code, sql: sql, arguments: boundArguments) }
        return SQLiteError(
            extendedCode: SQLITE_MISMATCH, message: "NaN cannot be stored (SQLite would turn it into NULL)", sql: sql,
            arguments: boundArguments)
    }

    /// Binds one value to the parameter at `index` (1-based) and returns SQLite's result code;
    /// `SQLITE_MISMATCH` (bound nothing) for a NaN.
    private func bindCode(_ value: SQLiteValue, at index: Int32) -> Int32 {
        let code: Int32
        switch value {
        case .null: code = sqlite3_bind_null(handle, index)
        case let .integer(number): code = sqlite3_bind_int64(handle, index, number)
        case let .real(number):
            // SQLite would store NaN as NULL: refuse it rather than change the value silently.
            guard !number.isNaN else { return SQLITE_MISMATCH }
            code = sqlite3_bind_double(handle, index, number)
        case let .text(string): code = bindText(string, at: index)
        case let .blob(data):
            code = data.withUnsafeBytes { raw in
                // A zero-length blob must still be a blob, not NULL: bind zeroblob(0).
                raw.count == 0
                    ? sqlite3_bind_zeroblob(handle, index, 0)
                    : sqlite3_bind_blob64(handle, index, raw.baseAddress, sqlite3_uint64(raw.count), transientDestructor)
            }
        }
        return code
    }

    /// Binds text by its UTF-8 byte length.
    func bindText(_ string: String, at index: Int32) -> Int32 {
        var string = string
        return string.withUTF8 { bytes in
            // An empty buffer may have no base address; SQLite needs a non-NULL pointer for ''.
            guard let base = bytes.baseAddress else { return sqlite3_bind_text(handle, index, "", 0, transientDestructor) }
            return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                sqlite3_bind_text64(handle, index, $0, sqlite3_uint64(bytes.count), transientDestructor, UInt8(SQLITE_UTF8))
            }
        }
    }

    /// Runs one step.
    /// - Returns: `true` when a row is available, `false` when the statement is done.
    /// - Throws: ``SQLiteError`` with the statement's SQL and bound values when the step fails.
    @discardableResult
    @usableFromInline package func step() throws(SQLiteError) -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw SQLiteError(handle: connection, code: code, sql: sql, arguments: boundArguments)
        }
    }

    /// Runs the statement to completion, ignoring rows, then resets it.
    /// - Throws: ``SQLiteError`` when a step fails.
    package func run(_ values: [SQLiteValue] = []) throws(SQLiteError) {
        // No `sqlite3_clear_bindings`: `bind(_:)` below sets every parameter (it checks the count).
        sqlite3_reset(handle)
        defer { sqlite3_reset(handle) }
        try bind(values)
        while try step() {}
    }

    /// Runs the statement with every value but the one at `skipped` bound, in order: an
    /// INSERT that leaves a snapshot's key column to SQLite, with no copy of the snapshot.
    /// - Throws: ``SQLiteError`` `SQLITE_RANGE` when the count is off; when binding or a step fails.
    package func run(_ values: [SQLiteValue], skipping skipped: Int) throws(SQLiteError) {
        sqlite3_reset(handle)
        defer { sqlite3_reset(handle) }
        let expected = Int(sqlite3_bind_parameter_count(handle))
        guard values.count - 1 == expected else {
            throw SQLiteError(
                extendedCode: SQLITE_RANGE, message: "the statement takes \(expected) argument(s), but \(values.count - 1) were given",
                sql: sql, arguments: values)
        }
        boundArguments = values
        var parameter: Int32 = 1
        for offset in values.indices where offset != skipped {
            let code = bindCode(values[offset], at: parameter)
            guard code == SQLITE_OK else { throw bindError(code) }
            parameter += 1
        }
        while try step() {}
    }

    /// The current row, valid until the next ``step()`` or ``reset()``.
    @usableFromInline package var row: Row { Row(statement: self) }
}
