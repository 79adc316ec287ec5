import Foundation

/// One commit to the database file, as ``DraftStore/commits()`` delivers it: by this store's
/// saves, or by another writer of the file (another process, the `sqlite3` shell, a sync job).
public struct StoreCommit: Sendable, CustomStringConvertible {
    /// The commit's number in the store's log: it grows by one with each commit the store
    /// knows of (its own, and each time it notices that other writers committed).
    public let sequence: UInt64
    /// The keys of the rows the commit wrote, by table name; `nil` when they are not known:
    /// another writer committed (possibly several commits, noticed at once), or SQLite changed
    /// rows itself (foreign-key actions, triggers).
    public var rows: [String: Set<RowKey>]? { written?.mapValues(\.all) }
    /// ``rows`` as the commit log keeps them (a bulk insert's keys as ranges).
    let written: [String: WrittenKeys]?
    /// What this store's save wrote; `nil` for a commit by another writer.
    public let changeset: Changeset?

    /// Whether another writer of the file made the commit (``changeset`` is `nil`).
    public var isByAnotherWriter: Bool { changeset == nil }

    /// Whether the commit may have changed rows of `table` (compared case-insensitively, as SQLite names tables).
    /// - Parameter table: A table name.
    /// - Returns: `true` when the commit wrote to it, or when what it wrote is not known.
    public func mayHaveChanged(table: String) -> Bool {
        guard let written else { return true }
        return written.keys.contains { $0.caseInsensitiveCompare(table) == .orderedSame }
    }

    /// The commit in words: its number and the tables it wrote.
    public var description: String {
        guard let written else { return "commit #\(sequence) by another writer (rows unknown)" }
        return "commit #\(sequence): " + written.keys.sorted().map { "\($0) (\(written[$0]?.count ?? 0))" }.joined(separator: ", ")
    }
}
