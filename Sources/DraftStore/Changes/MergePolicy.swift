/// What a save does when a row it changes was also changed, or deleted, by someone else
/// since it was read. Named as Core Data names them.
///
/// When no field of a row was changed on both sides, changes to *different* fields from both
/// sides are all kept, whatever the policy. The policy decides rows with a field changed on
/// both sides (``overwrite`` then writes every field of mine, ``rollback`` drops all my changes
/// to the row), and rows deleted meanwhile:
///
/// | policy | a field changed on both sides | the row was deleted meanwhile |
/// |---|---|---|
/// | ``error`` | throw a conflict; nothing written | throw a deleted-kind conflict |
/// | ``draftWins`` | mine is written | throw a deleted-kind conflict |
/// | ``storeWins`` | theirs is kept | my changes to that row are dropped |
/// | ``overwrite`` | every field of mine is written | throw a deleted-kind conflict |
/// | ``rollback`` | all my changes to that row are dropped | my changes to that row are dropped |
public enum MergePolicy: Sendable, Hashable {
    /// Throw a ``ConflictError`` and write nothing (the default).
    case error
    /// Per field: my value wins; their changes to other fields are kept.
    case draftWins
    /// Per field: their value wins; my changes to other fields are written.
    case storeWins
    /// Write every field of mine, whatever changed meanwhile.
    case overwrite
    /// Drop all my changes to a row that someone else changed or deleted.
    case rollback
}
