/// What a successful save did.
public struct SaveResult: Sendable {
    /// The changes that were pushed to the parent.
    public let changeset: Changeset
    /// Real rowids of the objects inserted with temporary keys, by their temporary keys (empty
    /// when the parent is a context; rows with keys of their own keep them).
    public let insertedIDs: [Int64: Int64]
    /// The save's writes as an SQLite session changeset and patchset, when the context
    /// ``ObjectContext/capturesChanges`` or the store records changes, and the save wrote into
    /// the store; `nil` otherwise (a save into a parent context, an empty save).
    public internal(set) var capturedChanges: CapturedChanges? = nil
}

extension ObjectContext {
    /// The changes of this context: the deletes of rows whose key an insert takes again, then
    /// inserts in the order they were made, then updates, then deletes.
    /// - Complexity: O(*n*) in the registered objects, plus sorting the inserts.
    public func changeset() -> Changeset {
        var changeset = Changeset()
        var inserts: [(order: Int, change: Changeset.Change)] = []
        var others: [Changeset.Change] = []
        var replaced: [Changeset.Change] = []
        for state in tables.values where state.rows.changeCount > 0 {
            let table = state.schema
            let rows = state.rows
            let allColumns = Array(table.columns.indices)
            inserts.reserveCapacity(inserts.count + rows.changeCount)
            for slot in rows.slotRange {
                let key = rows.key(at: slot)
                switch rows.state(at: slot) {
                case let .inserted(order):
                    let values = rows.snapshot(at: slot)
                    inserts.append(
                        (order, .init(table: table, key: key, state: .inserted(values: values), changedColumns: allColumns)))
                case let .updated(_, current):
                    let base = rows.snapshot(at: slot)
                    let changed = base.indices.filter { base[$0] != current[$0] }
                    others.append(.init(table: table, key: key, state: .updated(base: base, values: current), changedColumns: changed))
                case .deleted:
                    others.append(
                        .init(table: table, key: key, state: .deleted(base: rows.snapshot(at: slot)), changedColumns: []))
                case let .replaced(_, order, values):
                    replaced.append(.init(table: table, key: key, state: .deleted(base: rows.snapshot(at: slot)), changedColumns: []))
                    inserts.append(
                        (order, .init(table: table, key: key, state: .inserted(values: values), changedColumns: allColumns)))
                case .unchanged, .free: break
                }
            }
        }
        inserts.sort { $0.order < $1.order }
        changeset.changes = replaced + inserts.map(\.change) + others.filter { $0.kind == .update } + others.filter { $0.kind == .delete }
        return changeset
    }

    /// Pushes this context's changes into its parent as one changeset.
    ///
    /// - Into a parent context: the parent's scratch now holds them; the database is untouched.
    /// - Into the store: one `BEGIN IMMEDIATE … COMMIT` transaction for every change of every
    ///   table, in dependency order, each updated or deleted row checked field by field
    ///   against what its parent holds now, under ``mergePolicy``; then observers are told.
    ///
    /// On success the context's objects become unchanged, with real ids. On failure nothing
    /// was written anywhere and the context keeps every change: fix the cause and save again.
    ///
    /// A save into the store gives temporary ids real ones in this context at once, and in its
    /// child contexts (and theirs) lazily: the next time one is used (a fetch, an edit, a save,
    /// ``staleObjects()``), its registrations and the references its objects hold move to the
    /// real ids, and a temporary id passed to it finds the saved row. A save into a parent
    /// context keeps temporary ids: the parent's own save into the store replaces them.
    ///
    /// SQLite checks a `UNIQUE` constraint (and a foreign key that is not deferred) at each
    /// statement, so the store runs the save's statements in an order that satisfies them: a
    /// row that frees a unique value before a row that takes it (delete a row and insert one
    /// with its e-mail, in one save), a parent before the rows that reference it, a child before
    /// the parent it leaves. Two rows swapping a unique value cannot be written in any order:
    /// that save is refused (`.rejected`, saying so, nothing written); give one of them an
    /// intermediate value and save first. Unique indexes over expressions, or partial ones,
    /// are not ordered for (SQLite still enforces them).
    /// - Parameter policy: Overrides ``mergePolicy`` for this save.
    /// - Returns: The changeset and the real ids of inserted objects.
    /// - Throws: ``SaveError``: `.conflict` (someone else changed the same fields, or deleted
    ///   the row), `.rejected` (a constraint, a trigger's `RAISE`, a DEFERRABLE foreign key, a
    ///   reference to an unsaved row of another context: field errors each carrying its
    ///   ``StoreRejection``), `.storage` (busy, disk full, I/O, read-only), `.finished` (a misuse:
    ///   after ``discard()`` of this context or of a parent, a closed store, a transaction left open on it).
    @discardableResult
    public func save(policy: MergePolicy? = nil) throws(SaveError) -> SaveResult { try save(policy: policy, waitsForLock: true) }

