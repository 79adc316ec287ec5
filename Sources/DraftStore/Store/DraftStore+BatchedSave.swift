import CSQLite

extension DraftStore {
    /// Saves many contexts, one after another, in one write transaction: all of them or none.
    ///
    /// For jobs too large for one context (an import of millions of rows): the closure fills a
    /// context, hands it to ``SaveBatch/save(_:policy:)``, and lets it go, so memory holds one
    /// batch at a time, not the whole job. Each save is checked as an ordinary save is (conflicts,
    /// rejections on their field, constraints, deferred foreign keys at the end of that save);
    /// nothing is committed until the closure returns. Then one `COMMIT` makes every batch
    /// durable at once (``DraftStore/Configuration/durability``), the commit enters the store's log, and
    /// observers are told once. A store that records changes (``Configuration/recordsChanges``)
    /// records each ``SaveBatch/save(_:policy:)`` as a changeset of its own, in the batch's
    /// transaction (so a batch's memory stays one context's, not the whole job's): they are in the
    /// change log when the batch commits, and gone with it when it rolls back.
    ///
    /// ```swift
    /// try store.batchedSave { batch in
    ///     while let rows = try reader.next(10_000) {
    ///         let context = store.newChildContext()
    ///         for row in rows { try context.insert(row) }
    ///         try batch.save(context)
    ///     }
    /// }
    /// ```
    ///
    /// When the closure throws, or the commit fails, the transaction is rolled back: the
    /// database is as before, and each context whose save the batch acknowledged (still alive)
    /// is discarded, since its objects show rows that were never committed. A context whose own
    /// ``SaveBatch/save(_:policy:)`` threw keeps its changes, as after a failed
    /// ``ObjectContext/save(policy:)``. When the COMMIT fails with an unknown outcome
    /// (``StorageFailure/Kind/outcomeUnknown``: an I/O error while committing), each context the
    /// batch saved that is still alive gets its changes back instead, under the temporary keys the
    /// app's values hold, as a failed ordinary save keeps its draft: a retry of the batch with them
    /// stores them once (a context with children of its own is discarded).
    ///
    /// While the closure runs, its thread holds the store's write lock: other threads' saves
    /// wait for it (their reads do not: they see the database as last committed). Reads made on
    /// the closure's thread — a context's fetch, a fetch of the store — see what the batch wrote so
    /// far. Do not call ``ObjectContext/save(policy:)``, another `batchedSave`, or ``DraftStore/close()``
    /// from the closure: a save is refused (``Misuse/transactionOpen``), the others would wait
    /// for the lock their own thread holds; neither is ``ObjectContext/staleObjects()``.
    ///
    /// The commit log lists the rows written up to ``SaveBatch/listedRowLimit``; a larger batched
    /// save counts as touching every row of the store (contexts then compare the rows they
    /// hold when asked whether they are stale).
    ///
    /// - Parameter body: Saves contexts through the ``SaveBatch`` it receives; do not keep the batch.
    /// - Throws: What `body` throws (after the rollback); ``SaveError`` `.storage` naming the
    ///   database when `BEGIN` or `COMMIT` fails (busy, disk full, I/O), `.finished` when the
    ///   store is closed or a transaction is open on it (``Misuse/transactionOpen``, also for a
    ///   `batchedSave` called from inside another's closure).
    /// - Complexity: The saves' own; memory beyond the contexts the closure keeps: the commit
    ///   log's keys, at most ``SaveBatch/listedRowLimit``.
    public func batchedSave(_ body: (SaveBatch) throws -> Void) throws {
        if openBatch.connectionOnCurrentThread() != nil { throw SaveError.finished(.transactionOpen) }
        let result: Result<UInt64, any Error> = writer.withLock { writer in
            let connection = writer
            if let misuse = self.misuse(of: connection) { return .failure(SaveError.finished(misuse)) }
            let batch = SaveBatch(store: self, sequence: state.withLock { $0.sequence } + 1)
            openBatch.open(connection)
            defer {
                batch.isOpen = false
                openBatch.close()
            }
            // BEGIN and COMMIT written out rather than `Connection.transaction`, whose closure would
            // tie the connection to the caller's `body`. Under the test harness's outer transaction,
            // a savepoint stands in, as `transaction` does.
            let nested = connection.isInTransaction
            do throws(SQLiteError) {
                try connection.execute(nested ? "SAVEPOINT draftstore_batch" : "BEGIN IMMEDIATE TRANSACTION")
            } catch {
                return .failure(SaveError.storage(error.naming(database: path)))
            }
            do {
                try body(batch)
                batch.isOpen = false
                if nested { try connection.execute("RELEASE SAVEPOINT draftstore_batch") } else { try connection.commit() }
                batch.releaseSnapshots()
                // Recorded while the write lock is still held, so commits enter the log in the order they hit the file.
                return .success(recordBatchCommit(batch))
            } catch {
                if nested {
                    try? connection.execute("ROLLBACK TO SAVEPOINT draftstore_batch")
                    try? connection.execute("RELEASE SAVEPOINT draftstore_batch")
                } else {
                    connection.rollbackIfOpen()
                }
                batch.discardAcknowledged(keepingChanges: (error as? SQLiteError)?.isCommitOutcomeUnknown == true)
                if let error = error as? SQLiteError { return .failure(SaveError.storage(error.naming(database: path))) }
                return .failure(error)
            }
        }
        _ = try result.get()
    }

    /// Records a batched save's commit in the log and hands it to the observers (nothing when it
    /// wrote no row); returns its sequence number. Called with the write lock held.
    private func recordBatchCommit(_ batch: SaveBatch) -> UInt64 {
        guard !batch.tables.isEmpty else { return state.withLock { $0.sequence } }
        return recordCommit(rows: batch.rows, changeset: Changeset())
    }
}

extension DraftStore {
    /// Runs `body` with the writer connection: the open transaction's of `batch`, whose thread
    /// already holds the write lock, or else under the lock.
    /// - Precondition: `batch`, if given, is open and this is its thread (``SaveBatch/save(_:policy:)`` checked).
    func withWriter<R>(joining batch: SaveBatch?, _ body: (Connection) -> sending R) -> sending R {
        if let batch { return body(batch.connection!) }
        return writer.withLock { connection in body(connection) }
    }
}
