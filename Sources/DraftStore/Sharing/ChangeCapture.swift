import CSQLite
import Foundation

/// Records the writes of one commit on the writer connection (an SQLite session over every
/// table of the app; DraftStore's own `draftstore_…` tables are left out) and, when the store
/// records changes, stores the changeset in the change log in the same transaction.
final class ChangeCapture {
    /// The session over the commit's writes.
    private let session: Session

    /// Starts recording; call before the commit's first write.
    /// - Throws: ``SQLiteError`` when SQLite cannot create the session.
    init(connection: Connection) throws(SQLiteError) {
        session = try Session(connection: connection) { !ChangeLog.isOwn($0) }
    }

    /// Ends recording, inside the commit's transaction after its last write: reads the changeset
    /// and patchset, names the tables SQLite left out, and records the changeset when asked.
    /// - Parameters:
    ///   - connection: The writer, in the transaction.
    ///   - record: Whether to store the changeset in the change log.
    /// - Throws: ``SQLiteError`` when SQLite cannot produce the changes or the log cannot be written.
    func finish(on connection: Connection, record: Bool) throws(SQLiteError) -> CapturedChanges {
        let changeset = try session.changeset()
        let patchset = try session.patchset()
        session.isEnabled = false
        var omitted: [OmittedTable] = []
        for table in session.tablesMet where !ChangeLog.isOwn(table) {
            let keys = try connection.scalar("SELECT count(*) FROM pragma_table_info(?) WHERE pk > 0", [.text(table)])
            if keys == .integer(0) { omitted.append(OmittedTable(name: table, reason: .noDeclaredPrimaryKey)) }
        }
        let number = record && !changeset.isEmpty ? try ChangeLog.record(changeset, on: connection) : nil
        return CapturedChanges(
            changeset: SQLiteChangeset(changeset), patchset: SQLiteChangeset(patchset), omittedTables: omitted, number: number)
    }
}
