extension PresentedItem {
    /// The children of the draft through a to-many relationship, edited in this item's context:
    /// added, removed, edited (and reordered, see ``children(_:orderedBy:)``) with the draft, saved
    /// with it in one transaction, discarded with it by ``cancel()`` (no SQL runs).
    ///
    /// ```swift
    /// let item = try store.presentEdit(Author.self, id: 1)
    /// let books = try item.children(Author.books)
    /// try books.add(Book(title: "Kindred"))       // its author_id is the draft's key
    /// try books.remove(books.rows[0])
    /// try item.save()                             // the author and her books, one transaction
    /// ```
    /// - Parameter relationship: A to-many relationship whose parent is the draft's entity.
    /// - Returns: The list, read now in the item's context (its unsaved changes included).
    /// - Throws: ``Misuse/itemFinished(saved:)`` when the item is finished; ``RelationshipError``
    ///   when the relationship cannot be followed; what ``ObjectContext/fetch(_:)`` throws.
    /// - Complexity: One read of the child table.
    public func children<Child: Entity>(_ relationship: ToMany<Draft, Child>) throws -> PresentedChildren<Draft, Child> {
        try children(relationship, position: nil)
    }

    /// The children of the draft, as ``children(_:)`` edits them, kept in the order of an integer
    /// column (`position`): listed by it, a new child takes the next position, and
    /// ``PresentedChildren/move(fromOffsets:toOffset:)`` writes the new order into it (0, 1, 2…).
    /// - Parameters:
    ///   - relationship: A to-many relationship whose parent is the draft's entity.
    ///   - position: The children's order column.
    /// - Throws: As ``children(_:)``.
    public func children<Child: Entity>(
        _ relationship: ToMany<Draft, Child>, orderedBy position: WritableKeyPath<Child, Int64>
    ) throws -> PresentedChildren<Draft, Child> {
        try children(relationship, position: position)
    }

    private func children<Child: Entity>(
        _ relationship: ToMany<Draft, Child>, position: WritableKeyPath<Child, Int64>?
    ) throws -> PresentedChildren<Draft, Child> {
        guard !isFinished else { throw Misuse.itemFinished(saved: wasSaved) }
        let link = try relationship.inverse.link(context.store.foreignKeys)
        let list = PresentedChildren(item: self, relationship: relationship, link: link, position: position)
        try list.reload()
        childLists.append(ChildList(reload: { [weak list] in try list?.reload() }, errors: { [weak list] in list?.allErrors() ?? [] }))
        return list
    }

    /// The local errors of every child edited through ``children(_:)``, placed on the child (`books[2].title`).
    var childErrors: [FieldError] { childLists.flatMap { $0.errors() } }

    /// Records an edit of the children made after `before`: it becomes the last undo step, and
    /// what was undone can no longer be redone.
    func recordChildStep(before: ObjectContext.RowsSnapshot) {
        form.breakUndoCoalescing()
        form.redoStack.removeAll()
        graphHistory.redoSteps.removeAll()
        graphHistory.undoSteps.append(.init(before: before, after: context.rowsSnapshot(), depth: form.undoStack.count))
    }

    /// Undoes the last step of the children when it is the last edit; `false` when the draft's is.
    func undoChildStep() -> Bool {
        guard var step = graphHistory.undoSteps.last, step.depth == form.undoStack.count else { return false }
        graphHistory.undoSteps.removeLast()
        context.restore(step.before)
        step.depth = form.redoStack.count
        graphHistory.redoSteps.append(step)
        reloadChildLists()
        return true
    }

    /// Redoes the last undone step of the children when it is the next one; `false` when the draft's is.
    func redoChildStep() -> Bool {
        guard var step = graphHistory.redoSteps.last, step.depth == form.redoStack.count else { return false }
        graphHistory.redoSteps.removeLast()
        context.restore(step.after)
        step.depth = form.undoStack.count
        graphHistory.undoSteps.append(step)
        reloadChildLists()
        return true
    }

    private func reloadChildLists() {
        for list in childLists { try? list.reload() }
    }
}

/// A list of children presented with an item, as the item holds it (the list itself is the app's).
struct ChildList {
    let reload: () throws -> Void
    let errors: () -> [FieldError]
}
