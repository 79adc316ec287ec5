import Foundation

/// Ties one journaled item's context to the store's journal: after each change of the context
/// it takes the item's state (on the item's isolation) and hands it to the journal's queue.
///
/// Not `Sendable`: it lives with its context. It holds the item weakly (through `capture`).
final class DraftJournalLink {
    /// The entry's id: the item's ``PresentedItem/id``.
    let id: UUID
    /// The store's journal.
    let journal: DraftJournal
    /// Makes the item's entry now; `nil` when the item is gone or cannot be journaled.
    var capture: () -> DraftEntry? = { nil }
    /// Whether the table may hold the entry: something was scheduled since a save deleted it.
    var mayHaveEntry = false
    /// Set by ``end()``: nothing more is journaled.
    private(set) var isEnded = false
    /// Why the item stopped being journaled (a changed row of a table keyed by the implicit rowid).
    var failure: DraftJournalError?

    init(id: UUID, journal: DraftJournal) {
        self.id = id
        self.journal = journal
    }

    /// The context changed: its state goes to the journal (coalesced, written within ``DraftJournal/delay``).
    func changed() {
        guard !isEnded, failure == nil, let entry = capture() else { return }
        mayHaveEntry = true
        journal.schedule(entry)
    }

    /// Called around a save into the store: the entry is deleted in the save's transaction
    /// (when it may exist), and nothing of it is written while the save runs.
    /// - Returns: The entry to delete in the transaction; `nil` when there is none.
    func beginSave() -> UUID? {
        guard !isEnded, mayHaveEntry else { return nil }
        journal.suspend(id)
        return id
    }

    /// Ends a save begun with ``beginSave()``.
    /// - Parameter saved: Whether the save committed (and so deleted the entry).
    func endSave(saved: Bool) {
        if saved { mayHaveEntry = false }
        journal.saveEnded(id, saved: saved)
    }

    /// The item ended (saved, cancelled, its context discarded): its entry is removed, and with
    /// no entry written nothing runs at all.
    func end() {
        guard !isEnded else { return }
        isEnded = true
        journal.remove(id, delete: mayHaveEntry)
    }
}
