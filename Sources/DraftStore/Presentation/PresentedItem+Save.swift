extension PresentedItem {
    /// Validates the draft and saves it with its related objects: one transaction when the
    /// parent is the store, checked for conflicts field by field.
    ///
    /// Local rules are checked again here (a disabled button is not the only guard); the
    /// draft is stored normalized (trimmed where its fields trim). On success the item is
    /// finished and its context released. On failure nothing was written and the draft keeps
    /// every edit: the store's rejections are shown next to their fields until edited, those
    /// of the whole record and of related objects until the next edit or save attempt (they
    /// never disable Save), and the item can be saved again.
    /// - Parameter policy: How to merge rows someone else changed meanwhile; the context's
    ///   policy (``MergePolicy/error`` by default) when `nil`.
    /// - Returns: The saved entity with its real key and store-maintained values, and that key,
    ///   present and typed (``Saved/key``, ``Saved/rowID``): no `!` needed.
    /// - Throws: ``SaveError``: `.invalid` (local rules); `.rejected` (the store refused a
    ///   value, or the row was deleted in this context: each error with its ``StoreRejection``,
    ///   placed under the draft's fields, the whole record, or a related object); `.conflict`
    ///   (changed or deleted by someone else meanwhile); `.storage` (the database failed: busy,
    ///   full, I/O, read-only); `.finished` when already saved or cancelled, or when its context
    ///   or a parent of it was discarded.
    @discardableResult
    public func save(policy: MergePolicy? = nil) throws(SaveError) -> Saved<Draft> { try save(policy: policy, waitsForLock: true) }

    /// ``save(policy:)``; without `waitsForLock`, a write lock held by another connection fails
    /// the attempt at once (`SQLITE_BUSY`, nothing written, nothing remembered) for the async save to retry.
    func save(policy: MergePolicy?, waitsForLock: Bool) throws(SaveError) -> Saved<Draft> {
        guard !isFinished else { throw .finished(.itemFinished(saved: wasSaved)) }
        if context.isDiscarded { throw .finished(.contextDiscarded) }
        if context.hasDiscardedAncestor { throw .finished(.ancestorDiscarded) }
        form.markSaveAttempted()
        form.clearUnownedStoreErrors()
        let normalized = form.normalizedValue
        let local = Draft.validator.errors(in: normalized, mode: form.mode) + relatedErrors()
        guard local.isEmpty, form.asyncCheckErrors.isEmpty else { throw .invalid(local + form.asyncCheckErrors) }
        // An edit whose draft names another key would write the draft over that other row.
        if case let .edit(presented) = mode, let changed = changedKeyFields(of: normalized, presented: presented),
            !isInsertedCopy(normalized)
        {
            throw .invalid(
                changed.map {
                    FieldError(
                        field: $0, code: .keyChanged,
                        message: "This is the row's key; it cannot be changed here. Save it as new, or cancel.",
                        source: .local)
                })
        }
        do {
            try followTypedKey()
        } catch {
            let table = Draft.schema.table
            throw .invalid(
                table.keyColumns.map { FieldError(field: table.fields[$0], code: .keyChanged, message: "\(error)", source: .local) })
        }
        do {
            try registerPresentedRow(normalized)
            try context.update(normalized)
        } catch {
            let failure = updateFailure(error)
            guard case let .rejected(errors) = failure else {
                rememberFailure(failure)
                throw failure
            }
            form.setStoreErrors(errors)
            throw .rejected(form.storeErrors)
        }
        let result: SaveResult
        do {
            result = try context.save(policy: policy, waitsForLock: waitsForLock)
        } catch {
            try? context.update(form.value)
            guard case let .rejected(errors) = error else {
                if !waitsForLock, error.isLockBusy { throw error }
                rememberFailure(error)
                throw error
            }
            form.setStoreErrors(placed(errors))
            throw .rejected(form.storeErrors)
        }
        var key = Draft.schema.key(of: normalized)!
        if let temporary = key.integerValue, let real = result.insertedIDs[temporary] { key = RowKey(.integer(real)) }
        let saved = ((try? context.fetch(Draft.self, key: key)) ?? nil) ?? normalized
        finish(.saved, saved: [saved])
        return Saved(entity: saved, key: key)
    }

    /// Ends the presentation without writing anything: no SQL runs, the context and the
    /// draft are released, pending asynchronous checks are dropped.
    /// - Throws: ``SaveError/finished(_:)`` when the item was already saved or cancelled.
    public func cancel() throws(SaveError) {
        guard !isFinished else { throw .finished(.itemFinished(saved: wasSaved)) }
        finish(.cancelled, saved: [])
    }

    /// Runs validation and the save's writes inside a transaction that is rolled back, and
    /// returns every local error and every store rejection found for every object (each refused
    /// row is tested against every unique index, CHECK and NOT NULL column of its table, though
    /// SQLite stops at the first), placed as ``save(policy:)`` places them. Writes nothing.
    ///
    /// For an item presented in a nested context (whose parent is a context, not the store)
    /// only the local errors are returned: its save does not reach the store.
    /// - Returns: The errors a save would meet now; empty when it would succeed (barring conflicts and races).
    /// - Throws: ``SaveError/storage(_:)`` when the database fails; ``SaveError/finished(_:)`` when finished.
    public func dryRun() throws(SaveError) -> [FieldError] {
        guard !isFinished else { throw .finished(.itemFinished(saved: wasSaved)) }
        let normalized = form.normalizedValue
        let local = Draft.validator.errors(in: normalized, mode: form.mode) + relatedErrors()
        guard context.parent == nil else { return local }
        let previous = form.value
        try? context.update(normalized)
        defer { try? context.update(previous) }
        let rejections: [FieldError]
        do {
            rejections = try context.store.rejections(of: context.changeset())
        } catch {
            guard case let .rejected(errors) = error else { throw error }
            rejections = errors
        }
        return local + placed(rejections)
    }

    /// What changed in the store since the draft was read: each field with base / mine /
    /// theirs, or `wasDeleted` when the row is gone. `nil` when nothing changed.
    /// - Throws: ``SQLiteError`` when the check cannot read the database.
    public func staleness() throws -> StaleObject? {
        guard case let .edit(key) = mode else { return nil }
        return try context.staleObjects().first { $0.table == Draft.schema.table.name && $0.key == key }
    }

    /// Takes the store's values for fields only the store changed, keeps mine for fields
    /// only I changed, and returns the fields both changed (keeping mine), which need a decision.
    /// The undo history is re-based over the store's values (steps that held a replaced value hold the new one):
    /// undo never writes a value the store's change replaced.
    /// - Returns: The fields both sides changed, or a deleted-kind staleness; `nil` when nothing needs a decision.
    /// - Throws: ``SQLiteError`` when the database cannot be read.
    @discardableResult
    public func rebase() throws -> StaleObject? {
        let undecided = try rebasingHistory { try context.rebase() }
        guard let key = Draft.schema.key(of: form.value) else { return nil }
        if let fresh = try context.fetch(Draft.self, key: key) {
            // Take their values for fields I did not edit, without marking them edited.
            form.replaceKeepingHistory(with: fresh)
        }
        return undecided.first { $0.table == Draft.schema.table.name && $0.key == key }
    }

    /// Saves an edited row that was deleted in the store meanwhile as a new row, explicitly:
    /// under a new rowid where SQLite assigns keys, else under the same key.
    /// - Returns: The saved entity with its new key (``Saved``).
    /// - Throws: What ``save(policy:)`` throws.
    @discardableResult
    public func saveAsNew() throws(SaveError) -> Saved<Draft> {
        guard !isFinished else { throw .finished(.itemFinished(saved: wasSaved)) }
        var copy = form.normalizedValue
        let oldKey = Draft.schema.key(of: copy)
        // A rowid key property (`Int64?`) takes NULL, so the insert gets a new rowid; another key is kept.
        var cleared = copy
        // (A TEXT key in a `String?` property would take NULL too, and the insert would then fail.)
        let assignsKeys = (try? context.state(for: Draft.schema.table).info.assignsKeys) ?? true
        if assignsKeys,
            Draft.schema.writeKey(&cleared, RowKey(values: Array(repeating: .null, count: Draft.schema.table.keyColumns.count)))
        {
            copy = cleared
        }
        do {
            if let oldKey { context.forget(Draft.self, key: oldKey) }
            let inserted = try context.insert(copy)
            form.replaceKeepingHistory(with: inserted)
        } catch {
            throw updateFailure(error)
        }
        return try save()
    }

    private func relatedErrors() -> [FieldError] { relatedChecks.flatMap { $0() } }

    private func rememberFailure(_ error: SaveError) {
        observed.failure = (error, form.revision)
    }

    private func finish(_ ending: PresentationEnding, saved: [Draft]) {
        form.freeze()
        end(ending, saved: saved)
        context.discard()
    }
}

