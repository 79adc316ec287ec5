extension DraftStore {
    /// Opens an editor for a new object, choosing for this item whether its unsaved state is
    /// kept in the draft journal (whatever ``Configuration/journalsDrafts`` says).
    ///
    /// ```swift
    /// let item = try store.presentNew(Author(), journal: true)
    /// item.draft.name = "Octavia Butler"   // in the journal within 200 ms, without waiting for it
    /// ```
    /// - Parameters:
    ///   - draft: The starting values.
    ///   - journal: Whether to journal the item.
    /// - Returns: The presented item.
    /// - Throws: ``ContextError`` when `draft` already has an id in use; when journaling,
    ///   ``DraftJournalError``: `.implicitRowID` for a table with only the implicit rowid,
    ///   `.unavailable` for an in-memory, read-only or single-connection store, `.storage` when
    ///   the journal cannot be opened.
    public func presentNew<E: Entity>(_ draft: E, journal: Bool) throws -> PresentedItem<E> {
        try checkOpen()  // an editor of a closed store could never be saved
        let item = try PresentedItem(adding: draft, in: newChildContext())
        if journal { try item.startJournal() }
        return item
    }

    /// Opens an editor for an existing row, choosing for this item whether it is journaled.
    /// - Parameters:
    ///   - type: The entity type.
    ///   - key: The row's primary key.
    ///   - journal: Whether to journal the item.
    /// - Returns: The presented item.
    /// - Throws: What ``presentEdit(_:key:)`` throws; when journaling, what ``presentNew(_:journal:)`` throws.
    public func presentEdit<E: Entity>(_ type: E.Type, key: RowKey, journal: Bool) throws -> PresentedItem<E> {
        try checkOpen()
        let item = try PresentedItem<E>(editing: key, in: newChildContext())
        if journal { try item.startJournal() }
        return item
    }

    /// Opens an editor for the row with an integer key, choosing whether it is journaled; see ``presentEdit(_:key:journal:)``.
    /// - Throws: As ``presentEdit(_:key:journal:)``.
    public func presentEdit<E: Entity>(_ type: E.Type, id: Int64, journal: Bool) throws -> PresentedItem<E> {
        try presentEdit(type, key: RowKey(.integer(id)), journal: journal)
    }
}
