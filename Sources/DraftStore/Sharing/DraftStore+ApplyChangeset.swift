import CSQLite
import Foundation

extension DraftStore {
    /// Applies a changeset made by another copy of the database (``CapturedChanges/changeset``,
    /// ``exportChanges(after:)``, `sqldiff --changeset`, the `sqlite3` shell's `.session`) in one
    /// `BEGIN IMMEDIATE … COMMIT` transaction, with DraftStore's field-level rules.
    ///
    /// For each changed row, the changeset's old values are the base, the row here is *mine* and
    /// the changeset's new values are *theirs*: a column changed only by the changeset is taken;
    /// a column also changed here since (mine differs from both) is a conflict; a row the changeset
    /// updates but that was deleted here, or that it deletes but that was changed here, is its own
    /// kind (``ChangesetConflict/Kind``). `policy` decides as for a save, the changeset in the
    /// draft's place: ``MergePolicy/error`` applies nothing when any row conflicts;
    /// ``MergePolicy/draftWins`` takes theirs for each conflicting field; ``MergePolicy/storeWins``
    /// keeps mine; ``MergePolicy/overwrite`` takes every column the changeset carries;
    /// ``MergePolicy/rollback`` keeps the whole row here. Every conflict is reported in the result.
    /// Foreign keys are checked at the end (`PRAGMA defer_foreign_keys`), so rows may come in any order.
    ///
    /// Observers and open contexts see the applied rows as after any save; a store that records
    /// changes records what the apply wrote.
    ///
    /// The store's own tables (`draftstore_migrations`, `draftstore_schema`, the change log, the
    /// draft journal: every table named `draftstore_…`) describe this copy, never another one:
    /// changes to them are skipped, never written, and counted in
    /// ``ChangesetApplication/skippedOwnChanges`` (a changeset from `sqldiff --changeset` between
    /// two copies carries them; applying them would overwrite this copy's migration record and change log).
    ///
    /// ```swift
    /// let report = try store.apply(SQLiteChangeset(data), policy: .storeWins)
    /// for conflict in report.conflicts { print(conflict) }
    /// ```
    /// - Parameters:
    ///   - changeset: A changeset in SQLite's format (not a patchset).
    ///   - policy: How rows changed on both sides are merged; ``MergePolicy/error`` by default.
    /// - Returns: Rows written, rows left as they were, every conflict, the commit's sequence number.
    /// - Complexity: One read by key per change, and one write per changed row.
    /// - Throws: ``ChangesetError``, and then nothing was written: `.patchset`, `.damaged` (checked
    ///   before SQLite reads it), `.unknownTable`, `.noPrimaryKey` (a table with only the implicit
    ///   rowid), `.schemaMismatch`, `.conflict` (under ``MergePolicy/error``, or a row deleted here
    ///   under ``MergePolicy/draftWins`` or ``MergePolicy/overwrite``), `.rejected` (a constraint),
    ///   `.storage`, `.finished` (a closed store, a transaction left open).
    @discardableResult
    public func apply(_ changeset: SQLiteChangeset, policy: MergePolicy = .error) throws(ChangesetError) -> ChangesetApplication {
        var operations: [ChangesetOperation]
        do {
            if try changeset.isPatchset() { throw ChangesetError.patchset }
            operations = try changeset.operations()
        } catch let error as ChangesetError {
            throw error
        } catch {
            throw .damaged(error as? SQLiteError ?? SQLiteError(extendedCode: SQLITE_CORRUPT, message: "\(error)"))
        }
        // The store's own tables are this copy's: skipped before anything is read or written.
        let skipped = operations.filter { ChangeLog.isOwn($0.table) }
        if !skipped.isEmpty { operations = operations.filter { !ChangeLog.isOwn($0.table) } }
        let result: Result<ChangesetApplication, ChangesetError> = writer.withLock { connection in
            if let misuse = self.misuse(of: connection) { return .failure(.finished(misuse)) }
            do {
                var merge = ChangesetMerge(policy: policy, store: self)
                let capture = configuration.recordsChanges ? try ChangeCapture(connection: connection) : nil
                var recorded: CapturedChanges?
                try connection.transaction(.immediate) {
                    try connection.execute("PRAGMA defer_foreign_keys = ON")
                    for operation in operations { try merge.apply(operation, on: connection) }
                    if merge.refused { throw ChangesetError.conflict(merge.conflicts) }
                    if connection.hasUnresolvedForeignKeys {
                        throw ChangesetError.rejected(
                            SQLiteError(extendedCode: SQLiteError.constraintForeignKey, message: "FOREIGN KEY constraint failed"))
                    }
                    recorded = try capture?.finish(on: connection, record: true)
                }
                let sequence =
                    merge.touched.isEmpty
                    ? state.withLock { $0.sequence } : recordCommit(rows: merge.unknownRows ? nil : merge.touched, changeset: Changeset())
                let application = ChangesetApplication(
                    applied: merge.applied, unchanged: merge.unchanged, conflicts: merge.conflicts, sequence: sequence, recorded: recorded,
                    skippedOwnChanges: skipped.count, skippedOwnTables: Array(Set(skipped.map(\.table))).sorted())
                return .success(application)
            } catch let error as ChangesetError {
                return .failure(error)
            } catch let error as SQLiteError {
                let named = error.naming(database: path)
                return .failure(error.isConstraintViolation ? .rejected(named) : .storage(named))
            } catch {
                return .failure(.storage(SQLiteError(extendedCode: SQLITE_ERROR, message: "\(error)").naming(database: path)))
            }
        }
        return try result.get()
    }
}
