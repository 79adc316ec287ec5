import Bookshelf
import DraftStore
import Foundation

extension FormSession {
    /// Presents with the draft journal on, or off where the store cannot keep one (in memory, read-only).
    func journaled(_ present: (Bool) throws -> PresentedItem<Author>) throws -> PresentedItem<Author> {
        do { return try present(true) } catch DraftJournalError.unavailable { return try present(false) }
    }

    /// Offers the draft a killed form of the same author (or a new one) left in the journal.
    /// - Returns: The restored item; `nil` when there was none, or the answer was no (the draft is then discarded).
    func restoreKeptDraft() throws -> PresentedItem<Author>? {
        let mode: RestorableDraft.Mode = id.map { .edit(key: RowKey(.integer($0))) } ?? .add
        guard let kept = try? store.restorableDrafts().last(where: { $0.entity == "Author" && $0.mode == mode }) else { return nil }
        let when = kept.editedAt.formatted(date: .abbreviated, time: .standard)
        console.print("An unsaved draft of this form was kept (last edited \(when)).")
        guard try choose("Restore it? [y/n]: ", from: ["y": "yes", "n": "no"]) == "yes" else {
            try store.discardDraft(id: kept.id)
            return nil
        }
        do {
            let item = try store.restoreDraft(Author.self, id: kept.id, related: [Book.self])
            console.print("Restored: \(Rendering.line(item.draft)). Press Return to keep a value.")
            if let stale = try item.staleness() {
                console.print(
                    stale.wasDeleted
                        ? "This author was deleted meanwhile." : "Changed meanwhile: \(stale.fields.map(\.name).joined(separator: ", ")).")
            }
            return item
        } catch let error as DraftJournalError {
            console.print("The kept draft cannot be restored: \(error)")
            try store.discardDraft(id: kept.id)
            return nil
        }
    }
}
