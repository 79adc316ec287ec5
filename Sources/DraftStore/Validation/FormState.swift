import Observation

/// The editing state of one form: the value being edited, which fields were edited, which
/// errors to show, whether it can be saved, undo and redo, and answers of asynchronous checks.
///
/// A form state is `@Observable`: a view that reads ``value``, ``visibleErrors`` or
/// ``canSave`` is updated when they change. It is not `Sendable` and has no actor of its
/// own; it lives in the isolation domain that created it (in an app, the main actor).
///
/// ```swift
/// let form = FormState(Author(), validator: Author.validator)
/// form.value.name = "A"               // the name is now edited: its error is visible
/// form.visibleErrors                  // [name: Enter at least 2 characters]
/// form.markSaveAttempted()            // now every field's error is visible
/// form.saveBlockers                   // ["Name: Enter at least 2 characters", "E-mail: Fill in this field"]
/// ```
///
/// When errors are visible: a local error only once its field was edited (and, if the UI reports
/// focus with `focus(_:)`, left) or visited, or for every field after ``markSaveAttempted()``
/// (so a fresh form is not covered in red); errors from the store
/// (`setStoreErrors(_:)`) and from asynchronous checks (`check(_:isolation:using:)`)
/// always, until their field is edited.
@Observable
public final class FormState<Value> {
    /// The rules of the form.
    public let validator: Validator<Value>
    /// What the form is for: the mode its rules run in (``FieldRule/when(_:)``).
    public let mode: FormMode?

    /// The observed state (see ``FormObservedState``, which says why it is a class of its own).
    let observed = FormObservedState()
    /// The value as last set. Stored only by `replace(with:)` and `replaceKeepingHistory(with:)`,
    /// which increment `observed.valueVersion`; read through ``value``.
    @ObservationIgnored var current: Value
    /// The values to go back to, most recent last; changed only with a stored value.
    @ObservationIgnored var undoStack: [Value] = []
    /// The values undone, most recent last; changed only with a stored value.
    @ObservationIgnored var redoStack: [Value] = []

    /// The names of the fields changed since the form was made, or since undo brought them back.
    public var editedFields: Set<String> { observed.editedFields }
    /// A number that grows with every edit that changes a declared field (undo and redo included).
    public var revision: Int { observed.revision }
    /// The store's rejections of the last save, until their fields are edited.
    public var storeErrors: [FieldError] { observed.storeErrors }
    /// Whether a save was attempted: then every local error is visible.
    public var saveAttempted: Bool { observed.saveAttempted }
    /// Whether the form no longer accepts edits (it was saved or cancelled).
    package var isFrozen: Bool { observed.isFrozen }
    /// The number of asynchronous checks waiting for an answer.
    package var pendingCheckCount: Int { observed.pendingCheckCount }
    /// The names of the fields the focus has left ("touched"), changed or not; see `focus(_:)`.
    public var visitedFields: Set<String> { observed.visitedFields }
    /// The field being edited now, as the form's UI reported it with `focus(_:)`; `nil` when none.
    public var focusedField: String? { observed.focusedField }

    /// The field of the last single-field edit, while consecutive edits of it coalesce.
    @ObservationIgnored var coalescingField: String?
    /// Grows with ``cancelPendingChecks()``: answers of checks started before are dropped.
    @ObservationIgnored var checkGeneration = 0

    /// Makes the state of a form that edits a value.
    /// - Parameters:
    ///   - value: The value at the start, such as the draft of a new or existing author.
    ///   - validator: The rules of the form.
    ///   - mode: What the form is for, when its rules differ between adding and editing
    ///     (``FieldRule/when(_:)``); `nil` runs only the rules of every mode.
    public init(_ value: Value, validator: Validator<Value>, mode: FormMode? = nil) {
        self.current = value
        self.validator = validator
        self.mode = mode
    }

    /// The value being edited.
    ///
    /// Setting it, unless the form `isFrozen` (then the new value is ignored):
    /// records the changed fields (`Validator/changedFields(from:to:)`, by bytes) in
    /// ``editedFields``, increments ``revision``, clears ``storeErrors`` and asynchronous errors of
    /// those fields, and records an undo step. Consecutive edits of the same single field make one
    /// undo step, so a name typed letter by letter is undone at once.
    /// A set that changes no declared field is stored without any of that.
    public var value: Value {
        get {
            _ = observed.valueVersion  // observed
            return current
        }
        set {
            guard !isFrozen else { return }
            let old = current
            let changed = replace(with: newValue)
            guard !changed.isEmpty else { return }
            redoStack.removeAll()
            recordUndoStep(before: old, changed: changed)
        }
    }

    /// The value as it will be stored: trimmed where fields trim (``Validator/normalized(_:)``).
    package var normalizedValue: Value { validator.normalized(value) }

    /// The local errors of the current value, shown or not: one per failing field, in field order.
    public var errors: [FieldError] { validator.errors(in: value, mode: mode) }

