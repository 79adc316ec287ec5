import CSQLite
import Foundation
import Testing

@testable import DraftStore
@testable import DraftStoreSQLite

/// Transactions commit or roll back as a whole; savepoints undo exactly their level; no
/// error ever leads to a commit.
@Suite("Transactions and savepoints")
struct TransactionTests {
    struct Planned: Error {}

    func values(_ db: Connection) throws -> [SQLiteValue] {
        try db.fetch("SELECT x FROM t ORDER BY rowid") { try $0.value(at: 0) }
    }

    @Test(arguments: DatabaseKind.allCases)
    func commitAndRollback(kind: DatabaseKind) throws {
        try kind.withConnection { db throws in
            try db.execute("CREATE TABLE t(x INTEGER) STRICT")
            try db.transaction(.immediate) { try db.run("INSERT INTO t VALUES (1)") }
            _ = caught(Planned.self) {
                try db.transaction {
                    try db.run("INSERT INTO t VALUES (2)"); throw Planned()
                }
            }
            #expect(try values(db) == [.integer(1)])
            #expect(!db.isInTransaction)
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func aBodyEndsItsTransactionOrSavepointWithoutAnError(kind: DatabaseKind) throws {
        try kind.withConnection { db throws in
            try db.execute("CREATE TABLE t(x INTEGER) STRICT")
            try db.transactionOrRollback(.immediate) {
                try db.run("INSERT INTO t VALUES (1)")
                try db.savepointOrRollback {
                    try db.run("INSERT INTO t VALUES (2)")
                    return .rollback
                }
                try db.savepointOrRollback {
                    try db.run("INSERT INTO t VALUES (3)")
                    return .commit
                }
                return .commit
            }
            try db.transactionOrRollback(.immediate) {
                try db.run("INSERT INTO t VALUES (4)")
                return .rollback
            }
            #expect(try values(db) == [.integer(1), .integer(3)])
            #expect(!db.isInTransaction)
        }
    }

    // `caught` rather than `#expect(throws:)` inside transaction bodies: with Swift 6.3.1 an
    // `#expect(throws:)` closure nested in another closure ran the wrong closure.
    @Test(arguments: DatabaseKind.allCases)
    func innerSavepointRollsBackOnlyItsLevel(kind: DatabaseKind) throws {
        try kind.withConnection { db throws in
            try db.execute("CREATE TABLE t(x INTEGER) STRICT")
            var traced: [String] = []
            db.setTraceHandler { traced.append($0) }
            try db.transaction(.immediate) {
                try db.run("INSERT INTO t VALUES (1)")
                try db.savepoint {
                    try db.run("INSERT INTO t VALUES (2)")
                    _ = caught(Planned.self) {
                        try db.savepoint {
                            try db.run("INSERT INTO t VALUES (3)"); throw Planned()
                        }
                    }
                    try db.savepoint { try db.run("INSERT INTO t VALUES (4)") }
                }
                // A nested transaction() becomes a savepoint too.
                _ = caught(Planned.self) {
                    try db.transaction {
                        try db.run("INSERT INTO t VALUES (5)"); throw Planned()
                    }
                }
                #expect(db.isInTransaction)
            }
            #expect(try values(db) == [.integer(1), .integer(2), .integer(4)])
            #expect(!db.isInTransaction)
            #expect(
                traced.filter { $0.contains("ROLLBACK") } == [
                    "ROLLBACK TO SAVEPOINT draftstore_savepoint_2", "ROLLBACK TO SAVEPOINT draftstore_savepoint_1",
                ])
        }
    }

    /// Fills the database from inside a transaction until SQLITE_FULL, with either one INSERT
    /// per row (SQLite rolls the whole transaction back itself) or one multi-row INSERT that
    /// uses a statement journal (only the statement is undone and the transaction stays open).
    @Test(arguments: DatabaseKind.allCases, [false, true])
    func fullDiskIsNeverCommitted(kind: DatabaseKind, multiRow: Bool) throws {
        try kind.withConnection { db throws in
            try db.execute("CREATE TABLE t(x BLOB NOT NULL) STRICT; INSERT INTO t VALUES (X'01')")
            guard case let .integer(count)? = try db.scalar("PRAGMA page_count") else { throw Planned() }
            try db.execute("PRAGMA max_page_count = \(count + 3)")
            var openAfterError: Bool?
            let error = caught(SQLiteError.self) {
                try db.transaction(.immediate) {
                    try db.run("INSERT INTO t VALUES (X'02')")
                    do {
                        if multiRow {
                            try db.run(
                                """
                                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100)
                                INSERT INTO t SELECT randomblob(3000) FROM n
                                """)
                        } else {
                            for _ in 0..<100 { try db.run("INSERT INTO t VALUES (randomblob(3000))") }
                        }
                    } catch {
                        openAfterError = db.isInTransaction
                        throw error
                    }
                }
            }
            #expect(error?.code == SQLITE_FULL)
            if multiRow { #expect(openAfterError == true, "the statement journal kept the transaction open") }
            #expect(!db.isInTransaction)
            #expect(try values(db) == [.blob(Data([1]))])
            // The connection is still usable.
            try db.execute("PRAGMA max_page_count = 1000000")
            try db.transaction { try db.run("INSERT INTO t VALUES (X'03')") }
            #expect(try values(db) == [.blob(Data([1])), .blob(Data([3]))])
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func commitHookRefusalIsAnErrorAndNothingIsKept(kind: DatabaseKind) throws {
        try kind.withConnection { db throws in
            try db.execute("CREATE TABLE t(x INTEGER) STRICT")
            var calls = 0
            db.setCommitHandler {
                calls += 1; return true
            }
            let error = caught(SQLiteError.self) { try db.transaction(.immediate) { try db.run("INSERT INTO t VALUES (1)") } }
            #expect(error?.extendedCode == SQLiteError.constraintCommitHook)
            #expect(error?.extendedCode == 531)
            #expect(error?.code == SQLITE_CONSTRAINT)
            #expect(calls == 1)
            #expect(!db.isInTransaction)
            db.setCommitHandler(nil)
            #expect(try values(db).isEmpty)
            try db.transaction { try db.run("INSERT INTO t VALUES (2)") }
            #expect(try values(db) == [.integer(2)])
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func traceReportsEachStatementOnceAndTriggersByComment(kind: DatabaseKind) throws {
        try kind.withConnection { db throws in
            try db.execute(
                """
                CREATE TABLE t(x INTEGER) STRICT; CREATE TABLE log(x INTEGER) STRICT;
                CREATE TRIGGER t_log AFTER INSERT ON t BEGIN INSERT INTO log VALUES (new.x); END;
                """)
            var traced: [String] = []
            db.setTraceHandler { traced.append($0) }
            try db.run("INSERT INTO t VALUES (?)", [.integer(1)])
            _ = try db.scalar("SELECT count(*) FROM log")
            db.setTraceHandler(nil)
            try db.run("INSERT INTO t VALUES (2)")
            #expect(
                traced == [
                    "INSERT INTO t VALUES (?)", "-- TRIGGER t_log", "-- INSERT INTO log VALUES (new.x)", "SELECT count(*) FROM log",
                ])
        }
    }

    @Test func hooksAreRemovedWhenTheConnectionCloses() throws {
        let db = try Connection(path: nil)
        try db.execute("CREATE TABLE t(x INTEGER)")
        var traced: [String] = []
        var commits = 0
        db.setTraceHandler { traced.append($0) }
        db.setCommitHandler {
            commits += 1; return false
        }
        let held = try db.prepare("INSERT INTO t VALUES (1)")
        db.close()
        // The statement keeps the closed database alive; running it must not call freed hooks.
        try held.run()
        #expect(traced.isEmpty)
        #expect(commits == 0)
    }
}
