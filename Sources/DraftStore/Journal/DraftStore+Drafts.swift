import Foundation

extension DraftStore {
    /// The drafts the journal kept: editors that were open with unsaved edits when a process
    /// using this file ended (or that are open in another process now), oldest edit first.
    ///
    /// An item of this process appears too once its first edit was written; use
    /// ``flushDraftJournal()`` first to list what was just edited.
    /// - Returns: Each draft's id, entity, table, mode, key and time of its last edit.
    /// - Throws: ``DraftJournalError/storage(_:)`` when the journal cannot be read;
    ///   ``DraftJournalError/finished(_:)`` (``Misuse/storeClosed``) after ``close()``.
    public func restorableDrafts() throws(DraftJournalError) -> [RestorableDraft] {
        do {
            return try withReader { connection in try DraftJournal.list(on: connection) }
        } catch {
            throw Self.journalFailure(error)
        }
    }

    /// Writes every journal entry still waiting for its write (at most 20 ms old)
    /// and returns when they are written: before the app goes to the background, say.
    ///
    /// The journal writes between the store's saves (holding its writer), so inside a
    /// ``batchedSave(_:)`` closure it cannot write yet: there the entries stay scheduled and are
    /// written after the batch, and this returns at once.
    public func flushDraftJournal() {
        if openBatch.connectionOnCurrentThread() != nil { return }
        drafts.flushNow()
    }

    /// Removes a journal entry without restoring it (a draft the user does not want back, or one
    /// that no longer fits its table). Removing an entry that is not there does nothing.
    /// - Parameter id: The draft's id (``RestorableDraft/id``).
    /// - Throws: ``DraftJournalError/inUse(_:)`` when an item of this process holds it;
    ///   ``DraftJournalError/storage(_:)`` when the delete fails.
    public func discardDraft(id: UUID) throws(DraftJournalError) {
        if drafts.state.withLock({ $0.open.contains(id) }) { throw .inUse(id) }
        do {
            try checkOpen()
            try writer.withLock { connection throws -> Void in
                try DraftJournal.delete(id, on: connection)
            }
        } catch {
            throw Self.journalFailure(error)
        }
    }

    /// A journal failure as a ``DraftJournalError``.
    static func journalFailure(_ error: any Error) -> DraftJournalError {
        if let error = error as? DraftJournalError { return error }
        if let misuse = error as? Misuse { return .finished(misuse) }
        if let error = error as? SQLiteError { return .storage(error) }
        if let error = error as? SchemaError { return .schemaChanged(table: error.entity) }
        return .storage(SQLiteError(extendedCode: 1, message: "\(error)"))
    }
}
