/// One object of a context whose row changed in the store since the context read it.
public struct StaleObject: Sendable, CustomStringConvertible {
    /// The row's table.
    public let table: String
    /// The row's key.
    public let key: RowKey
    /// The key's integer, for a table keyed by rowid; `nil` for other keys.
    public var id: Int64? { key.integerValue }
    /// True when the row was deleted in the store.
    public let wasDeleted: Bool
    /// Each field that changed in the store: base (what was read), mine (the context's value), theirs (the store's now).
    public let fields: [ConflictError.Field]

    /// Fields changed both in the store and in the context, to different values: they need a decision.
    public var conflictingFields: [ConflictError.Field] { fields.filter { $0.mine != $0.base && $0.mine != $0.theirs } }

    /// The staleness in words, a line per field.
    public var description: String {
        if wasDeleted { return "\(table)#\(key) was deleted in the store" }
        return fields.map { "\(table)#\(key).\($0.name): base \($0.base), mine \($0.mine), theirs \($0.theirs)" }.joined(separator: "\n")
    }
}

extension DraftStore {
    /// Notices commits by other connections and processes: when the writer's
    /// `PRAGMA data_version` moved (read outside any transaction), records an unknown commit
    /// so every registered row counts as possibly changed.
    /// - Returns: The store's commit sequence after the check.
    /// - Throws: ``Misuse/storeClosed`` after the store's ``close()``; ``SQLiteError`` when the pragma fails.
    func checkForForeignCommits() throws -> UInt64 {
        try checkOpen()
        let version = try writer.withLock { connection throws -> Int64 in try connection.dataVersion() }
        return state.withLock { state in
            if version != state.dataVersion {
                state.dataVersion = version
                _ = state.record(nil)
            }
            return state.sequence
        }
    }
}

extension ObjectContext {
    /// The objects of this context whose rows changed in the store since they were read —
    /// by this process or another one — with each changed field (base / mine / theirs).
    ///
    /// In a child context, "theirs" is the row as the parents show it over the store's
    /// latest values: a parent's own unsaved insert, edit or delete is not a change in the
    /// store, so a row read from it is stale only when the store moved under it.
    ///
    /// Cheap when nothing changed: the store's commit log tells which rows the commits of
    /// this process touched, and `PRAGMA data_version` whether another process committed;
    /// only rows that may have changed are read again. Nothing in the context changes, except
    /// that rows it holds under temporary ids a parent's save replaced move to their real ids
    /// first (see ``save(policy:)``): such a row is compared with the stored row, never
    /// reported as deleted because its temporary id is gone.
    /// - Returns: The stale objects; empty when the context is current.
    /// - Throws: ``SQLiteError`` when a read fails; ``ContextError`` after ``discard()`` of this context or a parent.
    public func staleObjects() throws -> [StaleObject] {
        try checkUsable()
        _ = try store.checkForForeignCommits()
        var result: [StaleObject] = []
        for state in tables.values {
            let table = state.schema
            for slot in state.rows.slotRange {
                let slotState = state.rows.state(at: slot)
                guard let kind = slotState.kind, kind != .inserted else { continue }
                let key = state.rows.key(at: slot)
                let readSequence = slotState.readSequence
                let maybe = store.state.withLock { $0.mayHaveChanged(table: table.name, key: key, since: readSequence) }
                guard maybe else { continue }
                let theirs = try latestView(table, key: key).values
                let base = state.rows.snapshot(at: slot)
                let mine = slotState.edit ?? base
                guard let theirs else {
                    result.append(StaleObject(table: table.name, key: key, wasDeleted: true, fields: []))
                    continue
                }
                let fields = base.indices.filter { !table.isMaintained($0) && base[$0] != theirs[$0] }.map {
                    ConflictError.Field(name: table.fields[$0], base: base[$0], mine: mine[$0], theirs: theirs[$0])
                }
                if !fields.isEmpty { result.append(StaleObject(table: table.name, key: key, wasDeleted: false, fields: fields)) }
            }
        }
        return result.sorted { $0.table != $1.table ? $0.table < $1.table : $0.key < $1.key }
    }

