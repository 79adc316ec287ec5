import Foundation

/// One row of the journal table as stored: the columns that list and identify the entry, and
/// the entry's text, whose contents must agree with them.
struct StoredEntry: Sendable {
    let id: UUID
    let entity: String
    let table: String
    let mode: String
    let key: String
    let text: String

    /// The entry's decoded contents, identified by this row: the first column whose value the
    /// contents contradict is named.
    /// - Throws: ``DraftJournalError/entryDisagrees(_:column:)``; as ``DraftEntry/decoded(_:id:)``.
    func decoded() throws(DraftJournalError) -> DraftEntry {
        let entry = try DraftEntry.decoded(text, id: id)
        let storedKey = try? DraftEntry.decodedKey(key)
        let checks: [(column: String, agrees: Bool)] = [
            ("id", entry.id == id), ("entity", entry.entity == entity), ("table_name", entry.table == table),
            ("mode", entry.mode == mode), ("key", storedKey == entry.key),
        ]
        if let column = checks.first(where: { !$0.agrees })?.column { throw .entryDisagrees(id, column: column) }
        return entry
    }
}
