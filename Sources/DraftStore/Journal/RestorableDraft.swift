import Foundation

/// A draft the journal kept: an editor that was open, with unsaved edits, when its process ended.
///
/// Listed by ``DraftStore/restorableDrafts()``; restored with ``DraftStore/restoreDraft(_:id:related:)``.
///
/// ```swift
/// for draft in try store.restorableDrafts() where draft.entity == "Author" {
///     let item = try store.restoreDraft(Author.self, id: draft.id)   // same mode, key and edits
/// }
/// ```
public struct RestorableDraft: Sendable, Identifiable, CustomStringConvertible {
    /// Add or edit, as when the item was presented.
    public enum Mode: Sendable, Equatable {
        /// The item added a new row.
        case add
        /// The item edited the row with this key.
        case edit(key: RowKey)
    }

    /// The item's id (``PresentedItem/id``); the restored item has it too.
    public let id: UUID
    /// The draft's entity type name (`Author`).
    public let entity: String
    /// The draft's table.
    public let table: String
    /// Add or edit.
    public let mode: Mode
    /// The draft's key: the edited row's, or the temporary key of an add when it was journaled.
    public let key: RowKey
    /// When the last journaled edit was made.
    public let editedAt: Date
    /// The entry's format version (this build reads only its own).
    public let format: Int

    /// `edit Author authors#3, edited 2026-12-02 16:40:00 +0000`.
    public var description: String {
        switch mode {
        case .add: "add \(entity) \(table), edited \(editedAt)"
        case let .edit(key): "edit \(entity) \(table)#\(key), edited \(editedAt)"
        }
    }
}
