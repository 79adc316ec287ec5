import Bookshelf
import CBench
import CSQLite
import DraftStore
import Foundation

/// `SQLITE_TRANSIENT`: SQLite copies the bound bytes.
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// The raw Swift baseline: the workloads written against the C API from Swift, the way a
/// careful engineer writes them by hand — one connection, statements prepared once and
/// reused, rows decoded by column index straight into `Author` values.
final class RawSide {
    /// The SQL texts DraftStore runs (see `CBench.c`).
    enum SQL {
        static let insert = #"INSERT INTO "authors" ("name", "email", "bio", "created_at", "updated_at") VALUES (?, ?, ?, ?, ?)"#
        static let selectAll = #"SELECT "id", "name", "email", "bio", "created_at", "updated_at" FROM "authors" ORDER BY "id""#
        static let selectByID = #"SELECT "name", "email", "bio", "created_at", "updated_at" FROM "authors" WHERE "id" = ?"#
        static let update = #"UPDATE "authors" SET "name" = ?, "updated_at" = ? WHERE "id" = ?"#
        static let begin = "BEGIN IMMEDIATE TRANSACTION"
        static let commit = "COMMIT TRANSACTION"
    }

    private let handle: OpaquePointer
    private let insert, selectAll, selectByID, update, begin, commit: OpaquePointer

    /// Opens a file (creating it and running the migration scripts when `create` is set) with
    /// the `synchronous` setting of `durability`.
    init(path: String, create: Bool, durability: DraftStore.Durability = .full) throws {
        let db = try Self.connect(path, durability: durability)
        handle = db
        if create { try Self.migrate(db) }
        func prepare(_ sql: String) throws -> OpaquePointer {
            var statement: OpaquePointer?
            try BenchFailure.check(sqlite3_prepare_v3(db, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil), "prepare \(sql)")
            return statement!
        }
        (insert, selectAll, selectByID) = (try prepare(SQL.insert), try prepare(SQL.selectAll), try prepare(SQL.selectByID))
        (update, begin, commit) = (try prepare(SQL.update), try prepare(SQL.begin), try prepare(SQL.commit))
    }

