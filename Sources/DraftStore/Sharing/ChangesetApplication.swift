/// What ``DraftStore/apply(_:policy:)`` did: how many rows it wrote, every row changed on
/// both sides (with what the merge policy did with it), and the commit's place in the store's log.
public struct ChangesetApplication: Sendable {
    /// Rows inserted, updated or deleted.
    public let applied: Int
    /// Changes that left a row as it was: already so here, or kept by the merge policy.
    public let unchanged: Int
    /// Every row changed (or deleted) on both sides, in changeset order; empty when none.
    public let conflicts: [ChangesetConflict]
    /// The commit's sequence number in the store's log (unchanged when nothing was written).
    public let sequence: UInt64
    /// What the commit wrote, as recorded in the change log, when the store records changes
    /// (``DraftStore/Configuration/recordsChanges``); `nil` otherwise.
    public let recorded: CapturedChanges?
    /// Changes to the store's own tables (`draftstore_…`: migrations, schema record, change log,
    /// draft journal) that the changeset carried and that were skipped, never written: those
    /// tables describe this copy, not the one the changeset came from.
    public let skippedOwnChanges: Int
    /// The store's own tables those skipped changes named, in name order; empty when none.
    public let skippedOwnTables: [String]
}
