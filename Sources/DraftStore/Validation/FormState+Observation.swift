import Observation

// The observed properties of FormState, written out as the @Observable macro writes them,
// but with key paths made once per `Value` type (``ObservedKeyPaths``) instead of a new
// key path instance on every access.

extension FormState {
    /// The key paths of the observed properties of `FormState<Value>`.
    final class ObservedKeys: @unchecked Sendable {
        // @unchecked: immutable after init, and key paths are immutable objects.
        let storage: KeyPath<FormState, Value> = \FormState.storage
        let editedFields: KeyPath<FormState, Set<String>> = \FormState.editedFields
        let revision: KeyPath<FormState, Int> = \FormState.revision
        let storeErrors: KeyPath<FormState, [FieldError]> = \FormState.storeErrors
        let saveAttempted: KeyPath<FormState, Bool> = \FormState.saveAttempted
        let isFrozen: KeyPath<FormState, Bool> = \FormState.isFrozen
        let undoStack: KeyPath<FormState, [Value]> = \FormState.undoStack
        let redoStack: KeyPath<FormState, [Value]> = \FormState.redoStack
        let asyncErrors: KeyPath<FormState, [String: FieldError]> = \FormState.asyncErrors
        let pendingCheckCount: KeyPath<FormState, Int> = \FormState.pendingCheckCount
        let visitedFields: KeyPath<FormState, Set<String>> = \FormState.visitedFields
        let focusedField: KeyPath<FormState, String?> = \FormState.focusedField
        let statusRecord: KeyPath<FormState, FormStatus?> = \FormState.statusRecord
    }

    /// The value as last set. Read through ``value``.
    var storage: Value {
        get {
            access(keyPath: keys.storage)
            return _storage
        }
        set { withMutation(keyPath: keys.storage) { _storage = newValue } }
        _modify {
            access(keyPath: keys.storage)
            willMutate(keys.storage)
            defer { didMutate(keys.storage) }
            yield &_storage
        }
    }

    /// The names of the fields changed since the form was made, or since undo brought them back.
    public internal(set) var editedFields: Set<String> {
        get {
            access(keyPath: keys.editedFields)
            return _editedFields
        }
        set { withMutation(keyPath: keys.editedFields) { _editedFields = newValue } }
        _modify {
            access(keyPath: keys.editedFields)
            willMutate(keys.editedFields)
            defer { didMutate(keys.editedFields) }
            yield &_editedFields
        }
    }

    /// A number that grows with every edit that changes a declared field (undo and redo included).
    public internal(set) var revision: Int {
        get {
            access(keyPath: keys.revision)
            return _revision
        }
        set { withMutation(keyPath: keys.revision) { _revision = newValue } }
        _modify {
            access(keyPath: keys.revision)
            willMutate(keys.revision)
            defer { didMutate(keys.revision) }
            yield &_revision
        }
    }

    /// The store's rejections of the last save, until their fields are edited.
    public internal(set) var storeErrors: [FieldError] {
        get {
            access(keyPath: keys.storeErrors)
            return _storeErrors
        }
        set { withMutation(keyPath: keys.storeErrors) { _storeErrors = newValue } }
        _modify {
            access(keyPath: keys.storeErrors)
            willMutate(keys.storeErrors)
            defer { didMutate(keys.storeErrors) }
            yield &_storeErrors
        }
    }

    /// Whether a save was attempted: then every local error is visible.
    public internal(set) var saveAttempted: Bool {
        get {
            access(keyPath: keys.saveAttempted)
            return _saveAttempted
        }
        set { withMutation(keyPath: keys.saveAttempted) { _saveAttempted = newValue } }
        _modify {
            access(keyPath: keys.saveAttempted)
            willMutate(keys.saveAttempted)
            defer { didMutate(keys.saveAttempted) }
            yield &_saveAttempted
        }
    }

    /// Whether the form no longer accepts edits (it was saved or cancelled).
    public internal(set) var isFrozen: Bool {
        get {
            access(keyPath: keys.isFrozen)
            return _isFrozen
        }
        set { withMutation(keyPath: keys.isFrozen) { _isFrozen = newValue } }
        _modify {
            access(keyPath: keys.isFrozen)
            willMutate(keys.isFrozen)
            defer { didMutate(keys.isFrozen) }
            yield &_isFrozen
        }
    }

    /// The values to go back to, most recent last.
    var undoStack: [Value] {
        get {
            access(keyPath: keys.undoStack)
            return _undoStack
        }
        set { withMutation(keyPath: keys.undoStack) { _undoStack = newValue } }
        _modify {
            access(keyPath: keys.undoStack)
            willMutate(keys.undoStack)
            defer { didMutate(keys.undoStack) }
            yield &_undoStack
        }
    }

    /// The values undone, most recent last.
    var redoStack: [Value] {
        get {
            access(keyPath: keys.redoStack)
            return _redoStack
        }
        set { withMutation(keyPath: keys.redoStack) { _redoStack = newValue } }
        _modify {
            access(keyPath: keys.redoStack)
            willMutate(keys.redoStack)
            defer { didMutate(keys.redoStack) }
            yield &_redoStack
        }
    }

    /// Errors of asynchronous checks, by field name.
    var asyncErrors: [String: FieldError] {
        get {
            access(keyPath: keys.asyncErrors)
            return _asyncErrors
        }
        set { withMutation(keyPath: keys.asyncErrors) { _asyncErrors = newValue } }
        _modify {
            access(keyPath: keys.asyncErrors)
            willMutate(keys.asyncErrors)
            defer { didMutate(keys.asyncErrors) }
            yield &_asyncErrors
        }
    }

    /// The number of asynchronous checks waiting for an answer.
    public internal(set) var pendingCheckCount: Int {
        get {
            access(keyPath: keys.pendingCheckCount)
            return _pendingCheckCount
        }
        set { withMutation(keyPath: keys.pendingCheckCount) { _pendingCheckCount = newValue } }
        _modify {
            access(keyPath: keys.pendingCheckCount)
            willMutate(keys.pendingCheckCount)
            defer { didMutate(keys.pendingCheckCount) }
            yield &_pendingCheckCount
        }
    }

    /// The names of the fields the focus has left ("touched"), changed or not; see `focus(_:)`.
    public internal(set) var visitedFields: Set<String> {
        get {
            access(keyPath: keys.visitedFields)
            return _visitedFields
        }
        set { withMutation(keyPath: keys.visitedFields) { _visitedFields = newValue } }
        _modify {
            access(keyPath: keys.visitedFields)
            willMutate(keys.visitedFields)
            defer { didMutate(keys.visitedFields) }
            yield &_visitedFields
        }
    }

    /// The field being edited now, as the form's UI reported it with `focus(_:)`; `nil` when none.
    public internal(set) var focusedField: String? {
        get {
            access(keyPath: keys.focusedField)
            return _focusedField
        }
        set { withMutation(keyPath: keys.focusedField) { _focusedField = newValue } }
        _modify {
            access(keyPath: keys.focusedField)
            willMutate(keys.focusedField)
            defer { didMutate(keys.focusedField) }
            yield &_focusedField
        }
    }

    /// The last status set, for whatever revision; read through ``status``.
    var statusRecord: FormStatus? {
        get {
            access(keyPath: keys.statusRecord)
            return _statusRecord
        }
        set { withMutation(keyPath: keys.statusRecord) { _statusRecord = newValue } }
        _modify {
            access(keyPath: keys.statusRecord)
            willMutate(keys.statusRecord)
            defer { didMutate(keys.statusRecord) }
            yield &_statusRecord
        }
    }
}
