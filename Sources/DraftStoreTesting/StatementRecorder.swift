@_spi(Testing) import DraftStore

/// Captures every SQL statement a store runs during a scope, on all its connections
/// (with `sqlite3_trace_v2`), so a test can assert what ran.
///
/// ```swift
/// let statements = try StatementRecorder.record(store) { item.cancel() }
/// #expect(statements.isEmpty)
/// ```
public enum StatementRecorder {
    /// Runs `body` and returns what it returned with the SQL of each statement run meanwhile, in order.
    /// - Parameters:
    ///   - store: The store to watch.
    ///   - body: The code under test.
    /// - Throws: What `body` throws (tracing is removed either way).
    public static func record<T>(_ store: DraftStore, _ body: () throws -> T) rethrows -> (result: T, statements: [String]) {
        let log = Lock<[String]>([])
        store.forEachConnection { connection in
            connection.setTraceHandler { sql in log.withLock { $0.append(sql) } }
        }
        defer { store.forEachConnection { $0.setTraceHandler(nil) } }
        let result = try body()
        return (result, log.withLock { $0 })
    }

    /// Runs `body` and returns the statements it ran.
    /// - Throws: What `body` throws.
    public static func record(_ store: DraftStore, _ body: () throws -> Void) rethrows -> [String] {
        try record(store, body).statements
    }

    /// Whether a statement writes or takes the write lock (INSERT, UPDATE, DELETE, REPLACE,
    /// BEGIN IMMEDIATE/EXCLUSIVE, schema changes, COMMIT of a write).
    public static func isWrite(_ sql: String) -> Bool {
        let words = sql.uppercased().split { !$0.isLetter }.prefix(3).map(String.init)
        guard let first = words.first else { return false }
        if first == "BEGIN" { return words.contains("IMMEDIATE") || words.contains("EXCLUSIVE") }
        return ["INSERT", "UPDATE", "DELETE", "REPLACE", "CREATE", "DROP", "ALTER"].contains(first)
    }

    /// Counts the transactions among statements: each `BEGIN` (or outermost `SAVEPOINT`) that is later committed.
    public static func transactionCount(_ statements: [String]) -> Int {
        statements.filter { $0.uppercased().hasPrefix("BEGIN") }.count
    }
}
