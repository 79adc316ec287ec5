extension ObjectContext {
    /// A context's registrations as they were before a ``SaveBatch/save(_:policy:)`` settled
    /// them, for a batch whose COMMIT then has an unknown outcome: the context gets its changes
    /// back, so saving it again is the retry the error suggests.
    ///
    /// The rows are copy-on-write: the snapshot shares their storage until the settle changes it.
    struct BatchSnapshot {
        /// The registrations by table name, each with its rows as they were.
        let tables: [String: (state: TableState, rows: TableRows)]
        /// The insert counter, which orders the inserts.
        let insertCounter: Int
    }

    /// The registrations as they are now (before a batch's settle); `nil` for a context with
    /// children, whose descendants may follow the real ids at once: such a context is discarded
    /// when its batch fails, as for every other failure.
    /// - Complexity: O(*t*) in the tables registered; the settle that follows copies each table's rows once.
    func batchSnapshot() -> BatchSnapshot? {
        guard !hasChildren else { return nil }
        return BatchSnapshot(tables: tables.mapValues { ($0, $0.rows) }, insertCounter: insertCounter)
    }

    /// Puts back what ``batchSnapshot()`` took: every change the batch's save had settled is
    /// pending again, under the temporary keys the app's values still hold; runs no SQL.
    func restore(_ snapshot: BatchSnapshot) {
        lastState = nil
        registrations = snapshot.tables.mapValues { entry in
            entry.state.rows = entry.rows
            return entry.state
        }
        insertCounter = snapshot.insertCounter
        draftJournal?.changed()
    }
}
