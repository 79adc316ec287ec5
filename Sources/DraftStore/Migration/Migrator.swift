import CSQLite
import Foundation

/// Applies a list of ``Migration``s to a database, in order, each in its own transaction.
///
/// Applied migrations are recorded (name, checksum, time) in the table
/// `draftstore_migrations`. Running the migrator on an up-to-date database is a no-op.
/// Before it writes anything, it checks the database: a migration recorded there but
/// unknown to this build (a newer schema), a database with tables but no record (an unknown
/// schema), or an applied migration whose SQL changed are refused, and the file is left
/// byte-identical.
///
/// ```swift
/// let migrator = try Migrator(Bookshelf.migrations)
/// let applied = try migrator.migrate(connection)   // ["0001_create_authors", …] the first time, [] after
/// ```
package struct Migrator: Sendable {
    /// The bookkeeping table.
    static let table = "draftstore_migrations"
    /// Statements a migration must not hold, by first keyword.
    static let transactionKeywords: Set<String> = ["BEGIN", "COMMIT", "END", "ROLLBACK", "SAVEPOINT", "RELEASE"]

    /// The migrations, in application order.
    package let migrations: [Migration]

    /// Checks a list of migrations.
    /// - Parameter migrations: The migrations, in name order.
    /// - Throws: ``MigrationError`` naming the file: `.duplicateName`, `.outOfOrder`, or
    ///   `.transactionStatement` when a file holds BEGIN, COMMIT, END, ROLLBACK, SAVEPOINT or RELEASE.
    package init(_ migrations: [Migration]) throws(MigrationError) {
        var previous: Migration?
        for migration in migrations {
            if let previous {
                if previous.name == migration.name { throw MigrationError(file: migration.name, kind: .duplicateName) }
                if migration.name < previous.name { throw MigrationError(file: migration.name, kind: .outOfOrder(previous: previous.name)) }
            }
            let statements = Migrator.statements(in: migration.sql)
            if let statement = statements.first(where: {
                Migrator.transactionKeywords.contains(Migrator.firstKeyword(of: $0))
            }) {
                throw MigrationError(
                    file: migration.name, kind: .transactionStatement(statement.trimmingCharacters(in: .whitespacesAndNewlines)))
            }
            if let word = migration.unknownDirectives.first { throw MigrationError(file: migration.name, kind: .unknownDirective(word)) }
            if migration.options.contains(.baseline), previous != nil {
                throw MigrationError(
                    file: migration.name, kind: .baselineMismatch(["only the first migration can be a baseline"]))
            }
            if let statement = Migrator.foreignKeysPragma(in: statements) {
                throw MigrationError(file: migration.name, kind: .setsForeignKeys(statement))
            }
            previous = migration
        }
        self.migrations = migrations
    }

    /// The migrations not yet applied to the database, after checking it; reads only.
    /// - Parameter connection: An open connection.
    /// - Throws: ``MigrationError``: `.newerSchema`, `.unknownSchema`, `.checksumMismatch`, or `.storage` when the file cannot be read.
    package func pending(in connection: Connection) throws(MigrationError) -> [Migration] {
        let label = connection.path ?? ":memory:"
        do {
            let tables = try connection.tableNames()
            guard tables.contains(Migrator.table) else {
                if !tables.isEmpty {
                    guard let baseline = migrations.first, baseline.options.contains(.baseline) else {
                        throw MigrationError(file: label, kind: .unknownSchema(tables: tables))
                    }
                    // Adoption: the baseline must describe the tables as they are.
                    let differences = try BaselineCheck.differences(between: baseline, and: connection)
                    if !differences.isEmpty { throw MigrationError(file: baseline.name, kind: .baselineMismatch(differences)) }
                }
                return migrations
            }
            let applied = try connection.fetch("SELECT name, checksum FROM \(Migrator.table) ORDER BY name") {
                (try $0.text(at: 0), try $0.text(at: 1))
            }
            let known = Dictionary(uniqueKeysWithValues: migrations.map { ($0.name, $0) })
            let unknown = applied.map(\.0).filter { known[$0] == nil }
            if !unknown.isEmpty { throw MigrationError(file: label, kind: .newerSchema(unknown: unknown)) }
            for (name, checksum) in applied where known[name]!.checksumText != checksum {
                throw MigrationError(file: name, kind: .checksumMismatch(recorded: checksum, current: known[name]!.checksumText))
            }
            let done = Set(applied.map(\.0))
            return migrations.filter { !done.contains($0.name) }
        } catch let error as MigrationError {
            throw error
        } catch let error as SQLiteError {
            throw MigrationError(file: label, kind: .storage(error))
        } catch {
            throw MigrationError(file: label, kind: .storage(SQLiteError(extendedCode: SQLITE_ERROR, message: "\(error)")))
        }
    }

    /// Applies every pending migration, each in its own transaction.
    /// - Parameter connection: An open, writable connection.
    /// - Returns: The names applied, in order; empty when the database was up to date.
    /// - Throws: ``MigrationError`` from ``pending(in:)``, or `.failed` naming the migration whose
    ///   SQL failed (it was rolled back; those before it stay applied).
    @discardableResult
    package func migrate(_ connection: Connection) throws(MigrationError) -> [String] {
        let pending = try pending(in: connection)
        guard !pending.isEmpty else { return [] }
        // A baseline is recorded without running when the database already has its tables.
        var adopting = false
        if pending.first?.options.contains(.baseline) == true { adopting = try Migrator.hasTables(connection) }
        var applied: [String] = []
        for (index, migration) in pending.enumerated() {
            do {
                // The last one records what the schema must be, committed with it.
                try apply(
                    migration, on: connection, run: !(adopting && index == 0), createsTable: index == 0,
                    recordsSchema: index == pending.count - 1)
            } catch {
                // Those before it stay applied: record the schema they made.
                if !applied.isEmpty { try? Migrator.acceptCurrentSchema(on: connection) }
                throw error
            }
            applied.append(migration.name)
        }
        return applied
    }

    /// Records the database's schema as it is now as what its migrations made: for a change
    /// made on purpose outside the migrations (a sync tool's triggers, say), which a store would
    /// otherwise refuse to open (``SchemaDriftError``). Writes only DraftStore's own `draftstore_schema` table.
    /// - Parameter connection: A writable connection to the database.
    /// - Throws: ``SQLiteError`` when the schema cannot be read or the record written.
    package static func acceptCurrentSchema(on connection: Connection) throws {
        try connection.transaction(.immediate) { try SchemaFingerprint.recordCurrent(on: connection) }
    }

    /// Runs one migration in its own transaction and records it; with foreign keys off around
    /// it, and checked before COMMIT, when it is declared ``Migration/Options/foreignKeysOff``.
    /// - Parameters:
    ///   - run: `false` records the migration without running its SQL (an adopted baseline).
    ///   - createsTable: Whether the bookkeeping table may be missing (the first migration applied).
    ///   - recordsSchema: Whether to record the schema fingerprint in the same transaction.
    func apply(_ migration: Migration, on connection: Connection, run: Bool, createsTable: Bool, recordsSchema: Bool) throws(MigrationError)
    {
        let foreignKeysOff = run && migration.options.contains(.foreignKeysOff)
        do {
            // `PRAGMA foreign_keys` is a no-op inside a transaction: it is switched outside.
            if foreignKeysOff { try connection.execute("PRAGMA foreign_keys = OFF") }
            defer { if foreignKeysOff { try? connection.execute("PRAGMA foreign_keys = ON") } }
            try connection.transaction(.immediate) {
                // Once, with the first migration: the later ones find it committed (each statement is one more to compile, W7).
                if createsTable {
                    try connection.execute(
                        "CREATE TABLE IF NOT EXISTS \(Migrator.table) (name TEXT PRIMARY KEY, checksum TEXT NOT NULL, applied_at INTEGER NOT NULL) STRICT"
                    )
                }
                if run {
                    let before = Set(try connection.temporaryObjects().map(\.name))
                    try connection.execute(migration.sql)
                    // TEMP objects live in this connection only: gone at the next open (and
                    // never on the readers). Rolled back, pointing at the per-connection setup.
                    if let made = try connection.temporaryObjects().first(where: { !before.contains($0.name) }) {
                        throw MigrationError(file: migration.name, kind: .createsTemporaryObject(type: made.type, name: made.name))
                    }
                }
                if foreignKeysOff,
                    let violation = try connection.fetch(
                        "PRAGMA foreign_key_check",
                        map: { row in
                            (table: try row.text(at: 0), rowid: row.isNull(at: 1) ? nil : row.int64(at: 1), parent: try row.text(at: 2))
                        }
                    ).first
                {
                    throw MigrationError(
                        file: migration.name,
                        kind: .foreignKeyViolation(table: violation.table, rowid: violation.rowid, parent: violation.parent))
                }
                try connection.run(
                    "INSERT INTO \(Migrator.table) (name, checksum, applied_at) VALUES (?, ?, ?)",
                    [.text(migration.name), .text(migration.checksumText), Date().sqliteValue])
                // What the schema must be from now on, committed with the migration.
                if recordsSchema { try SchemaFingerprint.recordCurrent(on: connection) }
            }
        } catch let error as MigrationError {
            throw error
        } catch let error as SQLiteError {
            throw MigrationError(file: migration.name, kind: .failed(error))
        } catch {
            throw MigrationError(file: migration.name, kind: .failed(SQLiteError(extendedCode: SQLITE_ERROR, message: "\(error)")))
        }
    }

    /// Whether the database has tables of its own (besides SQLite's).
    static func hasTables(_ connection: Connection) throws(MigrationError) -> Bool {
        do {
            return try connection.scalar(
                "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'") != .integer(0)
        } catch {
            throw MigrationError(file: connection.path ?? ":memory:", kind: .storage(error))
        }
    }

    /// The first of `statements` that sets `PRAGMA foreign_keys`, as SQLite's authorizer
    /// reports it when the statement is prepared (on a scratch in-memory database).
    static func foreignKeysPragma(in statements: [String]) -> String? {
        let pragmas = statements.filter { firstKeyword(of: $0) == "PRAGMA" }
        guard !pragmas.isEmpty, let scratch = try? Connection(path: nil) else { return nil }
        for statement in pragmas {
            let sets = (try? scratch.authorizations(preparing: statement))?.contains {
                $0.action == SQLITE_PRAGMA && $0.first?.lowercased() == "foreign_keys" && $0.second != nil
            }
            if sets == true { return statement.trimmingCharacters(in: .whitespacesAndNewlines) }
        }
        return nil
    }

    /// Splits SQL into complete statements with `sqlite3_complete`, which understands
    /// quotes, comments and trigger bodies.
    static func statements(in sql: String) -> [String] {
        var sql = sql
        // Over the UTF-8 bytes, asking `sqlite3_complete` only at each `;` (ASCII, so every
        // split falls between scalars): no grapheme breaking and no String per piece is paid
        // for at each open (W7).
        return sql.withUTF8 { bytes in
            var result: [String] = []
            var start = 0
            func text(to end: Int) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self) }
            // Whether the bytes from `start` to `end`, then `tail`, end a complete statement.
            func completes(to end: Int, adding tail: [UInt8] = []) -> Bool {
                let candidate = Array(bytes[start..<end]) + tail + [0]
                return candidate.withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { sqlite3_complete($0.baseAddress) != 0 } }
            }
            for index in bytes.indices where bytes[index] == UInt8(ascii: ";") && completes(to: index + 1) {
                result.append(text(to: index + 1))
                start = index + 1
            }
            // The text after the last `;` is a statement when a `;` would complete it.
            let rest = text(to: bytes.count)
            if completes(to: bytes.count, adding: [UInt8(ascii: ";")]) {
                result.append(rest + ";")
            } else if !rest.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                result.append(rest)
            }
            return result
        }
    }

    /// The first keyword of a statement, upper-cased, after whitespace and comments.
    ///
    /// Read over UTF-8 bytes: SQL's whitespace, comment markers and keyword letters are ASCII
    /// (SQLite's tokenizer treats only ASCII as whitespace), and no grapheme breaking is paid
    /// for on every statement of every migration at each open (W7).
    static func firstKeyword(of statement: String) -> String {
        let bytes = Array(statement.utf8)
        var index = 0
        func at(_ offset: Int) -> UInt8? { index + offset < bytes.count ? bytes[index + offset] : nil }
        while index < bytes.count {
            switch (bytes[index], at(1)) {
            case (0x20, _), (0x09, _), (0x0A, _), (0x0C, _), (0x0D, _):
                index += 1
            case (UInt8(ascii: "-"), UInt8(ascii: "-")?):
                while index < bytes.count, bytes[index] != 0x0A { index += 1 }
            case (UInt8(ascii: "/"), UInt8(ascii: "*")?):
                index += 2
                while index < bytes.count, !(bytes[index] == UInt8(ascii: "*") && at(1) == UInt8(ascii: "/")) { index += 1 }
                guard index < bytes.count else { return "" }
                index += 2
            default:
                let letters = bytes[index...].prefix { (0x41...0x5A).contains($0 & 0xDF) && $0 & 0x80 == 0 }
                return String(decoding: letters.map { $0 & 0xDF }, as: UTF8.self)
            }
        }
        return ""
    }
}