    /// Opens a connection: WAL, `synchronous` as `durability` says, foreign keys, busy timeout.
    static func connect(_ path: String, durability: DraftStore.Durability = .full) throws -> OpaquePointer {
        var db: OpaquePointer?
        let code = sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil)
        guard code == SQLITE_OK, let db else {
            sqlite3_close_v2(db)
            throw BenchFailure(description: "raw open \(path) failed with \(code)")
        }
        sqlite3_busy_timeout(db, 5000)
        for pragma in ["PRAGMA foreign_keys = ON", "PRAGMA journal_mode = WAL", "PRAGMA synchronous = \(durability.pragmaValue)"] {
            try BenchFailure.check(sqlite3_exec(db, pragma, nil, nil, nil), pragma)
        }
        return db
    }

    /// Runs the migration scripts, each in its own `BEGIN IMMEDIATE … COMMIT`.
    static func migrate(_ db: OpaquePointer) throws {
        for script in MigrationScripts.scripts {
            try BenchFailure.check(sqlite3_exec(db, "BEGIN IMMEDIATE TRANSACTION", nil, nil, nil), "raw BEGIN")
            try BenchFailure.check(sqlite3_exec(db, script, nil, nil, nil), "raw migration")
            try BenchFailure.check(sqlite3_exec(db, "COMMIT TRANSACTION", nil, nil, nil), "raw COMMIT")
        }
    }

    /// W7: open a new file, migrate, close.
    static func openMigrateClose(_ path: String) throws {
        let db = try connect(path)
        defer { sqlite3_close_v2(db) }
        try migrate(db)
    }

    /// Finalizes the statements and closes the connection.
    func close() {
        for statement in [insert, selectAll, selectByID, update, begin, commit] { sqlite3_finalize(statement) }
        sqlite3_close_v2(handle)
    }

    /// Steps a statement without rows to completion, then resets it.
    private func run(_ statement: OpaquePointer) throws {
        let code = sqlite3_step(statement)
        sqlite3_reset(statement)
        if code != SQLITE_DONE {
            throw BenchFailure(description: "raw step failed with \(code): \(String(cString: sqlite3_errmsg(handle)))")
        }
    }

    /// Reads a text column (nil for NULL).
    @inline(__always)
    private static func text(_ statement: OpaquePointer, _ index: Int32) -> String? {
        guard let pointer = sqlite3_column_text(statement, index) else { return nil }
        return String(decoding: UnsafeBufferPointer(start: pointer, count: Int(sqlite3_column_bytes(statement, index))), as: UTF8.self)
    }

    /// Reads an INTEGER milliseconds column as a date.
    @inline(__always)
    private static func date(_ statement: OpaquePointer, _ index: Int32) -> Date {
        Date(timeIntervalSince1970: Double(sqlite3_column_int64(statement, index)) / 1000)
    }

    /// W1: inserts authors `first ..< first + count` in one transaction.
    func insertAuthors(first: Int64, count: Int) throws {
        let now = cbench_now_ms()
        try run(begin)
        for id in first..<(first + Int64(count)) {
            sqlite3_bind_text(insert, 1, AuthorRows.name(id), -1, transient)
            sqlite3_bind_text(insert, 2, AuthorRows.email(id), -1, transient)
            if let bio = AuthorRows.bio(id) { sqlite3_bind_text(insert, 3, bio, -1, transient) } else { sqlite3_bind_null(insert, 3) }
            sqlite3_bind_int64(insert, 4, now)
            sqlite3_bind_int64(insert, 5, now)
            try run(insert)
        }
        try run(commit)
    }

    /// W2: every author, in id order.
    func fetchAll() throws -> [Author] {
        defer { sqlite3_reset(selectAll) }
        var authors: [Author] = []
        var code = sqlite3_step(selectAll)
        while code == SQLITE_ROW {
            var author = Author()
            author.id = sqlite3_column_int64(selectAll, 0)
            author.name = Self.text(selectAll, 1) ?? ""
            author.email = Self.text(selectAll, 2) ?? ""
            author.bio = Self.text(selectAll, 3)
            author.createdAt = Self.date(selectAll, 4)
            author.updatedAt = Self.date(selectAll, 5)
            authors.append(author)
            code = sqlite3_step(selectAll)
        }
        guard code == SQLITE_DONE else { throw BenchFailure(description: "raw fetch failed with \(code)") }
        return authors
    }

    /// Reads one author by id.
    func read(_ id: Int64) throws -> Author {
        defer { sqlite3_reset(selectByID) }
        sqlite3_bind_int64(selectByID, 1, id)
        guard sqlite3_step(selectByID) == SQLITE_ROW else { throw BenchFailure(description: "raw read of author \(id) found no row") }
        var author = Author()
        author.id = id
        author.name = Self.text(selectByID, 0) ?? ""
        author.email = Self.text(selectByID, 1) ?? ""
        author.bio = Self.text(selectByID, 2)
        author.createdAt = Self.date(selectByID, 3)
        author.updatedAt = Self.date(selectByID, 4)
        return author
    }

    /// W4/W5: reads each id into an `Author`, then drops it.
    /// - Returns: The text bytes read, for the benchmark's check.
    @discardableResult
    func readCycles(_ ids: [Int64]) throws -> Int {
        var bytes = 0
        for id in ids { bytes += Verify.textBytes(try read(id)) }
        return bytes
    }

    /// The conflict check and the write of one edit, inside an open transaction.
    private func checkAndUpdate(base: Author, name: String, now: Int64) throws {
        let theirs = try read(base.id!)
        guard theirs.name.utf8.elementsEqual(base.name.utf8), theirs.email.utf8.elementsEqual(base.email.utf8),
            (theirs.bio ?? "").utf8.elementsEqual((base.bio ?? "").utf8), (theirs.bio == nil) == (base.bio == nil)
        else { throw BenchFailure(description: "raw conflict on author \(base.id!)") }
        sqlite3_bind_text(update, 1, name, -1, transient)
        sqlite3_bind_int64(update, 2, now)
        sqlite3_bind_int64(update, 3, base.id!)
        try run(update)
    }

    /// W3: for each id: read, BEGIN IMMEDIATE, conflict-check read, UPDATE, COMMIT.
    func editCycles(_ ids: [Int64]) throws {
        for (cycle, id) in ids.enumerated() {
            let base = try read(id)
            let name = AuthorRows.editedName(id, cycle: cycle)
            try run(begin)
            try checkAndUpdate(base: base, name: name, now: cbench_now_ms())
            try run(commit)
        }
    }

    /// W6: read every id, then one transaction of conflict-check reads and UPDATEs.
    func updateBatch(_ ids: [Int64]) throws {
        let bases = try ids.map { try read($0) }
        let now = cbench_now_ms()
        try run(begin)
        for (cycle, base) in bases.enumerated() {
            try checkAndUpdate(base: base, name: AuthorRows.editedName(base.id!, cycle: cycle), now: now)
        }
        try run(commit)
    }
}
