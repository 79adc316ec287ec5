import CSQLite

extension Connection {
    /// How a transaction takes its locks.
    ///
    /// See [Transaction](https://www.sqlite.org/lang_transaction.html).
    public enum TransactionKind: String, Sendable {
        /// Locks on first read or write (`BEGIN DEFERRED`).
        case deferred = "DEFERRED"
        /// Takes the write lock at once (`BEGIN IMMEDIATE`), so a writer never fails half-way for a lock.
        case immediate = "IMMEDIATE"
        /// Like immediate; in WAL mode the same.
        case exclusive = "EXCLUSIVE"
    }

    /// Runs `body` in a transaction: COMMIT when it returns, ROLLBACK when it throws.
    ///
    /// After any error, the transaction is rolled back if it is still open — some errors
    /// (`SQLITE_FULL`) leave it open, others (a commit-hook refusal) have already ended it —
    /// and it is never committed. When ``runsInsideOuterTransaction`` is set, a savepoint
    /// stands in for the transaction.
    ///
    /// - Parameters:
    ///   - kind: How locks are taken; `.immediate` for writers.
    ///   - body: The work; it may open savepoints.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws, or ``SQLiteError`` from BEGIN or COMMIT.
    public func transaction<T>(_ kind: TransactionKind = .deferred, _ body: () throws -> T) throws -> T {
        if runsInsideOuterTransaction || isInTransaction { return try savepoint(body) }
        try execute("BEGIN \(kind.rawValue) TRANSACTION")
        do {
            let result = try body()
            try execute("COMMIT TRANSACTION")
            return result
        } catch {
            rollbackIfOpen()
            throw error
        }
    }

    /// Rolls back the open transaction, if any; never commits.
    public func rollbackIfOpen() {
        if isInTransaction { try? execute("ROLLBACK TRANSACTION") }
    }

    /// Runs `body` in a savepoint: RELEASE when it returns, ROLLBACK TO (then RELEASE) when it
    /// throws, so exactly this level is undone. Savepoints nest to any depth.
    ///
    /// See [SAVEPOINT](https://www.sqlite.org/lang_savepoint.html).
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws, or ``SQLiteError`` from SAVEPOINT or RELEASE.
    public func savepoint<T>(_ body: () throws -> T) throws -> T {
        savepointDepth += 1
        defer { savepointDepth -= 1 }
        let name = "draftstore_savepoint_\(savepointDepth)"
        try execute("SAVEPOINT \(name)")
        do {
            let result = try body()
            try execute("RELEASE SAVEPOINT \(name)")
            return result
        } catch {
            // After some errors SQLite has already rolled the whole transaction back.
            if isInTransaction {
                try? execute("ROLLBACK TO SAVEPOINT \(name)")
                try? execute("RELEASE SAVEPOINT \(name)")
            }
            throw error
        }
    }
}
