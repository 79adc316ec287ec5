import Foundation

/// A misuse by the program rather than a problem of the data or the storage: the call cannot
/// be made in this state. Worded by the ``Messages`` provider.
///
/// One error for one misuse at every entry point: a closed store, a discarded context or a
/// finished editor is thrown as this value by reads, presents, inserts and observation
/// (`catch Misuse.storeClosed`), and inside ``SaveError/finished(_:)`` (or
/// ``ChangesetError/finished(_:)``) by the saves, whose errors are typed.
public enum Misuse: Error, Sendable, Hashable, Codable, CustomStringConvertible, LocalizedError {
    /// The editor was already saved (`saved == true`) or cancelled.
    case itemFinished(saved: Bool)
    /// The context was discarded; its changes are gone.
    case contextDiscarded
    /// A parent of the context was discarded; there is nothing to save into.
    case ancestorDiscarded
    /// The context is nested deeper than ``ObjectContext/maximumDepth`` levels.
    case nestedTooDeep(depth: Int, maximum: Int)
    /// The store's connection is closed.
    case storeClosed
    /// A transaction the caller opened on the store's connection is still open; a save would join it.
    case transactionOpen
    /// A ``SaveBatch`` was used after its ``DraftStore/batchedSave(_:)`` returned, or after
    /// SQLite ended its transaction on a failure.
    case batchFinished
    /// A context of another store was given to a ``SaveBatch``.
    case otherStore

    /// The misuse in the current provider's words.
    public var description: String { Messages.provider.misuse(self) }

    /// The provider's words (``description``), for `localizedDescription`.
    public var errorDescription: String? { description }
}