    /// ``save(policy:)``, waiting up to the busy timeout for another connection's write lock or
    /// (for the async save) failing at once with `SQLITE_BUSY`, nothing written.
    func save(policy: MergePolicy?, waitsForLock: Bool) throws(SaveError) -> SaveResult {
        if isDiscarded { throw .finished(.contextDiscarded) }
        if depth > Self.maximumDepth { throw .finished(.nestedTooDeep(depth: depth, maximum: Self.maximumDepth)) }
        if hasDiscardedAncestor {
            throw .finished(.ancestorDiscarded)
        }
        let changeset = changeset()
        guard !changeset.isEmpty else { return SaveResult(changeset: changeset, insertedIDs: [:]) }
        let policy = policy ?? mergePolicy
        if let parent {
            try parent.merge(changeset, policy: policy)
            settle(
                saved: changeset.changes.map { change in
                    let values = change.kind == .delete ? nil : change.values
                    return SavedRow(table: change.table, key: change.key, newKey: change.key, values: values)
                }, sequence: nil)
            return SaveResult(changeset: changeset, insertedIDs: [:])
        }
        let outcome = try store.save(
            changeset, policy: policy, draft: draftJournal, capture: capturesChanges || store.configuration.recordsChanges,
            waitsForLock: waitsForLock)
        let (rows, sequence, captured) = (outcome.rows, outcome.sequence, outcome.captured)
        settle(saved: rows, sequence: sequence)
        recordSavedIDs(rows)
        if store.state.withLock({ $0.changedUnlistedRows(sequence) }) { refreshUnchanged(sequence: sequence) }
        var ids: [Int64: Int64] = [:]
        for row in rows where row.key != row.newKey {
            if let temporary = row.key.integerValue, let real = row.newKey.integerValue { ids[temporary] = real }
        }
        releaseInserted(changeset, ids: ids)
        return SaveResult(changeset: changeset, insertedIDs: ids, capturedChanges: captured)
    }

    /// After a save: each saved row becomes unchanged with the saved values as its base, under its real id.
    func settle(saved rows: [SavedRow], sequence: UInt64?) {
        // New keys matter only to references held by other objects of this context.
        let followsIDs = tables.values.contains { !$0.info.referenceColumns.isEmpty }
        var ids: [Int64: Int64] = [:]
        var state: TableState?
        for row in rows {
            // Saved rows come in runs of one table: look its state up once per run.
            if state?.schema !== row.table { state = tables[row.table.name] }
            if followsIDs, row.key != row.newKey, let temporary = row.key.integerValue, let real = row.newKey.integerValue {
                ids[temporary] = real
            }
            // The row keeps its slot, under its real key.
            state?.rows.settle(row.key, as: row.newKey, values: row.values, readSequence: sequence)
        }
        // References held by other objects of this context follow the new ids.
        rewriteReferences(ids)
    }

    /// After a save in which SQLite changed rows of its own accord (an `ON DELETE SET DEFAULT`,
    /// a trigger): this context's unchanged rows are read again, so it shows what SQLite did; a
    /// row it no longer finds is forgotten. Rows with unsaved edits are left for
    /// ``staleObjects()`` and ``rebase()``. A read that fails leaves the row as it was.
    func refreshUnchanged(sequence: UInt64) {
        for state in tables.values {
            var moves: [(RowKey, [SQLiteValue]?)] = []
            for slot in state.rows.slotRange where state.rows.state(at: slot).kind == .unchanged {
                let key = state.rows.key(at: slot)
                guard let read = try? store.readRow(state.schema, key: key) else { continue }
                if read.values != state.rows.snapshot(at: slot) { moves.append((key, read.values)) }
            }
            for (key, values) in moves { state.rows.settle(key, as: key, values: values, readSequence: sequence) }
        }
    }

    /// Merges a child's changeset into this context's scratch, under `policy`; all or nothing.
    /// - Throws: ``SaveError``: `.conflict` (this context's copy changed the same fields, or
    ///   deleted the row), `.storage` when reading a row this context does not hold fails.
    func merge(_ changeset: Changeset, policy: MergePolicy) throws(SaveError) {
        var scratch = ScratchTarget(context: self)
        do {
            try ChangesetApplier(policy: policy).apply(changeset.changes, to: &scratch)
        } catch let error as SaveError {
            throw error
        } catch let error as SQLiteError {
            throw .storage(error)
        } catch {
            throw .storage(SQLiteError(extendedCode: 1, message: "\(error)"))
        }
        scratch.carryOut()
        draftJournal?.changed()
    }

    /// Undoes every change of this context: inserted objects are forgotten, updated and
    /// deleted ones return to their base snapshot. Runs no SQL.
    public func rollback() {
        defer { draftJournal?.changed() }
        for state in tables.values where state.rows.changeCount > 0 {
            for slot in state.rows.slotRange { state.rows.revert(slot) }
        }
    }

    /// Drops the context and everything in it; nothing is written and no SQL runs. Later
    /// use of the context, or of a child context made from it, throws.
    public func discard() {
        draftJournal?.end()
        tables.removeAll()
        lastState = nil
        savedIDs.removeAll()
        savedIDLog.removeAll()
        isDiscarded = true
    }
}
