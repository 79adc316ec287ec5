import CSQLite

/// The open transaction of a ``DraftStore/batchedSave(_:)``: it saves one context after
/// another into that one transaction, so a large job is written in batches whose contexts can
/// be released as it goes, and still commits all or nothing.
///
/// ```swift
/// try store.batchedSave { batch in
///     for chunk in rows.chunks(ofCount: 10_000) {
///         let context = store.newChildContext()
///         for row in chunk { try context.insert(row) }
///         try batch.save(context)    // written, not committed; `context` can go now
///     }
/// }                                  // one COMMIT for every batch, then observers
/// ```
///
/// Each ``save(_:policy:)`` is an ordinary save of its context — dependency order, conflict
/// checks field by field, rejections on the field they concern, real ids — run in a savepoint of
/// the batch's transaction: when it throws, what it wrote is undone and the context keeps its
/// changes (the closure may go on, or rethrow to roll the whole batch back). When it returns,
/// the context's objects are unchanged with their real ids, as after ``ObjectContext/save(policy:)``.
/// A store that records changes records each such save in its change log, as it records a save.
///
/// A batch is not `Sendable` and lives only for its closure; using it after is a misuse.
public final class SaveBatch {
    /// The store.
    let store: DraftStore
    /// The writer connection the transaction is open on, while it is, on the batch's thread;
    /// `nil` after the closure, or on another thread.
    var connection: Connection? { isOpen ? store.openBatch.connectionOnCurrentThread() : nil }
    /// The sequence number the commit will have (nothing else commits while the batch holds the writer).
    let sequence: UInt64
    /// Whether the closure is still running and the transaction still open.
    var isOpen = true
    /// The tables written to, for observers.
    var tables: Set<String> = []
    /// The keys written, by table, for the commit log; `nil` once more than ``listedRowLimit``
    /// were, or SQLite changed rows itself: the commit then counts as touching any row.
    var rows: [String: Set<RowKey>]? = [:]
    /// Whether the last save's writes made SQLite change rows itself.
    var lastSaveChangedUnlistedRows = false
    /// The contexts whose saves the batch acknowledged: discarded if it rolls back, or given
    /// their changes back when its COMMIT has an unknown outcome.
    private var acknowledged: [WeakContext] = []

    /// How many row keys the commit log lists for one batched save; beyond, the commit counts as
    /// touching every row (contexts then compare the rows they hold when asked whether they are stale).
    public static let listedRowLimit = 100_000

    /// The number of rows written (inserted, updated or deleted) by the batch's saves so far.
    public private(set) var savedRowCount = 0

    /// A weak reference to a context, so the batch does not keep a released context alive, and
    /// its registrations from before the save (which die with it).
    private struct WeakContext {
        weak var context: ObjectContext?
    }

    init(store: DraftStore, sequence: UInt64) {
        self.store = store
        self.sequence = sequence
    }

    /// Writes a context's changes into the batch's transaction; they are committed (or rolled
    /// back) with the whole batch.
    ///
    /// A child of another context is saved into its parent, as by ``ObjectContext/save(policy:)``.
    ///
    /// - Parameters:
    ///   - context: A context of this store, with changes.
    ///   - policy: Overrides the context's ``ObjectContext/mergePolicy`` for this save.
    /// - Returns: The changeset and the real ids of inserted objects (in the database once the batch commits).
    /// - Throws: ``SaveError`` as ``ObjectContext/save(policy:)`` does, and `.finished` with
    ///   ``Misuse/batchFinished`` after the closure returned, on another thread than the closure's,
    ///   or after SQLite ended the transaction on a failure (disk full, I/O); ``Misuse/otherStore``
    ///   for a context of another store.
    /// - Complexity: O(*n*) in the context's registered objects, plus the writes.
    @discardableResult
    public func save(_ context: ObjectContext, policy: MergePolicy? = nil) throws(SaveError) -> SaveResult {
        guard let connection, connection.isInTransaction else { throw .finished(.batchFinished) }
        guard context.store === store else { throw .finished(.otherStore) }
        if context.parent != nil { return try context.save(policy: policy) }
        if context.isDiscarded { throw .finished(.contextDiscarded) }
        let changeset = context.changeset()
        guard !changeset.isEmpty else { return SaveResult(changeset: changeset, insertedIDs: [:]) }
        let rows: [SavedRow]
        do {
            // Recorded per save, not per batch: a session over a whole import would hold every row's key.
            let recording = store.configuration.recordsChanges
            rows = try store.save(changeset, policy: policy ?? context.mergePolicy, batch: self, capture: recording).rows
        } catch {
            // Some failures (a full disk, an I/O error) end the whole transaction in SQLite.
            if !connection.isInTransaction { isOpen = false }
            throw error
        }
        context.pendingBatchSnapshot = context.batchSnapshot()
        context.settle(saved: rows, sequence: sequence)
        context.recordSavedIDs(rows)
        if lastSaveChangedUnlistedRows { context.refreshUnchanged(sequence: sequence) }
        acknowledged.removeAll { $0.context == nil }
        acknowledged.append(WeakContext(context: context))
        var ids: [Int64: Int64] = [:]
        for row in rows where row.key != row.newKey {
            if let temporary = row.key.integerValue, let real = row.newKey.integerValue { ids[temporary] = real }
        }
        context.releaseInserted(changeset, ids: ids)
        return SaveResult(changeset: changeset, insertedIDs: ids)
    }

    /// Records one save's rows for the commit (called by the store inside the save's savepoint,
    /// with the write lock held) and returns the sequence the rows will reflect; observers are
    /// told once, when the whole batch commits.
    func add(_ saved: [SavedRow], unknownRows: Bool) -> UInt64 {
        lastSaveChangedUnlistedRows = unknownRows
        savedRowCount += saved.count
        if unknownRows || savedRowCount > Self.listedRowLimit { rows = nil }
        var table: TableSchema?
        for row in saved where row.table !== table {
            table = row.table
            tables.insert(row.table.name)
        }
        if rows != nil {
            for row in saved { rows![row.table.name, default: []].insert(row.newKey) }
        }
        return sequence
    }

    /// After a rollback: every context whose save the batch acknowledged and that is still
    /// alive is discarded, so none shows rows the database does not have; when the COMMIT's
    /// outcome is unknown (`keepingChanges`), each gets its changes back instead (a context with
    /// children is discarded), so saving it again stores them once.
    func discardAcknowledged(keepingChanges: Bool = false) {
        for entry in acknowledged {
            guard let context = entry.context else { continue }
            if keepingChanges, let snapshot = context.pendingBatchSnapshot {
                context.restore(snapshot)
            } else {
                context.discard()
            }
            context.pendingBatchSnapshot = nil
        }
        acknowledged.removeAll()
    }

    /// After the COMMIT: the contexts' snapshots are no longer needed.
    func releaseSnapshots() {
        for entry in acknowledged { entry.context?.pendingBatchSnapshot = nil }
        acknowledged.removeAll()
    }
}
