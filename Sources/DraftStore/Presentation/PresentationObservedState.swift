import Observation

/// The observed state of a ``PresentedItem``, in a class that is not generic, observed by the
/// `@Observable` macro: in the generic item the macro's accessors would build each key path
/// anew on every access (see ``FormObservedState``, which has the numbers).
///
/// The saved entity, which is generic, is stored in the item, set before ``ending`` becomes
/// `.saved`, and observed through it.
@Observable
final class PresentationObservedState {
    /// How the presentation ended, without the saved entity.
    var ending = PresentationEnding.open
    /// The last failure of a save that is not a field error (a conflict, a storage failure),
    /// with the revision it was produced for; read through ``PresentedItem/saveFailure``.
    var failure: (error: SaveError, revision: Int)?
    /// What changed in the store since the draft was read; `nil` when nothing did.
    var changedElsewhere: StaleObject?
}
