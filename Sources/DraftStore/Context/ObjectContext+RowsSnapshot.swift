extension ObjectContext {
    /// Every registration of a context at one moment: what an undo step of a form over a graph
    /// (``PresentedChildren``) goes back to, cascades of a removed child included.
    struct RowsSnapshot {
        /// The registered rows, by table name.
        let rows: [String: TableRows]
    }

    /// The registrations as they are now.
    /// - Complexity: O(*tables*); the rows are copied on the next write to them (O(*rows* of that table)).
    func rowsSnapshot() -> RowsSnapshot { RowsSnapshot(rows: tables.mapValues(\.rows)) }

    /// Puts back the registrations of `snapshot`: rows registered since are dropped (read again
    /// when asked for), rows changed since take their state then. Inserts keep the order they
    /// had; later inserts come after them.
    /// - Parameter snapshot: Registrations taken by ``rowsSnapshot()`` in this context, whose
    ///   ancestors have not saved since (their temporary keys would be stale).
    func restore(_ snapshot: RowsSnapshot) {
        defer { draftJournal?.changed() }
        for (name, state) in tables {
            state.rows = snapshot.rows[name] ?? TableRows(name: state.schema.name, width: state.schema.columns.count)
        }
    }
}
