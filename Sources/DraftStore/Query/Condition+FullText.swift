extension Condition {
    /// Rows of a full-text table (FTS5, FTS4) holding every word a person typed, as the table's
    /// tokenizer reads them: `"t" MATCH ?` with the text made safe by ``FullTextQuery/words(of:)``
    /// (quotes, `*`, `NEAR` and the like are words, never query syntax). Text without a word
    /// keeps every row.
    ///
    /// ```swift
    /// let hits = try await store.reads.fetch(
    ///     FetchRequest<Doc>.all.filter(.matching(searchField)).sorted(by: .rank))
    /// ```
    ///
    /// SQLite evaluates it: a context runs the request on the store when neither it nor a parent
    /// holds unsaved changes to the table, and otherwise refuses it with
    /// ``QueryError/fullTextNeedsStore(table:)``. On a table that is no full-text table the read
    /// fails with SQLite's error. See [FTS5](https://www.sqlite.org/fts5.html).
    /// - Parameter typed: Text as a person typed it.
    public static func matching(_ typed: String) -> Condition {
        let query = FullTextQuery.words(of: typed)
        return query.isEmpty ? .always : Condition(.match(query))
    }

    /// Rows of a full-text table matching a query in FTS syntax, as written (`"new york" OR boston`,
    /// `sea*`): for queries the app builds; text a person typed goes through ``matching(_:)``.
    /// - Parameter query: An FTS5 (or FTS4) query; a query SQLite cannot read fails the read with ``SQLiteError``.
    public static func matching(query: String) -> Condition { Condition(.match(query)) }
}

extension SortKey {
    /// Best match first: FTS5's `rank` (BM25 by default, smaller is better), for a request that
    /// filters by ``Condition/matching(_:)``. FTS4 tables have no `rank`: the read fails with
    /// SQLite's "no such column". Like matching, it runs on the store (see ``Condition/matching(_:)``).
    public static var rank: SortKey { SortKey(rankAscending: true) }
}