    /// Moves each stale object's base to the row as it is now: fields only they changed take
    /// their value, fields only I changed keep mine, and fields both changed keep mine and
    /// are returned as needing a decision. A save right after succeeds under
    /// ``MergePolicy/error`` unless the rows change again.
    ///
    /// Rows deleted in the store are returned with `wasDeleted` and left as they are. In a
    /// child context the row as it is now is what its parents show over the store's latest
    /// values (see ``staleObjects()``).
    /// - Returns: The objects with fields that need a decision, or that were deleted.
    /// - Throws: ``SQLiteError`` when a read fails; ``ContextError`` after ``discard()`` of this context or a parent.
    @discardableResult
    public func rebase() throws -> [StaleObject] {
        let stale = try staleObjects()
        defer { if !stale.isEmpty { draftJournal?.changed() } }
        var undecided: [StaleObject] = []
        for object in stale {
            guard tables[object.table]?.rows.registration(object.key) != nil else { continue }
            if object.wasDeleted {
                undecided.append(object)
                continue
            }
            guard try moveBase(table: object.table, key: object.key, fields: nil) else { continue }
            let conflicting = object.conflictingFields
            if !conflicting.isEmpty {
                undecided.append(StaleObject(table: object.table, key: object.key, wasDeleted: false, fields: conflicting))
            }
        }
        return undecided
    }

    /// Moves the base of a row's fields to the row as it is now: the one engine of
    /// ``rebase()`` and of resolving one field (``PresentedItem/resolve(_:_:)``).
    /// - Parameters:
    ///   - table: The row's table.
    ///   - key: The row's key.
    ///   - fields: The column indices to move; `nil` for a rebase of every field, where each
    ///     keeps mine when I changed it and takes theirs otherwise, and the row counts as read now.
    ///   - resolution: For the listed fields: keep mine or take theirs.
    /// - Returns: False when the row is not registered here, was inserted here, or is gone from the store.
    /// - Throws: ``SQLiteError`` when a read fails.
    func moveBase(table: String, key: RowKey, fields: [Int]?, resolution: FieldResolution = .keepMine) throws -> Bool {
        guard let state = tables[table], var registration = state.rows.registration(key), !registration.isInserted else {
            return false
        }
        let (theirsValues, sequence) = try latestView(state.schema, key: key)
        guard let theirs = theirsValues, var base = registration.base else { return false }
        let mine = registration.values ?? base
        var merged = mine
        for index in fields ?? Array(base.indices) {
            let edited = mine[index] != base[index] && !state.schema.isMaintained(index)
            let keepMine = fields == nil ? edited : resolution == .keepMine
            merged[index] = keepMine ? mine[index] : theirs[index]
            base[index] = theirs[index]
        }
        if fields == nil { registration.readSequence = sequence }
        registration.state = registration.isDeleted ? .deleted(base: base) : RowState.unchanged(base: base).showing(merged)
        state.rows.set(registration, for: key)
        if fields != nil { draftJournal?.changed() }
        return true
    }

    /// The row as this context's parents show it now, over the store's latest values (not
    /// the parents' possibly stale snapshots): what staleness is measured against.
    /// - Returns: The values (`nil` when the row is deleted or gone) and the store sequence they reflect.
    func latestView(_ table: TableSchema, key: RowKey) throws -> (values: [SQLiteValue]?, sequence: UInt64) {
        guard let parent else { return try store.readRow(table, key: key) }
        return try parent.latestValues(table, key: key)
    }

    /// This context's view of a row over the store's latest values: its insert as it is, its
    /// delete as none, its edited fields laid over the row as its parents show it now.
    func latestValues(_ table: TableSchema, key: RowKey) throws -> (values: [SQLiteValue]?, sequence: UInt64) {
        if let state = tables[table.name], let slot = state.rows.slot(of: key) {
            switch state.rows.state(at: slot) {
            case .inserted: return (state.rows.snapshot(at: slot), 0)
            case let .replaced(_, _, values): return (values, 0)
            case let .deleted(read): return (nil, read)
            case let .updated(_, edit):
                let (below, sequence) = try latestView(table, key: key)
                guard var values = below else { return (below, sequence) }
                let base = state.rows.snapshot(at: slot)
                for index in base.indices where edit[index] != base[index] { values[index] = edit[index] }
                return (values, sequence)
            case .unchanged, .free: break
            }
        }
        return try latestView(table, key: key)
    }
}
