import CSQLite
import Foundation
import Testing

@testable import DraftStore
@testable import DraftStoreSQLite

/// Opening, closing, caching, backup, and the checks made before SQLite touches a file.
@Suite("Connection")
struct ConnectionTests {
    @Test(arguments: DatabaseKind.allCases)
    func closeTwiceIsHarmlessAndLaterUseIsAnError(kind: DatabaseKind) throws {
        try kind.withConnection { db throws in
            try db.execute("CREATE TABLE t(x)")
            #expect(try db.scalar("PRAGMA foreign_keys") == .integer(1))
            db.close()
            db.close()
            #expect(db.isClosed)
            #expect(!db.isInTransaction)
            let error = caught(SQLiteError.self) { try db.run("SELECT 1") }
            #expect(error?.code == SQLITE_MISUSE)
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func cachedStatementsAreReused(kind: DatabaseKind) throws {
        try kind.withConnection { db throws in
            let first = try db.cachedStatement("SELECT ?")
            let second = try db.cachedStatement("SELECT ?")
            #expect(first === second)
            #expect(try db.cachedStatement("SELECT ? ") !== first)
            #expect(try db.prepare("SELECT ?") !== first)
            for number in Int64(1)...3 { #expect(try db.scalar("SELECT ?", [.integer(number)]) == .integer(number)) }
            // Re-entrant use of the same SQL while its statement is running gets its own statement.
            try db.execute("CREATE TABLE t(x INTEGER); INSERT INTO t VALUES (1), (2), (3)")
            let pairs = try db.fetch("SELECT x FROM t ORDER BY x") { row in
                let x = try row.decode(Int.self, at: 0)
                let count = try db.fetch("SELECT x FROM t ORDER BY x") { try $0.decode(Int.self, at: 0) }.count
                return [x, count]
            }
            #expect(pairs == [[1, 3], [2, 3], [3, 3]])
        }
    }

    @Test func closeFinalizesCachedStatementsFirst() throws {
        try TemporaryFolder.with { folder in
            let path = folder.path("wal.sqlite")
            let db = try Connection(path: path)
            try db.enableWAL()
            try db.execute("CREATE TABLE t(x)")
            try db.run("INSERT INTO t VALUES (?)", [.integer(1)])
            _ = try db.scalar("SELECT count(*) FROM t")
            #expect(FileManager.default.fileExists(atPath: path + "-wal"))
            db.close()
            // Only a real close (no statement left) checkpoints and deletes the log.
            #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func backupCopiesData(kind: DatabaseKind) throws {
        try kind.withConnection { source throws in
            try source.execute("CREATE TABLE t(x TEXT) STRICT")
            try source.run("INSERT INTO t VALUES (?)", [.text("copied é\u{0}")])
            try TemporaryFolder.with { folder in
                let target = try Connection(path: folder.path("copy.sqlite"))
                defer { target.close() }
                try source.backup(to: target)
                #expect(try target.scalar("SELECT x FROM t") == .text("copied é\u{0}"))
                let memory = try Connection(path: nil)
                try source.backup(to: memory)
                #expect(try memory.scalar("SELECT count(*) FROM t") == .integer(1))
            }
        }
    }

    // MARK: Files

    /// Makes a real database of several pages at `path`, closed and checkpointed.
    func makeDatabase(at path: String) throws {
        let db = try Connection(path: path)
        try db.execute("CREATE TABLE t(x BLOB)")
        for _ in 0..<20 { try db.run("INSERT INTO t VALUES (randomblob(2000))") }
        db.close()
    }

    /// Expects opening `path` to fail with `code` and a message naming the path, the file's
    /// bytes unchanged and no journal files created.
    func expectRefused(_ path: String, code: Int32, sourceLocation: SourceLocation = #_sourceLocation) {
        let before = FileManager.default.contents(atPath: path)
        let error = caught(SQLiteError.self, sourceLocation: sourceLocation) { _ = try Connection(path: path) }
        #expect(error?.code == code, sourceLocation: sourceLocation)
        #expect(error?.message.contains(path) == true, sourceLocation: sourceLocation)
        #expect(FileManager.default.contents(atPath: path) == before, sourceLocation: sourceLocation)
        for suffix in ["-wal", "-shm", "-journal"] {
            #expect(!FileManager.default.fileExists(atPath: path + suffix), sourceLocation: sourceLocation)
        }
    }

    @Test func refusesWhatIsNotADatabase() throws {
        try TemporaryFolder.with { folder in
            let text = folder.path("notes.txt")
            try Data("Shopping list: milk, eggs\n".utf8).write(to: URL(filePath: text))
            expectRefused(text, code: SQLITE_NOTADB)

            let long = folder.path("long.txt")
            try Data(String(repeating: "not a database. ", count: 1000).utf8).write(to: URL(filePath: long))
            expectRefused(long, code: SQLITE_NOTADB)

            let truncated = folder.path("truncated.sqlite")
            try makeDatabase(at: truncated)
            let bytes = try #require(FileManager.default.contents(atPath: truncated))
            #expect(bytes.count >= 10 * 4096)
            try bytes.prefix(bytes.count / 2).write(to: URL(filePath: truncated))
            expectRefused(truncated, code: SQLITE_CORRUPT)

            let shortHeader = folder.path("short.sqlite")
            try bytes.prefix(50).write(to: URL(filePath: shortHeader))
            expectRefused(shortHeader, code: SQLITE_NOTADB)

            let directory = folder.path("folder.sqlite")
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
            expectRefused(directory, code: SQLITE_CANTOPEN)

            let missing = folder.path("missing/db.sqlite")
            expectRefused(missing, code: SQLITE_CANTOPEN)
            #expect(!FileManager.default.fileExists(atPath: folder.path("missing")))
        }
    }

    @Test func emptyFileIsANewDatabase() throws {
        try TemporaryFolder.with { folder in
            let path = folder.path("empty.sqlite")
            #expect(FileManager.default.createFile(atPath: path, contents: Data()))
            let db = try Connection(path: path)
            defer { db.close() }
            #expect(try db.scalar("SELECT count(*) FROM sqlite_schema") == .integer(0))
            try db.execute("CREATE TABLE t(x)")
            #expect(try db.scalar("SELECT count(*) FROM sqlite_schema") == .integer(1))
        }
    }

    @Test func reopensItsOwnDatabase() throws {
        try TemporaryFolder.with { folder in
            let path = folder.path("again.sqlite")
            try makeDatabase(at: path)
            let db = try Connection(path: path)
            defer { db.close() }
            #expect(try db.scalar("SELECT count(*) FROM t") == .integer(20))
        }
    }
}
