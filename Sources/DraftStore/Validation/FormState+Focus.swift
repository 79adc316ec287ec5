/// Focus and visited ("touched") fields: what a form's UI tells the form state about where the
/// person is.
///
/// A UI that reports focus changes gets the usual on-blur behaviour of a form: the error of a
/// field being typed into waits until the focus leaves it, and a field left without a change
/// (a required name skipped with Tab) shows its error too.
///
/// ```swift
/// form.focus("email")
/// form.value.email = "mira@"      // no error shown yet: still typing
/// form.focus("bio")               // e-mail left: its error is visible, and stays live
/// form.visitedFields              // ["email"]
/// ```
extension FormState {
    /// Moves the focus to a field, or away from every field with `nil`: the field left becomes
    /// visited, and the next edit starts its own undo step. Ignored once the form is frozen.
    /// - Parameter field: The ``FieldDescriptor/name`` of the field now focused, or `nil`.
    public func focus(_ field: String?) {
        guard !isFrozen, field != focusedField else { return }
        if let left = focusedField { markVisited(left) }
        observed.focusedField = field
        breakUndoCoalescing()
    }

    /// Records that a field was visited, as when the focus leaves it: its local error becomes
    /// visible although the field may be unchanged.
    /// - Parameter field: The ``FieldDescriptor/name`` of the field.
    public func markVisited(_ field: String) {
        guard !visitedFields.contains(field) else { return }
        observed.visitedFields.insert(field)
    }
}
