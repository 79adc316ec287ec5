import CSQLite
import Foundation

/// The changes a store recorded after a point of its change log, as one changeset.
public struct ChangeExport: Sendable {
    /// The recorded changesets combined into one (SQLite's `sqlite3changegroup`): changes to one
    /// row merge, so it holds each row's first old values and last new values. Empty when none.
    public let changeset: SQLiteChangeset
    /// How many recorded changesets it combines.
    public let count: Int
    /// The number of the last one: pass it as `after` next time. The given point when there were none.
    public let through: Int64
}

extension DraftStore {
    /// The changesets this store recorded (``Configuration/recordsChanges``) numbered above `after`,
    /// combined into one changeset, for another copy's ``apply(_:policy:)``.
    ///
    /// Numbers count the store's recorded commits from 1, in the database file, so they survive a
    /// restart; `after: 0` exports everything recorded.
    ///
    /// ```swift
    /// let export = try store.exportChanges(after: lastSent)
    /// try export.changeset.bytes.write(to: url)
    /// lastSent = export.through
    /// ```
    /// - Parameter after: The number of the last change already exported; 0 for all.
    /// - Returns: The combined changeset, how many it combines, and the last number.
    /// - Complexity: O(*n*) in the bytes of the changesets exported.
    /// - Throws: ``SQLiteError`` when the log cannot be read or combined.
    public func exportChanges(after: Int64) throws -> ChangeExport {
        let changesets = try withReader { connection in try ChangeLog.changesets(after: after, on: connection) }
        return ChangeExport(
            changeset: try SQLiteChangeset.concatenated(changesets.map { SQLiteChangeset($0.changeset) }), count: changesets.count,
            through: changesets.last?.number ?? after)
    }
}
