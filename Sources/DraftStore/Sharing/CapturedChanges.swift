import Foundation

/// One commit's writes as SQLite's session extension records them: a changeset and a patchset
/// in SQLite's binary format, with the rows' real keys (never temporary ids), for exactly the
/// rows the commit wrote — those SQLite changed itself (foreign-key actions, triggers) included.
///
/// Another copy of the database applies the changeset with ``DraftStore/apply(_:policy:)``
/// (or plain `sqlite3changeset_apply`, or the `sqlite3` shell). The patchset is smaller but holds
/// no old values, so it is for export only.
///
/// ```swift
/// child.capturesChanges = true
/// let result = try child.save()
/// let bytes = result.capturedChanges?.changeset.bytes   // Data, SQLite's format
/// ```
public struct CapturedChanges: Sendable, Hashable {
    /// The changes with old and new values (empty when nothing SQLite records was written).
    public let changeset: SQLiteChangeset
    /// The same changes with keys and new values only, in SQLite's patchset format.
    public let patchset: SQLiteChangeset
    /// Tables the commit wrote that SQLite left out of both (see ``OmittedTable``); empty when none.
    public let omittedTables: [OmittedTable]
    /// The changeset's number in the store's change log, when the store records changes
    /// (``DraftStore/Configuration/recordsChanges``) and the changeset is not empty.
    public let number: Int64?
}

/// A table whose rows a captured commit wrote but SQLite left out of the changeset.
///
/// SQLite's session extension records only tables with a declared PRIMARY KEY: rows of a table
/// with only the implicit rowid have no identity that survives `VACUUM`, so they cannot be
/// matched in another copy. The save itself is unaffected; these rows travel by other means.
public struct OmittedTable: Sendable, Hashable {
    /// Why a table was left out.
    public enum Reason: Sendable, Hashable {
        /// The table declares no PRIMARY KEY (only the implicit rowid).
        case noDeclaredPrimaryKey
    }
    /// The table, as the schema spells it.
    public let name: String
    /// Why it was left out.
    public let reason: Reason
}
