import Foundation
import Observation

/// One presentation of an editor: its own child context, the draft in it, and the state
/// of the form — created by the action that opens the editor, never by a view.
///
/// ```swift
/// // The "Add author" button's action:
/// let item = try store.presentNew(Author())
/// // The form binds straight to the draft: every keystroke lands in the context.
/// item.draft.name = "Octavia Butler"
/// item.draft.email = "octavia@example.com"
/// let saved = try item.save()     // validated, one transaction, real id
/// // or: try item.cancel()        // nothing written, no SQL
/// ```
///
/// An item is `Identifiable` (its ``id`` is stable from creation, before the row has one)
/// and `@Observable`, so a SwiftUI sheet can use `.sheet(item:)` and a form can bind
/// `$item.draft.name`. After ``save(policy:)`` or ``cancel()`` it is finished: the draft is
/// frozen and a second save or cancel throws ``SaveError/finished(_:)``.
///
/// It is not `Sendable`; it lives where it was created (in an app, the main actor).
@Observable
public final class PresentedItem<Draft: Entity>: Identifiable {
    /// Whether the item adds a new row or edits an existing one.
    public enum Mode: Sendable, Equatable {
        /// A new row, with a temporary key until saved where SQLite assigns keys.
        case add
        /// An existing row, by its key.
        case edit(key: RowKey)
    }

    /// How the presentation ended.
    public enum Outcome: Sendable {
        /// Saved: the entity as stored, with its real id.
        case saved(Draft)
        /// Cancelled: nothing was written.
        case cancelled
    }

    /// A stable identity for the presentation, from the moment it is created.
    public let id: UUID
    /// Add or edit.
    public let mode: Mode
    /// The child context holding the draft (and any related objects presented with it).
    @ObservationIgnored public let context: ObjectContext
    /// The form state: edited fields, visibility of errors, undo and redo, asynchronous checks.
    public let form: FormState<Draft>
    /// What changed in the store since the draft was read, field by field (base / mine /
    /// theirs), or the row's deletion; `nil` when nothing did. Observed: kept current by
    /// ``trackChangesElsewhere(isolation:)``, or read again by ``refreshChangedElsewhere()``.
    public var changedElsewhere: StaleObject? { observed.changedElsewhere }
    /// How it ended; `nil` while open.
    public var outcome: Outcome? {
        switch observed.ending {
        case .open: return nil
        case .cancelled: return .cancelled
        case .saved: return saved.first.map { .saved($0) }
        }
    }

    /// Records how the presentation ended (`saved` holds the saved entity, or nothing).
    func end(_ ending: PresentationEnding, saved: [Draft]) {
        self.saved = saved
        observed.ending = ending
    }
    /// The observed state (see ``PresentationObservedState``, which says why it is a class of its own).
    let observed = PresentationObservedState()
    // The outcome is stored as a non-generic ending plus the saved entity in an array: unlike
    // `Outcome?` and `Draft?`, neither needs generic metadata (~325 instructions a lookup) to
    // be read, written or destroyed in this generic class, and `isFinished` is read on every call.
    /// The saved entity once saved (one element), else empty; set before `observed.ending`.
    @ObservationIgnored private var saved: [Draft] = []
    /// In an edit item, the row as read when presented (one element); read by ``original`` once finished.
    @ObservationIgnored var presentedOriginal: [Draft] = []
    /// In an add item, the key the insert is registered under in the context.
    @ObservationIgnored var addedKey: RowKey?
    /// Checks of related objects presented in the same context, run at save.
    @ObservationIgnored var relatedChecks: [() -> [FieldError]] = []
    /// The related objects presented in the same context, for placing the store's rejections on them.
    @ObservationIgnored var relatedObjects: [RelatedObject] = []
    /// The lists of children presented with the draft (``children(_:)``).
    @ObservationIgnored var childLists: [ChildList] = []
    /// The undo and redo steps of those children, interleaved with the draft's; observed, as ``canUndo`` reads it.
    var graphHistory = GraphHistory()

    /// - Parameter original: In an edit item, the row as read, when the caller has it (a draft
    ///   just read into a new context is it); `nil` reads it from the context.
    init(mode: Mode, context: ObjectContext, draft: Draft, id: UUID = UUID(), original: Draft? = nil) {
        self.id = id
        self.mode = mode
        self.context = context
        // The save returns the saved row as the context holds it.
        context.keepsSavedObjects = true
        self.form = FormState(draft, validator: Draft.validator, mode: mode == .add ? .adding : .editing)
        // An added draft is in the context as an insert under its key (presented or restored).
        if mode == .add { addedKey = Draft.schema.key(of: draft) }
        // The row as read, kept for ``original`` once the context is gone.
        if let original {
            presentedOriginal = [original]
        } else if case let .edit(key) = mode, let read = try? context.original(Draft.self, key: key) {
            presentedOriginal = [read]
        }
    }

    /// The entity being edited. Every change lands in the context at once, so a save that
    /// arrives before focus leaves a field still saves the last keystroke. Ignored once finished.
    public var draft: Draft {
        get { form.value }
        set {
            guard !form.isFrozen else { return }
            let revision = form.revision
            form.value = newValue
            if form.revision != revision, !graphHistory.redoSteps.isEmpty { graphHistory.redoSteps.removeAll() }
            pushDraft()
        }
    }