    /// The errors to show now, grouped by field in field order: local errors of edited fields
    /// (of every field after ``markSaveAttempted()``), store errors and asynchronous-check errors.
    ///
    /// The local error of the ``focusedField`` waits until the focus leaves it (the person is
    /// still typing), unless the field was left before or a save was attempted; a field the
    /// focus left without a change shows its error too (``visitedFields``).
    public var visibleErrors: [FieldError] {
        let local = errors.filter { error in
            saveAttempted || visitedFields.contains(error.field) || (editedFields.contains(error.field) && error.field != focusedField)
        }
        return inFieldOrder(local + storeErrors + asyncErrorsInOrder)
    }

    /// The errors to show now next to one field.
    /// - Parameter field: The ``FieldDescriptor/name`` of the field.
    /// - Returns: Its visible local error (at most one), store errors and asynchronous-check error.
    public func visibleErrors(for field: String) -> [FieldError] {
        visibleErrors.filter { $0.concerns(field) }
    }

    /// The store's rejections of the whole record (a trigger, a CHECK over columns the entity
    /// does not map; what no field owns): visible, cleared by the next edit or save attempt, never blocking ``canSave``.
    public var recordErrors: [FieldError] { storeErrors.filter(\.isRecordError) }

    /// Whether the value may be saved: no local errors (visible or not), no store error under
    /// one of the form's fields until that field is edited, and no error from an asynchronous
    /// check. A rejection of the whole record or of a related object does not block: the next
    /// save attempt asks the store again.
    public var canSave: Bool {
        errors.isEmpty && !storeErrors.contains(where: isOnAField) && observed.asyncErrors.isEmpty
    }

    /// Why the value cannot be saved, one line per problem in words, such as
    /// `"Name: Enter at least 2 characters"`; empty when ``canSave`` is true.
    public var saveBlockers: [String] {
        inFieldOrder(errors + storeErrors.filter(isOnAField) + asyncErrorsInOrder).map { error in
            let labels = error.fields.map { validator.field(named: $0)?.label ?? DisplayName.label(column: $0) }
            let label = labels.isEmpty ? DisplayName.label(column: error.field) : labels.joined(separator: ", ")
            return label.isEmpty ? error.message : "\(label): \(error.message)"
        }
    }

    /// Whether a store error is shown under a field of this form (and so cleared by editing it):
    /// every column of an entity is a field, whether or not it declared a label or rules.
    private func isOnAField(_ error: FieldError) -> Bool {
        error.fields.contains { validator.field(named: $0) != nil }
    }

    /// Makes every local error visible, as when the person pressed Save.
    public func markSaveAttempted() {
        observed.saveAttempted = true
    }

    /// Shows the store's rejections of a save next to their fields, replacing earlier ones.
    /// Each is kept until its field is edited.
    /// - Parameter errors: The rejections; their ``FieldError/source`` is set to ``FieldError/Source/store``.
    package func setStoreErrors(_ errors: [FieldError]) {
        observed.storeErrors = errors.map { error in
            var error = error
            error.source = .store
            let fields = error.fields.compactMap { validator.field(named: $0) }
            if error.labels.isEmpty, fields.count == error.fields.count {
                error.labels = fields.map(\.label)
                error.entity = validator.label
            }
            return error
        }
    }

    /// Drops the store errors that no field of this form owns (of the whole record, of related
    /// objects), as at the start of a new save attempt.
    package func clearUnownedStoreErrors() {
        if storeErrors.contains(where: { !isOnAField($0) }) { observed.storeErrors.removeAll { !isOnAField($0) } }
    }

    /// Stops accepting edits, as after a save or a cancel: later sets of ``value``, undo and redo
    /// are ignored, and answers of pending asynchronous checks are dropped.
    package func freeze() {
        observed.isFrozen = true
        cancelPendingChecks()
    }

    /// Stores a new value and does the bookkeeping of an edit; returns the changed fields.
    func replace(with newValue: Value) -> [String] {
        let changed = validator.changedFields(from: current, to: newValue)
        current = newValue
        observed.valueVersion &+= 1
        guard !changed.isEmpty else { return changed }
        observed.editedFields.formUnion(changed)
        observed.revision += 1
        // A store error goes with an edit of any of its fields; one of the whole record with any edit.
        let isCleared = { (error: FieldError) in error.isRecordError || error.fields.contains(where: changed.contains) }
        if storeErrors.contains(where: isCleared) { observed.storeErrors.removeAll(where: isCleared) }
        if changed.contains(where: { observed.asyncErrors[$0] != nil }) {
            for field in changed { observed.asyncErrors[field] = nil }
        }
        return changed
    }

    private var asyncErrorsInOrder: [FieldError] {
        observed.asyncErrors.keys.sorted().compactMap { observed.asyncErrors[$0] }
    }

    /// Sorts errors by the position of their field (stable); fields the validator does not know go last.
    private func inFieldOrder(_ errors: [FieldError]) -> [FieldError] {
        let fields = validator.fields
        let position = { (name: String) in fields.firstIndex { $0.name == name } ?? fields.count }
        return errors.enumerated()
            .sorted { (position($0.element.field), $0.offset) < (position($1.element.field), $1.offset) }
            .map(\.element)
    }
}
