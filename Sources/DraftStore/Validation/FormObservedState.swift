import Observation

/// The observed state of a ``FormState``, in a class that is not generic, observed by the
/// `@Observable` macro.
///
/// Why a class of its own: in a generic class (`FormState<Value>`) the macro's accessors
/// build the property's key path anew on every read and write (`swift_getKeyPath` with a
/// generic environment: a mangled-name lookup and an allocation), which made an editing
/// cycle 3.3 times as costly (`draftstore-bench --instructions`: W3 198 M → 653 M
/// instructions, W4 60 M → 450 M, with `FormState` and ``PresentedItem`` observed by the
/// macro directly). Here the key paths are constants, made once.
///
/// A form's generic state — its value and its undo and redo steps — is stored in the form
/// and observed through ``valueVersion``: the form's only two methods that store a value
/// increment it, and every public read of them reads it.
@Observable
final class FormObservedState {
    /// The names of the fields changed since the form was made, or since undo brought them back.
    var editedFields: Set<String> = []
    /// A number that grows with every edit that changes a declared field (undo and redo included).
    var revision = 0
    /// The store's rejections of the last save, until their fields are edited.
    var storeErrors: [FieldError] = []
    /// Whether a save was attempted: then every local error is visible.
    var saveAttempted = false
    /// Whether the form no longer accepts edits (it was saved or cancelled).
    var isFrozen = false
    /// Errors of asynchronous checks, by field name.
    var asyncErrors: [String: FieldError] = [:]
    /// The number of asynchronous checks waiting for an answer.
    var pendingCheckCount = 0
    /// The names of the fields the focus has left ("touched"), changed or not.
    var visitedFields: Set<String> = []
    /// The field being edited now, as the form's UI reported it; `nil` when none.
    var focusedField: String?
    /// The last status set, for whatever revision.
    var statusRecord: FormStatus?
    /// Grows with every value the form stores (an edit, undo, redo, a rebase); its undo and
    /// redo steps change only with a stored value.
    var valueVersion = 0
}