extension PresentedItem {
    /// Whether `draft`'s key is an insert of this item's context: the copy ``saveAsNew()`` made.
    func isInsertedCopy(_ draft: Draft) -> Bool {
        guard let key = Draft.schema.key(of: draft) else { return false }
        return context.changeset().changes(of: .insert).contains { $0.table == Draft.schema.table && $0.key == key }
    }

    /// Reads the edited row into the item's context again when the app forgot it there
    /// (``ObjectContext/forget(_:key:)``): its base is then the row as it is now. Only the row
    /// the item presents, under its own key; a draft with another key is refused before.
    /// - Throws: ``ContextError`` (a missing row) when the row is gone; ``SQLiteError`` when the read fails.
    private func registerPresentedRow(_ draft: Draft) throws {
        guard case let .edit(presented) = mode, changedKeyFields(of: draft, presented: presented) == nil,
            context.tables[Draft.schema.table.name]?.rows.slot(of: presented) == nil
        else { return }
        guard try context.fetch(Draft.self, key: presented) != nil else { throw ContextError.missing(Draft.schema.table, presented) }
    }

    /// The key of `draft` as its table stores it (a `String` key over a NUMERIC column holds
    /// `"12"`, stored as 12); `nil` when the draft has no key.
    func storedKey(of draft: Draft) -> RowKey? {
        guard let key = Draft.schema.key(of: draft) else { return nil }
        guard let state = try? context.state(for: Draft.schema.table) else { return key }
        return (try? state.info.storedKey(key, oracle: context.store.oracle)) ?? key
    }

    /// The fields of the key columns whose value in `draft` differs from the presented row's key
    /// (compared as the table stores them); `nil` when the key is unchanged.
    func changedKeyFields(of draft: Draft, presented: RowKey) -> [String]? {
        let schema = Draft.schema
        // Every draft set asks this. A key equal to the presented one by bytes and storage class
        // (`SQLiteValue.==`) is unchanged: the presented key is already in its stored form, and
        // an affinity's conversion of its own result gives that result again.
        if let given = schema.key(of: draft), given == presented { return nil }
        let table = schema.table
        guard let key = storedKey(of: draft) else { return table.keyColumns.map { table.fields[$0] } }
        guard key != presented, key.count == presented.count else { return nil }
        return table.keyColumns.indices.filter { key[$0] != presented[$0] }.map { table.fields[table.keyColumns[$0]] }
    }
}
