extension PresentedItem {
    /// Validates the draft and saves it with its related objects: one transaction when the
    /// parent is the store, checked for conflicts field by field.
    ///
    /// Local rules are checked again here (a disabled button is not the only guard); the
    /// draft is stored normalized (trimmed where its fields trim). On success the item is
    /// finished and its context released. On failure nothing was written and the draft keeps
    /// every edit: the store's rejections are shown next to their fields until edited, and
    /// the item can be saved again.
    /// - Parameter policy: How to merge rows someone else changed meanwhile; the context's
    ///   policy (``MergePolicy/error`` by default) when `nil`.
    /// - Returns: The saved entity with its real id and store-maintained values.
    /// - Throws: ``SaveError``: `.invalid` (local rules), `.rejected` (the store refused a
    ///   value, or the row was deleted in this context), `.conflict`, `.storage`, or `.finished`
    ///   when already saved or cancelled, or when its context or a parent of it was discarded.
    @discardableResult
    public func save(policy: MergePolicy? = nil) throws(SaveError) -> Draft {
        guard !isFinished else { throw .finished("This editor was already \(finishedWord); open a new one to edit again.") }
        if context.isDiscarded || context.hasDiscardedAncestor {
            throw .finished("The context of this editor, or one it was opened in, was discarded; there is nothing to save into.")
        }
        form.markSaveAttempted()
        let normalized = form.normalizedValue
        let local = Draft.validator.errors(in: normalized) + relatedErrors()
        guard local.isEmpty, form.asyncCheckErrors.isEmpty else { throw .invalid(local + form.asyncCheckErrors) }
        // An edit whose draft names another key would write the draft over that other row.
        if case let .edit(presented) = mode, let changed = Self.changedKeyFields(of: normalized, presented: presented) {
            throw .invalid(
                changed.map {
                    FieldError(
                        field: $0, code: .keyChanged,
                        message: "This is the row's key; it cannot be changed here. Save it as new, or cancel.",
                        source: .local)
                })
        }
        do {
            try context.update(normalized)
        } catch {
            let deleted = FieldError(
                field: "id", code: .deleted, message: "This row was deleted; save it as new or cancel.", source: .store)
            throw .rejected([deleted])
        }
        let result: SaveResult
        do {
            result = try context.save(policy: policy)
        } catch {
            if case let .rejected(errors) = error { form.setStoreErrors(errors) } else { rememberFailure(error) }
            try? context.update(form.value)
            throw error
        }
        var key = Draft.schema.key(of: normalized)!
        if let temporary = key.integerValue, let real = result.insertedIDs[temporary] { key = RowKey(.integer(real)) }
        let saved = ((try? context.fetch(Draft.self, key: key)) ?? nil) ?? normalized
        finish(.saved(saved))
        return saved
    }

    /// Ends the presentation without writing anything: no SQL runs, the context and the
    /// draft are released, pending asynchronous checks are dropped.
    /// - Throws: ``SaveError/finished(_:)`` when the item was already saved or cancelled.
    public func cancel() throws(SaveError) {
        guard !isFinished else { throw .finished("This editor was already \(finishedWord).") }
        finish(.cancelled)
    }

    /// Runs validation and the save's writes inside a transaction that is rolled back, and
    /// returns every local error and the store's rejections (at most one per object, since
    /// SQLite stops at the first violated constraint of a statement). Writes nothing.
    ///
    /// For an item presented in a nested context (whose parent is a context, not the store)
    /// only the local errors are returned: its save does not reach the store.
    /// - Returns: The errors a save would meet now; empty when it would succeed (barring conflicts and races).
    /// - Throws: ``SaveError/storage(_:)`` when the database fails; ``SaveError/finished(_:)`` when finished.
    public func dryRun() throws(SaveError) -> [FieldError] {
        guard !isFinished else { throw .finished("This editor was already \(finishedWord).") }
        let normalized = form.normalizedValue
        let local = Draft.validator.errors(in: normalized) + relatedErrors()
        guard context.parent == nil else { return local }
        let previous = form.value
        try? context.update(normalized)
        defer { try? context.update(previous) }
        let rejections = try context.store.apply(context.changeset(), policy: .overwrite, dryRun: true).rejections
        return local + rejections.filter { rejection in !local.contains { $0.field == rejection.field } }
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
    /// - Returns: The fields both sides changed, or a deleted-kind staleness; `nil` when nothing needs a decision.
    /// - Throws: ``SQLiteError`` when the database cannot be read.
    @discardableResult
    public func rebase() throws -> StaleObject? {
        let undecided = try context.rebase()
        guard let key = Draft.schema.key(of: form.value) else { return nil }
        if let fresh = try context.fetch(Draft.self, key: key) {
            // Take their values for fields I did not edit, without marking them edited.
            form.replaceKeepingHistory(with: fresh)
        }
        return undecided.first { $0.table == Draft.schema.table.name && $0.key == key }
    }

    /// Saves an edited row that was deleted in the store meanwhile as a new row, explicitly:
    /// under a new rowid where SQLite assigns keys, else under the same key.
    /// - Returns: The saved entity with its new key.
    /// - Throws: What ``save(policy:)`` throws.
    @discardableResult
    public func saveAsNew() throws(SaveError) -> Draft {
        guard !isFinished else { throw .finished("This editor was already \(finishedWord).") }
        var copy = form.normalizedValue
        let oldKey = Draft.schema.key(of: copy)
        // A rowid key property (`Int64?`) takes NULL, so the insert gets a new rowid; another key is kept.
        var cleared = copy
        if Draft.schema.writeKey(&cleared, RowKey(values: Array(repeating: .null, count: Draft.schema.table.keyColumns.count))) {
            copy = cleared
        }
        do {
            if let oldKey { context.forget(Draft.self, key: oldKey) }
            let inserted = try context.insert(copy)
            form.replaceKeepingHistory(with: inserted)
        } catch {
            throw .storage(SQLiteError(extendedCode: 1, message: "\(error)"))
        }
        return try save()
    }

    private var finishedWord: String {
        if case .saved? = outcome { return "saved" }
        return "cancelled"
    }

    private func relatedErrors() -> [FieldError] { relatedChecks.flatMap { $0() } }

    private func rememberFailure(_ error: SaveError) {
        failure = (error, form.revision)
    }

    private func finish(_ outcome: Outcome) {
        form.freeze()
        self.outcome = outcome
        context.discard()
    }
}

extension PresentedItem {
    /// The fields of the key columns whose value in `draft` differs from the presented row's key;
    /// `nil` when the key is unchanged.
    static func changedKeyFields(of draft: Draft, presented: RowKey) -> [String]? {
        let table = Draft.schema.table
        guard let key = Draft.schema.key(of: draft) else { return table.keyColumns.map { table.fields[$0] } }
        guard key != presented, key.count == presented.count else { return nil }
        return table.keyColumns.indices.filter { key[$0] != presented[$0] }.map { table.fields[table.keyColumns[$0]] }
    }
}