    /// Copies the draft into the context. Setters cannot throw; an edit of a row deleted in
    /// this context is reported at save, and so is a typed key that cannot be taken.
    private func pushDraft() {
        // A key that cannot be taken leaves the context as it was: another row of the context
        // with that key must not be updated with the draft's values. The save reports it.
        guard (try? followTypedKey()) != nil else { return }
        // An edit whose draft names another key (refused at save) must not change the row of
        // that key, should the context hold it.
        if case let .edit(presented) = mode, changedKeyFields(of: form.value, presented: presented) != nil,
            !isInsertedCopy(form.value)
        {
            return
        }
        try? context.update(form.value)
    }

    /// In an add item, moves the insert to the key the draft now has (a slug or an ISBN typed
    /// in the form): see ``ObjectContext/moveInsert(_:from:)``. A draft with the key it has
    /// changes nothing.
    /// - Throws: ``ContextError`` when the draft has no key (a NULL in it), when a row with the
    ///   new key is already in the item's context, or when it is a negative rowid.
    func followTypedKey() throws {
        guard case .add = mode, let old = addedKey, Draft.schema.key(of: form.value) != old else { return }
        addedKey = try context.moveInsert(form.value, from: old)
    }

    /// A number that grows with every edit; a message produced for an older revision is not shown.
    public var revision: Int { form.revision }
    /// Whether the item was saved or cancelled.
    public var isFinished: Bool { observed.ending != .open }

    /// Whether the item was saved (not cancelled).
    var wasSaved: Bool { observed.ending == .saved }
    /// All current local errors, shown or not.
    public var errors: [FieldError] { form.errors }
    /// The errors to show now: local errors of edited fields (all after a save was
    /// attempted), the store's rejections and asynchronous-check errors until their field is edited.
    public var visibleErrors: [FieldError] { form.visibleErrors }
    /// Whether Save should be enabled: the draft's form can be saved and no child edited through
    /// ``children(_:)`` breaks a local rule.
    public var canSave: Bool { !isFinished && form.canSave && childErrors.isEmpty }
    /// Why Save is disabled, in words (a child's problems named on it, `books[2].title: …`); empty when ``canSave``.
    public var saveBlockers: [String] {
        isFinished
            ? [Misuse.itemFinished(saved: wasSaved).description] : form.saveBlockers + childErrors.map { "\($0.field): \($0.message)" }
    }
    /// The last save failure that is not about a field (a conflict, a storage error), as long
    /// as the draft was not edited since; editing makes it stale and hides it.
    public var saveFailure: SaveError? {
        guard let failure = observed.failure, failure.revision == form.revision else { return nil }
        return failure.error
    }

    /// Undoes the last edit, of the draft (consecutive edits of one field are one step) or of
    /// its children (``children(_:)``: an add, a removal, an edit, a move).
    public func undo() {
        guard !isFinished, !undoChildStep() else { return }
        form.undo()
        pushDraft()
    }

    /// Redoes the last undone edit, of the draft or of its children.
    public func redo() {
        guard !isFinished, !redoChildStep() else { return }
        form.redo()
        pushDraft()
    }

    /// Whether ``undo()`` would change something.
    public var canUndo: Bool { form.canUndo || (!isFinished && !graphHistory.undoSteps.isEmpty) }
    /// Whether ``redo()`` would change something.
    public var canRedo: Bool { form.canRedo || (!isFinished && !graphHistory.redoSteps.isEmpty) }

    /// Runs an asynchronous check of one field (a server-side availability check, say).
    /// Its answer is dropped if the draft was edited meanwhile, or the item finished.
    /// - Parameters:
    ///   - field: The field the answer is about.
    ///   - isolation: Where the check runs; the caller's actor by default.
    ///   - rule: Returns an error, or `nil` when the value is fine.
    public func check(_ field: String, isolation: isolated (any Actor)? = #isolation, using rule: (Draft) async -> FieldError?) async {
        await form.check(field, isolation: isolation, using: rule)
    }

    /// Presents a related object in the same context (a book while adding its author), saved
    /// together with the draft or not at all.
    /// - Parameter related: The new object; it may reference the draft's temporary key.
    /// - Returns: The object with its key (temporary where SQLite assigns it).
    /// - Throws: ``Misuse/itemFinished(saved:)`` when the item is finished; ``ContextError`` when the
    ///   object is already in the context.
    @discardableResult
    public func insertRelated<Related: Entity>(_ related: Related) throws -> Related {
        guard !isFinished else { throw Misuse.itemFinished(saved: wasSaved) }
        let inserted = try context.insert(related)
        trackRelated(Related.self, key: Related.schema.key(of: inserted)!)
        return inserted
    }

    /// Records a related object of the context: its checks run at save, the store's rejections are placed on it.
    /// - Returns: How its errors are named.
    @discardableResult
    func trackRelated<Related: Entity>(_: Related.Type, key: RowKey) -> RelatedObject {
        let related = RelatedObject(Related.self, key: key, number: relatedChecks.count + 1)
        relatedObjects.append(related)
        relatedChecks.append { [context] in
            guard let current = try? context.fetch(Related.self, key: key) else { return [] }
            // A related object of the item was inserted with it (``insertRelated(_:)``). Its errors
            // name it (`books[1].title`) as its store errors do, never a draft field of the same name.
            return Related.validator.errors(in: current, mode: .adding).map { related.placed($0) }
        }
        return related
    }
}
