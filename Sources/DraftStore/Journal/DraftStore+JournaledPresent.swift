extension DraftStore {
    /// Opens an editor for a new object: a new child context with `draft` inserted in it
    /// (with a temporary id). Call it from the action that opens the editor.
    ///
    /// ```swift
    /// let item = try store.presentNew(Author(), journal: true)
    /// item.draft.name = "Octavia Butler"   // in the journal within 200 ms, without waiting for it
    /// ```
    /// - Parameters:
    ///   - draft: The starting values, such as `Author()` for a blank form.
    ///   - journal: Whether the item keeps its unsaved state in the draft journal; `nil` (the
    ///     default) does what ``Configuration/journalsDrafts`` says.
    /// - Returns: The presented item.
    /// - Throws: ``Misuse/storeClosed`` after ``close()``; ``ContextError`` when `draft` already has
    ///   an id that is in use in the context; when journaling, ``DraftJournalError``:
    ///   `.implicitRowID` for a table with only the implicit rowid, `.unavailable` for an
    ///   in-memory, read-only or single-connection store, `.storage` when the journal cannot be opened.
    public func presentNew<E: Entity>(_ draft: E, journal: Bool? = nil) throws -> PresentedItem<E> {
        try checkOpen()  // an editor of a closed store could never be saved
        let item = try PresentedItem(adding: draft, in: newChildContext())
        if journal ?? configuration.journalsDrafts { try item.startJournal() }
        return item
    }

    /// Opens an editor for an existing row: a new child context, and the row read into it as the draft.
    /// - Parameters:
    ///   - type: The entity type.
    ///   - key: The row's primary key.
    ///   - journal: Whether the item keeps its unsaved state in the draft journal; `nil` (the
    ///     default) does what ``Configuration/journalsDrafts`` says.
    /// - Returns: The presented item.
    /// - Throws: ``ContextError/missingRow(entity:table:key:)`` when no row has that key;
    ///   ``Misuse/storeClosed`` after ``close()``; ``SQLiteError`` when the read fails;
    ///   ``SchemaError`` when the entity does not fit its table; when journaling, what
    ///   ``presentNew(_:journal:)`` throws.
    public func presentEdit<E: Entity>(_ type: E.Type, key: RowKey, journal: Bool? = nil) throws -> PresentedItem<E> {
        try checkOpen()
        let item = try PresentedItem<E>(editing: key, in: newChildContext())
        if journal ?? configuration.journalsDrafts { try item.startJournal() }
        return item
    }

    /// Opens an editor for the row with an integer key; see ``presentEdit(_:key:journal:)``.
    /// - Throws: As ``presentEdit(_:key:journal:)``.
    public func presentEdit<E: Entity>(_ type: E.Type, id: Int64, journal: Bool? = nil) throws -> PresentedItem<E> {
        try presentEdit(type, key: RowKey(.integer(id)), journal: journal)
    }
}
