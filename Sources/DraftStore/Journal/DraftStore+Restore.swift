import Foundation

extension DraftStore {
    /// Restores a journaled draft as a ``PresentedItem`` with the same identity (its ``PresentedItem/id``,
    /// mode, entity and key), every journaled edit, its related objects and the fields it had
    /// edited, and journals it again under the same entry.
    ///
    /// The restored rows keep the base snapshots they were read with, so the item is checked
    /// against the rows as they are now exactly as a live one: ``PresentedItem/staleness()``
    /// names the fields changed meanwhile (and a row deleted meanwhile), ``PresentedItem/rebase()``
    /// takes theirs, and ``PresentedItem/save(policy:)`` reports a conflict under
    /// ``MergePolicy/error``. An add's temporary keys are new ones of this store; references follow them.
    ///
    /// ```swift
    /// let drafts = try store.restorableDrafts()
    /// let item = try store.restoreDraft(Author.self, id: drafts[0].id, related: [Book.self])
    /// try item.staleness()   // what changed meanwhile, as for any open item
    /// try item.save()        // writes the edits; the entry goes in the same transaction
    /// ```
    /// - Parameters:
    ///   - type: The draft's entity type.
    ///   - id: The draft's id (``RestorableDraft/id``).
    ///   - related: The entity types of other rows the item's context holds (a book added with
    ///     its author), unless declared in ``Configuration/entities``.
    /// - Returns: The open item.
    /// - Throws: ``DraftJournalError``: `.notFound` (no such entry), `.inUse` (an item of this
    ///   process holds it), `.entityMismatch` (a draft of another type), `.unknownTable` (a
    ///   related type was not given), `.schemaChanged` (a table changed since the entry was
    ///   written: nothing is restored), `.unsupportedFormat` / `.damaged` (the entry cannot be
    ///   read), `.entryDisagrees` (the entry's contents name another draft, entity, table, mode or
    ///   key than the journal row it is stored in: nothing is restored), `.unavailable` (the store cannot journal), `.storage` (a read failed).
    public func restoreDraft<E: Entity>(_ type: E.Type, id: UUID, related: [any Entity.Type] = []) throws(DraftJournalError)
        -> PresentedItem<E>
    {
        if isClosed.load(ordering: .acquiring) { throw .finished(.storeClosed) }
        try drafts.open(self)
        if drafts.state.withLock({ $0.open.contains(id) }) { throw .inUse(id) }
        let entry = try journalEntry(id)
        guard entry.entity == E.schema.table.entityName else {
            throw .entityMismatch(expected: E.schema.table.entityName, found: entry.entity)
        }
        var schemas: [String: TableSchema] = [E.schema.table.name: E.schema.table]
        for type in related { schemas[type.tableSchema.name] = type.tableSchema }
        let context = newChildContext()
        var states: [String: TableState] = [:]
        for table in entry.tables {
            guard let schema = schemas[table.name] ?? self.table(named: table.name) else { throw .unknownTable(table.name) }
            try checkFits(schema, table)
            do { states[table.name] = try context.state(for: schema) } catch { throw .schemaChanged(table: table.name) }
        }
        let (ids, inserted) = try register(entry, in: context, states: states)
        let draftKey = RowKey(values: entry.key).replacingTemporaryIDs(ids)
        let item = try PresentedItem<E>(restoring: entry, key: draftKey, in: context)
        for row in inserted where !(row.table === E.schema.table && row.key == draftKey) {
            item.trackRelated(row.table.entityType, key: row.key)
        }
        try item.startJournal(hasEntry: true)
        return item
    }

    /// The stored entry of a draft, found by its own row and decoded; its contents must agree
    /// with that row (the id, entity, table, mode and key the journal lists it under).
    private func journalEntry(_ id: UUID) throws(DraftJournalError) -> DraftEntry {
        let stored: StoredEntry?
        do {
            stored = try withReader { connection in try DraftJournal.entryRow(id, on: connection) }
        } catch {
            throw Self.journalFailure(error)
        }
        guard let stored else { throw .notFound(id) }
        return try stored.decoded()
    }

