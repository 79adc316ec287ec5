/// The undo and redo steps of a form's children (``PresentedChildren``), interleaved with the
/// draft's own steps (``FormState``): each step remembers how many draft steps were below it, so
/// ``PresentedItem/undo()`` takes back the last edit, of the draft or of a child, whichever came last.
struct GraphHistory {
    /// One edit of the children: the context's registrations before and after it.
    struct Step {
        let before: ObjectContext.RowsSnapshot
        let after: ObjectContext.RowsSnapshot
        /// The number of the draft's undo steps (or redo steps, on the redo stack) below this one.
        var depth: Int
    }

    /// The children's steps that can be undone, most recent last.
    var undoSteps: [Step] = []
    /// The children's steps undone, most recent last.
    var redoSteps: [Step] = []
}
