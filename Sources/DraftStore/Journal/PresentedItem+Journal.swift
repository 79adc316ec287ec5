import Foundation

extension PresentedItem {
    /// Starts journaling this item: from its context's next change on, its unsaved state is
    /// kept in the store's draft journal (see ``DraftStore/Configuration/journalsDrafts``).
    /// - Parameter hasEntry: Whether the journal already holds an entry of this id (a restored item).
    /// - Throws: ``DraftJournalError``: `.implicitRowID` for a draft table with only the implicit
    ///   rowid; `.unavailable` for a store that cannot journal; `.inUse` when an item of this
    ///   process holds the entry; `.storage` when the journal cannot be opened.
    func startJournal(hasEntry: Bool = false) throws(DraftJournalError) {
        let store = context.store
        let table = Draft.schema.table
        if (try? context.state(for: table).info.isImplicitRowID) == true { throw .implicitRowID(table: table.name) }
        try store.drafts.open(store)
        let id = self.id
        guard store.drafts.state.withLock({ $0.open.insert(id).inserted }) else { throw .inUse(id) }
        let link = DraftJournalLink(id: id, journal: store.drafts)
        link.mayHaveEntry = hasEntry
        link.capture = { [weak self, weak link] in
            guard let self else { return nil }
            switch self.journalEntry() {
            case let .success(entry): return entry
            case let .failure(error):
                // The item can no longer be journaled: its entry goes, and the reason stays readable.
                link?.failure = error
                link?.journal.remove(id, delete: link?.mayHaveEntry ?? false)
                link?.mayHaveEntry = false
                return nil
            }
        }
        context.draftJournal = link
    }

    /// The item's journal entry as of now.
    func journalEntry() -> Result<DraftEntry, DraftJournalError> {
        let table = Draft.schema.table
        let key: RowKey
        switch mode {
        case .add: key = Draft.schema.key(of: form.value) ?? RowKey(values: [])
        case let .edit(presented): key = presented
        }
        return context.journalRows(draft: table, key: key).map { rows, tables in
            DraftEntry(
                id: id, mode: mode == .add ? "add" : "edit", entity: table.entityName, table: table.name, key: key.values,
                editedFields: form.editedFields.sorted(), editedAt: Int64((Date().timeIntervalSince1970 * 1000).rounded()), rows: rows,
                tables: tables)
        }
    }

    /// Whether this item's unsaved state is kept in the store's draft journal.
    public var isJournaled: Bool { context.draftJournal.map { !$0.isEnded && $0.failure == nil } ?? false }

    /// Why this item stopped being journaled: ``DraftJournalError/implicitRowID(table:)`` once a
    /// row of a table keyed only by the implicit rowid changed in its context. `nil` while journaled.
    public var journalFailure: DraftJournalError? { context.draftJournal?.failure }
}