    /// Throws unless a table is as the entry recorded it: the entity's columns, and the table's definition.
    private func checkFits(_ schema: TableSchema, _ table: DraftEntry.Table) throws(DraftJournalError) {
        guard schema.columns == table.columns else { throw .schemaChanged(table: table.name) }
        let definition: String?
        do {
            definition = try withReader { connection in try DraftJournal.definition(of: table.name, on: connection) }
        } catch {
            throw Self.journalFailure(error)
        }
        guard definition != nil, definition == table.definition else { throw .schemaChanged(table: table.name) }
    }

    /// Registers an entry's rows in a new context: inserts under new temporary keys (references
    /// follow), other rows with their journaled base snapshots, read "before" an unknown commit
    /// so that staleness reads every one of them again.
    /// - Returns: The new temporary keys by journaled ones, and the inserted rows (table and new key).
    private func register(_ entry: DraftEntry, in context: ObjectContext, states: [String: TableState]) throws(DraftJournalError)
        -> ([Int64: Int64], [(table: TableSchema, key: RowKey)])
    {
        // The bases were read in another process: as if another process committed since.
        let sequence = state.withLock { state -> UInt64 in
            let before = state.sequence
            _ = state.record(nil)
            return before
        }
        var ids: [Int64: Int64] = [:]
        var inserted: [(table: TableSchema, key: RowKey)] = []
        for row in entry.rows.sorted(by: { $0.insertOrder < $1.insertOrder }) {
            guard let state = states[row.table] else { throw .unknownTable(row.table) }
            let width = state.rows.width
            guard row.base.map({ $0.count == width }) ?? true, row.current.map({ $0.count == width }) ?? true else {
                throw .schemaChanged(table: row.table)
            }
            var key = RowKey(values: row.key)
            switch row.state {
            case "inserted":
                guard let current = row.current else { throw .damaged(entry.id) }
                if let temporary = key.integerValue, temporary < 0 {
                    // A one-to-one child keyed by its new parent's key takes the parent's new key (inserted before it).
                    let fresh = ids[temporary] ?? nextTemporaryID()
                    ids[temporary] = fresh
                    key = RowKey(.integer(fresh))
                }
                context.insertCounter += 1
                state.rows.set(
                    Registration(
                        state: row.base.map { .replaced(base: $0, values: current) } ?? .inserted(values: current),
                        readSequence: row.base == nil ? 0 : sequence, insertOrder: context.insertCounter),
                    for: key)
                inserted.append((state.schema, key))
            case "updated", "unchanged", "deleted":
                guard let base = row.base else { throw .damaged(entry.id) }
                let rowState: RowState =
                    switch (row.state, row.current) {
                    case ("deleted", _): .deleted(base: base)
                    case let ("updated", current?): .updated(base: base, values: current)
                    default: .unchanged(base: base)
                    }
                state.rows.set(Registration(state: rowState, readSequence: sequence), for: key)
            default:
                throw .damaged(entry.id)
            }
        }
        context.rewriteReferences(ids)
        return (ids, inserted)
    }
}

extension PresentedItem {
    /// An item restored from a journal entry whose rows are registered in `context`.
    /// - Throws: ``DraftJournalError/damaged(_:)`` when the entry holds no live row for its draft.
    convenience init(restoring entry: DraftEntry, key: RowKey, in context: ObjectContext) throws(DraftJournalError) {
        guard let draft = (try? context.fetch(Draft.self, key: key)) ?? nil else { throw .damaged(entry.id) }
        self.init(mode: entry.mode == "add" ? .add : .edit(key: key), context: context, draft: draft, id: entry.id)
        form.observed.editedFields = Set(entry.editedFields)
    }
}
