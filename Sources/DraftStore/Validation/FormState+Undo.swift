/// Undo and redo of a form's edits.
///
/// Each edit that changes declared fields records the value before it. Consecutive edits of the
/// same single field coalesce into one step, so typing "Mira" letter by letter is undone at
/// once; an edit of another field, an edit that changes several fields at once, an undo, a redo
/// or ``FormState/breakUndoCoalescing()`` ends the run. Undo and redo are edits too: they update
/// ``FormState/editedFields`` and ``FormState/revision`` and clear the store errors of the fields
/// they change. A frozen form neither undoes nor redoes.
///
/// When the values the form edits are merged with someone else's (``PresentedItem/rebase()``,
/// ``PresentedItem/resolve(_:_:)``), the history is re-based over the new base
/// (``rewriteHistory(_:)``): undo never restores a value the merge replaced.
extension FormState {
    /// Whether ``undo()`` would change something.
    public var canUndo: Bool {
        _ = observed.valueVersion  // observed: the steps change only with a stored value
        return !isFrozen && !undoStack.isEmpty
    }

    /// Whether ``redo()`` would change something.
    public var canRedo: Bool {
        _ = observed.valueVersion  // observed: the steps change only with a stored value
        return !isFrozen && !redoStack.isEmpty
    }

    /// Goes back to the value before the last undo step. Does nothing when ``canUndo`` is false.
    public func undo() {
        guard canUndo, let previous = undoStack.popLast() else { return }
        redoStack.append(current)
        coalescingField = nil
        _ = replace(with: previous)
    }

    /// Applies again the last step undone. Does nothing when ``canRedo`` is false.
    public func redo() {
        guard canRedo, let next = redoStack.popLast() else { return }
        undoStack.append(current)
        coalescingField = nil
        _ = replace(with: next)
    }

    /// Ends the current run of coalescing edits, so the next edit starts its own undo step,
    /// for example when the focus moves to another field and back.
    public func breakUndoCoalescing() {
        coalescingField = nil
    }

    /// Rewrites every undo and redo step (a merge re-bases them over the store's new values),
    /// and ends the current run of coalescing edits so the next edit starts its own step.
    /// - Parameter transform: Makes the new step from an old one.
    func rewriteHistory(_ transform: (Value) -> Value) {
        undoStack = undoStack.map(transform)
        redoStack = redoStack.map(transform)
        coalescingField = nil
        observed.valueVersion &+= 1
    }

    /// Records the value before an edit, unless the edit continues a run of edits of one field.
    func recordUndoStep(before old: Value, changed: [String]) {
        let single = changed.count == 1 ? changed[0] : nil
        if single == nil || single != coalescingField || undoStack.isEmpty {
            undoStack.append(old)
        }
        coalescingField = single
    }
}
