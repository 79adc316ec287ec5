import CSQLite

extension Connection {
    /// How a transaction takes its locks.
    ///
    /// See [Transaction](https://www.sqlite.org/lang_transaction.html).
    package enum TransactionKind: String, Sendable {
        /// Locks on first read or write (`BEGIN DEFERRED`).
        case deferred = "DEFERRED"
        /// Takes the write lock at once (`BEGIN IMMEDIATE`), so a writer never fails half-way for a lock.
        case immediate = "IMMEDIATE"
        /// Like immediate; in WAL mode the same.
        case exclusive = "EXCLUSIVE"

        /// The statement that opens this kind of transaction.
        var begin: TransactionStatement {
            switch self {
            case .deferred: .beginDeferred
            case .immediate: .beginImmediate
            case .exclusive: .beginExclusive
            }
        }
    }

    /// The statements that open and end a transaction, each prepared once per connection.
    enum TransactionStatement: Int, CaseIterable {
        case beginDeferred, beginImmediate, beginExclusive, commit, rollback

        /// Its SQL.
        var sql: String {
            switch self {
            case .beginDeferred: "BEGIN DEFERRED TRANSACTION"
            case .beginImmediate: "BEGIN IMMEDIATE TRANSACTION"
            case .beginExclusive: "BEGIN EXCLUSIVE TRANSACTION"
            case .commit: "COMMIT TRANSACTION"
            case .rollback: "ROLLBACK TRANSACTION"
            }
        }
    }

    /// The prepared statement of `kind`, prepared at its first use on this connection.
    ///
    /// BEGIN, COMMIT and ROLLBACK run as prepared statements kept here, not through `execute`,
    /// which parses its text on every call (a third of a one-row save's own work), nor through
    /// the SQL-keyed cache, which hashes the text. The same statements run, so locking, errors
    /// and the commit hook are as before; ``Statement/run(_:)`` resets a statement after each
    /// run, failed or not, so none holds a lock or a read position, and ``close()`` releases them.
    /// - Throws: ``SQLiteError`` when the statement does not compile (a closed connection).
    func transactionStatement(_ kind: TransactionStatement) throws(SQLiteError) -> Statement {
        if transactionStatements.isEmpty { transactionStatements = Array(repeating: nil, count: TransactionStatement.allCases.count) }
        if let statement = transactionStatements[kind.rawValue] { return statement }
        let statement = try prepare(kind.sql)
        transactionStatements[kind.rawValue] = statement
        return statement
    }

    /// How a transaction's body ends it.
    package enum TransactionEnd: Sendable {
        /// Keep the writes: COMMIT (RELEASE for a savepoint).
        case commit
        /// Undo them: ROLLBACK (ROLLBACK TO, then RELEASE, for a savepoint) — for a body that
        /// tried writes only to see what the database says (a dry run), or found nothing to keep.
        case rollback
    }

    /// Runs `body` in a transaction: COMMIT when it returns, ROLLBACK when it throws.
    ///
    /// After any error, the transaction is rolled back if it is still open — some errors
    /// (`SQLITE_FULL`) leave it open, others (a commit-hook refusal) have already ended it —
    /// and it is never committed. Inside a transaction already open, a savepoint stands in for
    /// the transaction.
    ///
    /// - Parameters:
    ///   - kind: How locks are taken; `.immediate` for writers.
    ///   - body: The work; it may open savepoints.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws, or ``SQLiteError`` from BEGIN or COMMIT.
    package func transaction<T>(_ kind: TransactionKind = .deferred, _ body: () throws -> T) throws -> T {
        var result: T?
        try transactionOrRollback(
            kind,
            {
                result = try body()
                return .commit
            })
        return result!
    }

    /// Runs `body` in a transaction that `body` ends: COMMIT or ROLLBACK as it returns, ROLLBACK when it throws.
    ///
    /// As ``transaction(_:_:)``, with the choice to undo every write without an error (a dry run,
    /// a save that found nothing to write).
    /// - Parameters:
    ///   - kind: How locks are taken; `.immediate` for writers.
    ///   - body: The work; returns how the transaction ends.
    /// - Throws: What `body` throws, or ``SQLiteError`` from BEGIN, COMMIT or ROLLBACK.
    package func transactionOrRollback(_ kind: TransactionKind = .deferred, _ body: () throws -> TransactionEnd) throws {
        if isInTransaction { return try savepointOrRollback(body) }
        try transactionStatement(kind.begin).run()
        do {
            switch try body() {
            case .commit: try commit()
            case .rollback: try transactionStatement(.rollback).run()
            }
        } catch {
            rollbackIfOpen()
            throw error
        }
    }

    /// Commits the open transaction (`COMMIT TRANSACTION`).
    ///
    /// A failure is marked ``SQLiteError/failedAtCommit``: with an I/O error its outcome is not
    /// known yet (``SQLiteError/isCommitOutcomeUnknown``), whatever the connection now reports.
    /// - Throws: ``SQLiteError`` when SQLite cannot commit (busy, disk full, I/O error, a commit hook's refusal).
    package func commit() throws(SQLiteError) {
        do {
            try transactionStatement(.commit).run()
        } catch {
            var failure = error
            failure.failedAtCommit = true
            throw failure
        }
    }

    /// Rolls back the open transaction, if any; never commits.
    package func rollbackIfOpen() {
        if isInTransaction { try? transactionStatement(.rollback).run() }
    }

    /// Runs `body` in a savepoint: RELEASE when it returns, ROLLBACK TO (then RELEASE) when it
    /// throws, so exactly this level is undone. Savepoints nest to any depth.
    ///
    /// See [SAVEPOINT](https://www.sqlite.org/lang_savepoint.html).
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws, or ``SQLiteError`` from SAVEPOINT or RELEASE.
    package func savepoint<T>(_ body: () throws -> T) throws -> T {
        var result: T?
        try savepointOrRollback({
            result = try body()
            return .commit
        })
        return result!
    }

    /// Runs `body` in a savepoint that `body` ends: RELEASE for ``TransactionEnd/commit``;
    /// ROLLBACK TO, then RELEASE, for ``TransactionEnd/rollback`` or when it throws.
    /// - Throws: What `body` throws, or ``SQLiteError`` from SAVEPOINT, ROLLBACK TO or RELEASE.
    package func savepointOrRollback(_ body: () throws -> TransactionEnd) throws {
        savepointDepth += 1
        defer { savepointDepth -= 1 }
        let name = "draftstore_savepoint_\(savepointDepth)"
        try execute("SAVEPOINT \(name)")
        do {
            if try body() == .rollback { try execute("ROLLBACK TO SAVEPOINT \(name)") }
            try execute("RELEASE SAVEPOINT \(name)")
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
