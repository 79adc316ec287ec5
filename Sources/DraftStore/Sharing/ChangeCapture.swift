import CSQLite
import Foundation

/// Records the writes of one commit on the writer connection (an SQLite session over every
/// table of the app; DraftStore's own `draftstore_…` tables, and the shadow tables of virtual
/// tables such as FTS5's `…_content`, `…_data`, `…_idx`, `…_docsize`, `…_config`, are left out)
/// and, when the store records changes, stores the changeset in the change log in the same transaction.
final class ChangeCapture {
    /// The session over the commit's writes.
    private let session: Session
    /// The virtual tables of `main` and the shadow tables SQLite keeps for them, lowercased, as
    /// `PRAGMA table_list` types them.
    private let virtualTables: [String], shadowTables: Set<String>

    /// Starts recording; call before the commit's first write.
    /// - Throws: ``SQLiteError`` when SQLite cannot create the session or list the tables.
    init(connection: Connection) throws(SQLiteError) {
        let statement = try connection.cachedStatement(
            "SELECT lower(name), type FROM pragma_table_list WHERE schema = 'main' AND type IN ('virtual', 'shadow')")
        defer { statement.reset() }
        var virtual: [String] = []
        var shadow: Set<String> = []
        while try statement.step() {
            let name = try statement.row.text(at: 0)
            if try statement.row.text(at: 1) == "virtual" { virtual.append(name) } else { shadow.insert(name) }
        }
        (virtualTables, shadowTables) = (virtual, shadow)
        session = try Session(connection: connection) { table in !ChangeLog.isOwn(table) && !shadow.contains(table.lowercased()) }
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
            if shadowTables.contains(table.lowercased()) {
                // SQLite names a shadow table after its virtual table: `docs_content` is of `docs`.
                let owner = virtualTables.filter { table.lowercased().hasPrefix($0 + "_") }.max { $0.count < $1.count }
                let omission = OmittedTable(name: owner ?? table, reason: .virtualTable)
                if !omitted.contains(omission) { omitted.append(omission) }
                continue
            }
            let keys = try connection.scalar("SELECT count(*) FROM pragma_table_info(?) WHERE pk > 0", [.text(table)])
            if keys == .integer(0) { omitted.append(OmittedTable(name: table, reason: .noDeclaredPrimaryKey)) }
        }
        let number = record && !changeset.isEmpty ? try ChangeLog.record(changeset, on: connection) : nil
        return CapturedChanges(
            changeset: SQLiteChangeset(changeset), patchset: SQLiteChangeset(patchset), omittedTables: omitted, number: number)
    }
}
