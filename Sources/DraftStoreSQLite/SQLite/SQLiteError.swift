import CSQLite
import Foundation

/// An error reported by SQLite, with everything needed to act on it.
///
/// It carries the primary and extended result codes, SQLite's own message, and the SQL
/// that failed. The values bound to that SQL may be personal data, so they are left out
/// of ``description`` unless ``publicArguments`` is set.
///
/// Match it by code in a `catch`:
///
/// ```swift
/// do { try connection.execute("INSERT INTO authors …") }
/// catch let error as SQLiteError where error.code == SQLITE_CONSTRAINT { … }
/// ```
///
/// See [Result and Error Codes](https://www.sqlite.org/rescode.html).
public struct SQLiteError: Error, Sendable, Codable, CustomStringConvertible {
    /// The extended result code, such as `SQLITE_CONSTRAINT_UNIQUE` (2067).
    public var extendedCode: Int32
    /// SQLite's message, or a message of this library for checks it makes itself.
    public var message: String
    /// The SQL that failed, if a statement was involved.
    public var sql: String?
    /// The values bound to ``sql``, shown in ``description`` only when ``publicArguments`` is true.
    public var arguments: [SQLiteValue]
    /// Whether ``description`` includes ``arguments``. Off by default: they may be personal data.
    public var publicArguments = false
    /// Whether the statement that failed was the COMMIT of a transaction (`Connection/commit()`):
    /// SQLite had begun writing the transaction to the database when the error came.
    package var failedAtCommit = false

    /// The primary result code, such as `SQLITE_CONSTRAINT` (19): the low 8 bits of ``extendedCode``.
    public var code: Int32 { extendedCode & 0xFF }

    /// Makes an error from its parts.
    /// - Parameters:
    ///   - extendedCode: An SQLite extended (or primary) result code.
    ///   - message: What went wrong, in words.
    ///   - sql: The SQL involved, if any.
    ///   - arguments: The values bound to `sql`.
    package init(extendedCode: Int32, message: String, sql: String? = nil, arguments: [SQLiteValue] = []) {
        self.extendedCode = extendedCode
        self.message = message
        self.sql = sql
        self.arguments = arguments
    }

    /// Reads the last error of a connection handle. A storage error (I/O, disk full, damaged
    /// file, read-only, cannot open) names the database file at the start of its message.
    package init(handle: OpaquePointer?, code: Int32, sql: String? = nil, arguments: [SQLiteValue] = []) {
        let extended = handle.map { sqlite3_extended_errcode($0) } ?? code
        // sqlite3_extended_errcode can lag behind when the code came from a helper that did
        // not set it (sqlite3_step with a statement of another connection); trust `code` then.
        let chosen = (extended & 0xFF) == (code & 0xFF) ? extended : code
        var text = handle.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
        if Self.storageCodes.contains(chosen & 0xFF), let handle, let name = sqlite3_db_filename(handle, "main") {
            let file = String(cString: name)
            if !file.isEmpty, !text.contains(file) { text = "\(file): \(text)" }
        }
        self.init(extendedCode: chosen, message: text, sql: sql, arguments: arguments)
    }

    /// The primary codes of failures of the storage rather than of the statement: see
    /// [Result and Error Codes](https://www.sqlite.org/rescode.html).
    static let storageCodes: Set<Int32> = [
        SQLITE_IOERR, SQLITE_FULL, SQLITE_CORRUPT, SQLITE_NOTADB, SQLITE_CANTOPEN, SQLITE_READONLY, SQLITE_PROTOCOL, SQLITE_NOLFS,
    ]

    /// True for `SQLITE_BUSY` and `SQLITE_LOCKED`: another connection held a lock past the busy timeout.
    public var isBusy: Bool { code == SQLITE_BUSY || code == SQLITE_LOCKED }

    /// True when a COMMIT failed with an I/O error (`SQLITE_IOERR` and its extended codes): every
    /// connection sees the transaction rolled back, yet its pages may already be in the
    /// write-ahead log, and a crash before the next write or clean close recovers them. Whether it
    /// is saved is decided later: a write after it (a retry of the save) overwrites those pages, so
    /// the retry is stored once; a crash first keeps it. See ``StorageFailure/Kind/outcomeUnknown``.
    ///
    /// See [Write-Ahead Logging](https://www.sqlite.org/wal.html) (recovery reads every frame up
    /// to the last valid commit frame) and [the WAL file format](https://www.sqlite.org/fileformat2.html#walformat).
    public var isCommitOutcomeUnknown: Bool { failedAtCommit && code == SQLITE_IOERR }

    /// True for constraint violations (`SQLITE_CONSTRAINT` and its extended codes).
    public var isConstraintViolation: Bool { code == SQLITE_CONSTRAINT }

    /// The error in words: code names, message and SQL; the arguments only when ``publicArguments`` is set.
    public var description: String {
        var text = "SQLite error \(extendedCode) (\(String(cString: sqlite3_errstr(extendedCode)))): \(message)"
        if let sql { text += " — while executing `\(sql)`" }
        if publicArguments, !arguments.isEmpty {
            text += " with arguments [\(arguments.map(\.description).joined(separator: ", "))]"
        }
        return text
    }
}

extension SQLiteError {
    /// The same error with the database named at the start of its message, so a failure
    /// during a save (read-only file, disk full, I/O, busy) says which file it concerns.
    /// Messages that already name it are kept as they are.
    /// - Parameter database: The database path or URI; `nil` (in memory) leaves the error unchanged.
    package func naming(database: String?) -> SQLiteError {
        guard let database, !message.contains(database) else { return self }
        // A `file:` URI's path, when the message already names the file by it.
        let file = database.hasPrefix("file:") ? String(database.dropFirst(5).prefix { $0 != "?" && $0 != "#" }) : database
        if !file.isEmpty, message.contains(file) { return self }
        var named = self
        named.message = "\(database): \(message)"
        return named
    }
}
