import Foundation

/// One numbered schema change: a name and the SQL of a `.sql` file.
///
/// Migrations are applied in name order, each in its own transaction, and recorded with a
/// checksum so that a later edit of an applied file is noticed. Migration SQL must not hold
/// transaction statements (BEGIN, COMMIT, END, ROLLBACK, SAVEPOINT, RELEASE): the migrator
/// owns the transaction.
///
/// ```swift
/// let migrations = [
///     Migration(name: "0001_create_notes", sql: "CREATE TABLE notes(id INTEGER PRIMARY KEY, body TEXT) STRICT;"),
/// ]
/// let store = try DraftStore(path: "notes.sqlite", migrations: migrations)
/// ```
public struct Migration: Sendable, Hashable {
    /// The file name without its `.sql` extension, such as `0001_create_authors`; it orders the migrations.
    public let name: String
    /// The SQL text, one or more statements.
    public let sql: String
    /// The 64-bit FNV-1a hash of the SQL's UTF-8 bytes: change detection, not security.
    public let checksum: UInt64
    /// How it runs: the options given plus the SQL's `-- draftstore:` directives (see ``Options``).
    public let options: Options
    /// Directive words the migrator does not know (refused by `Migrator/init(_:)`).
    let unknownDirectives: [String]

    /// Makes a migration.
    /// - Parameters:
    ///   - name: A name that sorts in application order (a zero-padded number prefix).
    ///   - sql: The statements to run.
    ///   - options: How it runs, in addition to the SQL's own directives.
    public init(name: String, sql: String, options: Options = []) {
        self.name = name
        self.sql = sql
        self.checksum = Migration.fnv1a(Array(sql.utf8))
        let (directives, unknown) = Migration.directives(in: sql)
        self.options = options.union(directives)
        self.unknownDirectives = unknown
    }

    /// Makes a migration from a file's bytes.
    /// - Parameters:
    ///   - name: The file name without `.sql`.
    ///   - bytes: The file's bytes, which must be UTF-8.
    /// - Throws: ``MigrationError`` `.unreadable` naming the file when the bytes are not UTF-8.
    public init(name: String, bytes: Data) throws(MigrationError) {
        guard let sql = String(validating: bytes, as: UTF8.self) else {
            throw MigrationError(file: name, kind: .unreadable("its bytes are not valid UTF-8"))
        }
        self.init(name: name, sql: sql)
    }

    /// Reads every `.sql` file of a folder, in name order.
    /// - Parameter folder: A folder such as your package's `Migrations/`.
    /// - Throws: ``MigrationError`` `.unreadable` naming the folder or file that cannot be read.
    public static func load(from folder: URL) throws(MigrationError) -> [Migration] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".sql") }.sorted()
        } catch {
            throw MigrationError(file: folder.path, kind: .unreadable("the folder cannot be listed: \(error.localizedDescription)"))
        }
        var migrations: [Migration] = []
        for file in names {
            guard let bytes = FileManager.default.contents(atPath: folder.appending(path: file).path) else {
                throw MigrationError(file: file, kind: .unreadable("the file cannot be read"))
            }
            migrations.append(try Migration(name: String(file.dropLast(4)), bytes: bytes))
        }
        return migrations
    }

    /// 64-bit FNV-1a of `bytes` (offset basis 0xcbf29ce484222325, prime 0x100000001b3).
    /// See [FNV hash](http://www.isthe.com/chongo/tech/comp/fnv/).
    static func fnv1a(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        return hash
    }

    /// The checksum as 16 lowercase hex digits, as recorded in the bookkeeping table.
    var checksumText: String {
        let hex = String(checksum, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
