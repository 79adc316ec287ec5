import CSQLite

extension Connection {
    /// Registers `CaseFolding/fold(_:ignoringAccents:)` as the SQL functions
    /// `draftstore_fold(text)` and `draftstore_fold_accents(text)`: deterministic, and
    /// `SQLITE_DIRECTONLY`, so no schema object can depend on them.
    /// See [sqlite3_create_function](https://www.sqlite.org/c3ref/create_function.html).
    /// - Throws: ``SQLiteError`` when SQLite refuses the registration.
    func registerCaseFolding() throws(SQLiteError) {
        let handle = try openHandle()
        let flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_DIRECTONLY
        var code = sqlite3_create_function_v2(
            handle, CaseFolding.sqlName, 1, flags, nil, { Connection.fold($0, $1, $2, ignoringAccents: false) }, nil, nil, nil)
        if code == SQLITE_OK {
            code = sqlite3_create_function_v2(
                handle, CaseFolding.accentsSQLName, 1, flags, nil, { Connection.fold($0, $1, $2, ignoringAccents: true) }, nil, nil,
                nil)
        }
        guard code == SQLITE_OK else { throw SQLiteError(handle: handle, code: code) }
    }

    /// The body of the folding functions: the argument's text folded, NULL for NULL.
    private static func fold(
        _ context: OpaquePointer?, _ count: Int32, _ arguments: UnsafeMutablePointer<OpaquePointer?>?, ignoringAccents: Bool
    ) {
        guard count == 1, let argument = arguments?[0], sqlite3_value_type(argument) != SQLITE_NULL,
            let text = sqlite3_value_text(argument)
        else {
            sqlite3_result_null(context)
            return
        }
        // Every byte, a NUL included (a number as SQLite writes it, a blob's bytes as text).
        let bytes = UnsafeRawBufferPointer(start: text, count: Int(sqlite3_value_bytes(argument)))
        let folded = CaseFolding.fold(String(decoding: bytes, as: UTF8.self), ignoringAccents: ignoringAccents)
        sqlite3_result_text64(
            context, folded, sqlite3_uint64(folded.utf8.count), unsafeBitCast(-1, to: sqlite3_destructor_type.self), UInt8(SQLITE_UTF8))
    }
}
