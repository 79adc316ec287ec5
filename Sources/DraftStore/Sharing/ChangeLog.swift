import CSQLite
import Foundation

/// The store's own table of recorded changesets, `draftstore_changes`: one row per commit that
/// wrote something, numbered in commit order, created the first time a change is recorded.
/// (DraftStore's tables are left out of the schema fingerprint and of captured changesets.)
enum ChangeLog {
    /// The table's name.
    static let table = "draftstore_changes"

    /// Whether a table is one of DraftStore's own (`draftstore_…`), never the app's.
    static func isOwn(_ table: String) -> Bool { table.lowercased().hasPrefix("draftstore_") }

    /// Appends a changeset, inside the commit's transaction.
    /// - Returns: Its number.
    /// - Throws: ``SQLiteError`` when the write fails.
    static func record(_ changeset: Data, on connection: Connection) throws(SQLiteError) -> Int64 {
        try connection.execute(
            """
            CREATE TABLE IF NOT EXISTS \(table) (
                number INTEGER PRIMARY KEY, changeset BLOB NOT NULL, recorded_at INTEGER NOT NULL
            ) STRICT
            """)
        let now = Int64((Date().timeIntervalSince1970 * 1000).rounded())
        try connection.run("INSERT INTO \(table) (changeset, recorded_at) VALUES (?, ?)", [.blob(changeset), .integer(now)])
        return connection.lastInsertRowID
    }

    /// The recorded changesets numbered above `number`, oldest first.
    /// - Throws: ``SQLiteError`` when the read fails.
    static func changesets(after number: Int64, on connection: Connection) throws -> [(number: Int64, changeset: Data)] {
        guard try connection.scalar("SELECT count(*) FROM sqlite_schema WHERE name = ?", [.text(table)]) == .integer(1) else {
            return []
        }
        return try connection.fetch("SELECT number, changeset FROM \(table) WHERE number > ? ORDER BY number", [.integer(number)]) {
            ($0.int64(at: 0), $0.blob(at: 1))
        }
    }
}
