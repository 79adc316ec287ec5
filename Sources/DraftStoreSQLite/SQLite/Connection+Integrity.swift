import CSQLite

extension Connection {
    /// The journal mode of the main database as it is now (`PRAGMA journal_mode` without a
    /// value, which changes nothing): `"wal"`, `"delete"`, `"memory"`, ….
    /// - Throws: ``SQLiteError`` when the database cannot be read.
    package func journalMode() throws(SQLiteError) -> String {
        if case let .text(mode)? = try scalar("PRAGMA journal_mode") { return mode.lowercased() }
        return ""
    }

    /// Checks that the database is sound without writing to it: `PRAGMA quick_check` (every
    /// page, record and index entry well formed; O(file size)) with `PRAGMA query_only` on. A
    /// database of no pages yet (`PRAGMA page_count` is 0: a new file) passes without it.
    ///
    /// See [PRAGMA quick_check](https://www.sqlite.org/pragma.html#pragma_quick_check) and
    /// [PRAGMA query_only](https://www.sqlite.org/pragma.html#pragma_query_only).
    /// - Throws: ``SQLiteError`` naming the file: `SQLITE_CORRUPT` with SQLite's first findings
    ///   when the check reports damage, or the error the check itself hit (`SQLITE_CORRUPT`,
    ///   `SQLITE_NOTADB`, an I/O error).
    package func checkSoundness() throws(SQLiteError) {
        let label = path ?? ":memory:"
        // A new database has no page to check: its check is skipped (three statements at a
        // first launch, W7). When the count cannot be read, the full check reports why.
        if case .integer(0)? = try? scalar("PRAGMA page_count") { return }
        try execute("PRAGMA query_only = 1")
        defer { try? execute("PRAGMA query_only = 0") }
        let findings: [String]
        do {
            findings = try fetch("PRAGMA quick_check(5)") { row throws(SQLiteError) in try row.text(at: 0) }
        } catch let error as SQLiteError {
            throw SQLiteError(
                extendedCode: error.extendedCode, message: "\(label) is damaged (\(error.message)); it was left unchanged", sql: error.sql)
        } catch {
            throw SQLiteError(extendedCode: SQLITE_ERROR, message: "\(label): \(error)")
        }
        guard findings == ["ok"] else {
            throw SQLiteError(
                extendedCode: SQLITE_CORRUPT,
                message: "\(label) is damaged (PRAGMA quick_check: \(findings.joined(separator: "; "))); it was left unchanged")
        }
    }
}
