import CSQLite
import Foundation

/// One connection to an SQLite database: a file, or a private in-memory database.
///
/// A connection is not `Sendable`: one owner uses it at a time (``DraftStore`` keeps each of
/// its connections behind a `Lock`). It turns foreign keys on, waits up to a busy timeout
/// for locks, and caches prepared statements; ``enableWAL()`` puts a file in WAL mode (the
/// store calls it only after checking the file's schema, so a refused file stays untouched). Close it with
/// ``close()``, which finalizes the cached statements first; closing twice is harmless,
/// and `deinit` closes a connection that is still open.
///
/// ```swift
/// let connection = try Connection(path: "library.sqlite")
/// try connection.execute("CREATE TABLE notes(body TEXT) STRICT")
/// try connection.run("INSERT INTO notes(body) VALUES (?)", [.text("hello")])
/// ```
///
/// See [Opening A New Database Connection](https://www.sqlite.org/c3ref/open.html).
package final class Connection {
    /// How a connection opens its database.
    package struct Options: Sendable {
        /// Open without write access (`SQLITE_OPEN_READONLY`): every write fails with `SQLITE_READONLY`.
        package var readOnly = false
        /// Create the file when it is missing. Ignored for in-memory databases.
        package var create = true
        /// How long a statement waits for another connection's lock before failing with `SQLITE_BUSY`.
        package var busyTimeout: Duration = .seconds(5)
        /// Makes default options: read-write, create, 5 s busy timeout.
        package init() {}
    }

    /// The database handle; `nil` once closed.
    private(set) var handle: OpaquePointer?
    /// The path given at open; `nil` for an in-memory database.
    package let path: String?
    /// Prepared statements reused by ``cachedStatement(_:)``, keyed by SQL text.
    private var cache: [String: Statement] = [:]
    /// BEGIN (each kind), COMMIT and ROLLBACK, prepared at first use (``transactionStatement(_:)``).
    var transactionStatements: [Statement?] = []
    /// Hooks installed with ``setTraceHandler(_:)`` and ``setCommitHandler(_:)``, kept alive while installed.
    var hooks = Hooks()
    /// How many savepoints are open, for unique savepoint names.
    var savepointDepth = 0
    /// The busy timeout it was opened with, in milliseconds.
    package let busyTimeoutMilliseconds: Int32

    /// Opens a connection.
    ///
    /// The file is checked before any statement runs: it must be a regular file (not a device
    /// such as `/dev/null`, a FIFO or a directory, which are refused before SQLite creates a
    /// journal beside them) that starts
    /// with the SQLite header and is not shorter than its header says (a 0-byte file is a
    /// new, empty database, as in SQLite). The header is read through SQLite's own file
    /// handle, so opening never drops the POSIX locks of other connections of this process.
    ///
    /// - Parameters:
    ///   - path: A file path, an SQLite `file:` URI (such as `file:data.sqlite?mode=ro`), or
    ///     `nil` for a private in-memory database.
    ///   - options: Access (read-only or not), creation, busy timeout.
    /// - Throws: ``SQLiteError`` naming the path: `SQLITE_CANTOPEN` for a directory, a device,
    ///   a FIFO, a socket or a missing folder, `SQLITE_NOTADB` for a file that is not a database, `SQLITE_CORRUPT`
    ///   for a truncated one, or whatever SQLite reports while opening.
    package init(path: String?, options: Options = Options()) throws(SQLiteError) {
        self.path = path
        if let path, !path.hasPrefix("file:"), !DatabasePath.isInMemory(path) {
            try FileCheck.checkBeforeOpening(path: path, mustExist: !options.create || options.readOnly)
        } else if let path, let file = DatabasePath.filePath(ofURI: path) {
            try FileCheck.checkKind(of: file, given: path)
        }
        var flags = SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        flags |= options.readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE
        if options.create, !options.readOnly { flags |= SQLITE_OPEN_CREATE }
        if path == nil { flags |= SQLITE_OPEN_MEMORY }
        var opened: OpaquePointer?
        let code = sqlite3_open_v2(path ?? ":memory:", &opened, flags, nil)
        guard code == SQLITE_OK, let opened else {
            let error = SQLiteError(handle: opened, code: code)
            sqlite3_close_v2(opened)
            throw SQLiteError(extendedCode: error.extendedCode, message: "cannot open \(path ?? ":memory:"): \(error.message)")
        }
        if let path, !DatabasePath.isInMemory(path) {
            do {
                try FileCheck.checkOpenedFile(of: opened, path: path)
                try FileCheck.checkHeader(of: opened, path: path)
            } catch {
                sqlite3_close_v2(opened)
                throw error
            }
        }
        handle = opened
        sqlite3_extended_result_codes(opened, 1)
        let milliseconds =
            options.busyTimeout.components.seconds * 1000 + options.busyTimeout.components.attoseconds / 1_000_000_000_000_000
        busyTimeoutMilliseconds = Int32(clamping: milliseconds)
        Self.installBusyHandler(opened, milliseconds: busyTimeoutMilliseconds)
        do {
            try execute("PRAGMA foreign_keys = ON")
            try registerCaseFolding()
        } catch {
            close()
            throw error
        }
    }

    deinit { close() }

    /// The open handle.
    /// - Throws: ``SQLiteError`` `SQLITE_MISUSE` after ``close()``.
    package func openHandle() throws(SQLiteError) -> OpaquePointer {
        guard let handle else {
            throw SQLiteError(extendedCode: SQLITE_MISUSE, message: "the connection to \(path ?? ":memory:") is closed")
        }
        return handle
    }

    /// Quotes an SQL identifier (a table or column name): `"name"`, with inner double quotes
    /// doubled, so any name is safe to splice into SQL. Values are never spliced: bind them.
    ///
    /// See [SQLite Keywords](https://www.sqlite.org/lang_keywords.html).
    /// - Parameter identifier: The name.
    /// - Returns: The quoted name.
    package static func quoteIdentifier(_ identifier: String) -> String {
        // Most names hold no quote: Foundation's search-and-replace is skipped (it was most of
        // the cost of reading the foreign keys at open, W7).
        guard identifier.utf8.contains(UInt8(ascii: "\"")) else { return "\"" + identifier + "\"" }
        return "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// Puts a file database in WAL mode (`PRAGMA main.journal_mode=WAL`); does nothing for in-memory
    /// databases (`DatabasePath/isInMemory(_:)`), which have no write-ahead log. Only the main
    /// database: without a schema name the PRAGMA changes every attached database too
    /// ([journal_mode](https://www.sqlite.org/pragma.html#pragma_journal_mode)).
    /// - Throws: ``SQLiteError`` when the mode cannot be set (a read-only file, say).
    package func enableWAL() throws(SQLiteError) {
        guard !DatabasePath.isInMemory(path) else { return }
        try execute("PRAGMA main.journal_mode = WAL")
    }

    /// Finalizes the cached statements, removes the trace, commit and checkpoint hooks, then closes the
    /// database. Calling it again does nothing.
    ///
    /// Statements still held elsewhere keep the database open until they are released
    /// (`sqlite3_close_v2`), so closing never fails.
    package func close() {
        guard let handle else { return }
        cache.removeAll()
        transactionStatements = []
        removeHooks()
        sqlite3_close_v2(handle)
        self.handle = nil
    }

    /// Whether ``close()`` has run.
    package var isClosed: Bool { handle == nil }

    /// Prepares a statement that is not cached; it is finalized when released.
    /// - Throws: ``SQLiteError`` naming the SQL when it does not compile.
    package func prepare(_ sql: String) throws(SQLiteError) -> Statement {
        try Statement(connection: openHandle(), sql: sql)
    }

    /// A prepared statement for `sql`, reused across calls, reset and unbound.
    ///
    /// When the cached statement is still running (a ``fetch(_:_:map:)`` whose `map` runs the
    /// same SQL again), resetting it would restart the outer loop, so a new uncached statement
    /// is returned instead.
    /// - Throws: ``SQLiteError`` naming the SQL when it does not compile.
    /// - Complexity: O(1) after the first call for the same SQL text.
    package func cachedStatement(_ sql: String) throws(SQLiteError) -> Statement {
        if let statement = cache[sql] {
            if sqlite3_stmt_busy(statement.handle) != 0 { return try prepare(sql) }
            statement.reset()
            return statement
        }
        let statement = try prepare(sql)
        cache[sql] = statement
        return statement
    }

    /// Runs one statement with bound values, ignoring any rows.
    /// - Throws: ``SQLiteError`` with the SQL when it fails.
    package func run(_ sql: String, _ arguments: [SQLiteValue] = []) throws(SQLiteError) {
        try cachedStatement(sql).run(arguments)
    }

    /// Runs every statement of `sql` in order (no bound values): schema scripts, pragmas.
    /// - Throws: ``SQLiteError`` naming the statement that failed; those before it have run.
    package func execute(_ sql: String) throws(SQLiteError) {
        let handle = try openHandle()
        let failure: SQLiteError? = sql.withCString { start in
            var cursor: UnsafePointer<CChar>? = start
            while let current = cursor, current.pointee != 0 {
                var statement: OpaquePointer?
                var tail: UnsafePointer<CChar>?
                let code = sqlite3_prepare_v2(handle, current, -1, &statement, &tail)
                defer { sqlite3_finalize(statement) }
                var result = code
                if code == SQLITE_OK, let statement {
                    repeat { result = sqlite3_step(statement) } while result == SQLITE_ROW
                    if result == SQLITE_DONE { result = SQLITE_OK }
                }
                guard result == SQLITE_OK else {
                    let length = tail.map { $0 - current } ?? strlen(current)
                    let text = String(decoding: UnsafeRawBufferPointer(start: current, count: length), as: UTF8.self)
                    return SQLiteError(handle: handle, code: result, sql: text.trimmingCharacters(in: .whitespacesAndNewlines))
                }
                cursor = tail
            }
            return nil
        }
        if let failure { throw failure }
    }

    /// Runs a query and maps each row.
    /// - Parameters:
    ///   - sql: One SELECT (or other statement returning rows).
    ///   - arguments: Values bound to its parameters.
    ///   - map: Called with each row; the row is valid only during the call.
    /// - Throws: ``SQLiteError`` from SQLite, or what `map` throws.
    package func fetch<T>(_ sql: String, _ arguments: [SQLiteValue] = [], map: (Row) throws -> T) throws -> [T] {
        let statement = try cachedStatement(sql)
        defer { statement.reset() }
        try statement.bind(arguments)
        var result: [T] = []
        while try statement.step() { result.append(try map(statement.row)) }
        return result
    }

    /// The first column of the first row, or `nil` when there is no row.
    /// - Throws: ``SQLiteError`` from SQLite.
    package func scalar(_ sql: String, _ arguments: [SQLiteValue] = []) throws(SQLiteError) -> SQLiteValue? {
        let statement = try cachedStatement(sql)
        defer { statement.reset() }
        try statement.bind(arguments)
        return try statement.step() ? try statement.row.value(at: 0) : nil
    }

    /// Whether a transaction is open (`sqlite3_get_autocommit() == 0`).
    package var isInTransaction: Bool { handle.map { sqlite3_get_autocommit($0) == 0 } ?? false }

    /// The rowid of the last successful INSERT on this connection.
    package var lastInsertRowID: Int64 { handle.map { sqlite3_last_insert_rowid($0) } ?? 0 }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    package var changes: Int { handle.map { Int(sqlite3_changes64($0)) } ?? 0 }

    /// Rows changed since the connection opened (`sqlite3_total_changes64`).
    package var totalChanges: Int { handle.map { Int(sqlite3_total_changes64($0)) } ?? 0 }

    /// `PRAGMA data_version`: it moves when another connection commits to the same file.
    /// - Throws: ``SQLiteError`` when the pragma fails.
    package func dataVersion() throws(SQLiteError) -> Int64 {
        if case let .integer(version)? = try scalar("PRAGMA data_version") { return version }
        return 0
    }
}
