extension DraftStore {
    /// Watches a query whose rows show a related value: each row with its parent through a
    /// to-one relationship (a book with its author, to show her name). `onChange` gets the result
    /// now, then again after each commit — of this store, or of another writer (file stores,
    /// within 50 ms) — that changes the rows or their parents: a renamed author delivers a new
    /// result, a commit to rows nobody shows delivers none.
    ///
    /// ```swift
    /// let observation = store.observe(FetchRequest<Book>.all, with: Book.author) { rows in
    ///     for (book, author) in rows { print(book.title, author?.name ?? "–") }
    /// }
    /// ```
    /// - Parameters:
    ///   - request: The query.
    ///   - relationship: The to-one relationship whose parent each row shows; a row whose
    ///     reference is NULL, or names no row, has `nil`.
    ///   - onChange: Called with each new result, on the engine's queue (one call at a time).
    /// - Returns: A token; the observation lasts as long as it does.
    /// - Complexity: Two SQL statements per commit to a table it reads, at one snapshot.
    public func observe<C: Entity, P: Entity>(
        _ request: FetchRequest<C>, with relationship: ToOne<C, P>, onChange: @escaping @Sendable ([(row: C, parent: P?)]) -> Void
    ) -> StoreObservation {
        observation.observe(request, with: relationship, store: self) { event in
            if case let .rows(rows) = event { onChange(rows) }
        }
    }
}
