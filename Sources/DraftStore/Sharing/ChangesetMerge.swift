import CSQLite

/// Applies the changes of one changeset to the writer, inside its transaction, row by row with
/// DraftStore's field-level rules: the changeset's old values are the base, the row here is
/// *mine*, the changeset's new values are *theirs*. ``MergeResolution`` decides each row as for
/// a save (the changeset stands where a save's draft stands, this copy where the store stands);
/// every row changed on both sides is reported, whatever the policy did with it.
struct ChangesetMerge {
    /// The merge policy.
    let policy: MergePolicy
    /// The store, for its declared schemas and side effects.
    let store: DraftStore
    /// The tables met, by the changeset's name.
    private var tables: [String: ChangesetTable] = [:]
    /// Every conflict found.
    private(set) var conflicts: [ChangesetConflict] = []
    /// Whether a row was refused: nothing may be committed.
    private(set) var refused = false
    /// The rows written, by table, for the commit log.
    private(set) var touched: [String: Set<RowKey>] = [:]
    /// Whether SQLite may have changed other rows itself (triggers, foreign-key actions).
    private(set) var unknownRows = false
    /// Rows written.
    private(set) var applied = 0
    /// Changes that left a row as it was (already so here, or kept by the policy).
    private(set) var unchanged = 0

    init(policy: MergePolicy, store: DraftStore) {
        self.policy = policy
        self.store = store
    }

    /// Applies one change.
    /// - Throws: ``ChangesetError`` for a table that does not fit or a change without its key;
    ///   ``SQLiteError`` when a write fails.
    mutating func apply(_ operation: ChangesetOperation, on connection: Connection) throws {
        let table = try self.table(for: operation, on: connection)
        let keyed = operation.kind == .insert ? operation.new : operation.old
        guard table.keyColumns.allSatisfy({ keyed[$0] != nil }) else { throw Self.damaged("a change without its key") }
        let key = RowKey(values: table.keyColumns.map { keyed[$0]! })
        let current = try table.current(key, on: connection)
        switch operation.kind {
        case .insert:
            guard !operation.new.contains(where: { $0 == nil }) else { throw Self.damaged("an insert without every value") }
            let new = operation.new.map { $0! }
            guard let current else {
                try connection.run(table.insertSQL, new)
                return wrote(table, key, .insert)
            }
            let others = new.indices.filter { !table.keyColumns.contains($0) }
            let base = [SQLiteValue](repeating: .null, count: new.count)
            try merge(table, key, .insertedOnBothSides, base: base, incoming: new, changed: others, current: current, connection)
        case .update:
            let changed = operation.new.indices.filter { operation.new[$0] != nil && !table.keyColumns.contains($0) }
            let start = current ?? operation.old.map { $0 ?? .null }
            let base = start.indices.map { operation.old[$0] ?? start[$0] }
            let incoming = start.indices.map { operation.new[$0] ?? start[$0] }
            try merge(
                table, key, current == nil ? .deletedHere : .changedOnBothSides, base: base, incoming: incoming, changed: changed,
                current: current, connection)
        case .delete:
            guard let current else { return unchanged += 1 }  // Deleted on both sides.
            guard !operation.old.contains(where: { $0 == nil }) else { throw Self.damaged("a delete without every old value") }
            try delete(table, key, base: operation.old.map { $0! }, current: current, connection)
        }
    }

    /// Merges an update (or an insert whose key is taken here) into the row as it is.
    private mutating func merge(
        _ table: ChangesetTable, _ key: RowKey, _ kind: ChangesetConflict.Kind, base: [SQLiteValue], incoming: [SQLiteValue],
        changed: [Int], current: [SQLiteValue]?, _ connection: Connection
    ) throws {
        let decide = { (policy: MergePolicy) in
            MergeResolution.update(table: table, base: base, mine: incoming, changed: changed, theirs: current, policy: policy)
        }
        let report = decide(.error)
        let verdict = policy == .error ? report : decide(policy)
        switch report {
        case let .conflict(fields):
            let swapped = fields.map { ConflictError.Field(name: $0.name, base: $0.base, mine: $0.theirs, theirs: $0.mine) }
            let first = table.columns.firstIndex(of: fields[0].name) ?? -1
            conflicts.append(
                ChangesetConflict(table: table.name, key: key, kind: kind, fields: swapped, resolution: resolution(verdict, first)))
        case .deleted:
            conflicts.append(ChangesetConflict(table: table.name, key: key, kind: kind, fields: [], resolution: resolution(verdict, -1)))
        case .write, .drop: break
        }
        switch verdict {
        case let .write(columns):
            // `.write` comes only for a row that exists here.
            let written = columns.filter { incoming[$0] != current?[$0] }
            guard !written.isEmpty else { return unchanged += 1 }
            try connection.run(table.updateSQL(written), written.map { incoming[$0] } + key.values)
            wrote(table, key, .update)
        case .drop: unchanged += 1
        case .conflict, .deleted: refused = true
        }
    }

    /// Merges a delete of a row that still exists here.
    private mutating func delete(
        _ table: ChangesetTable, _ key: RowKey, base: [SQLiteValue], current: [SQLiteValue], _ connection: Connection
    )
        throws
    {
        let report = MergeResolution.delete(table: table, base: base, theirs: current, policy: .error)
        let verdict = policy == .error ? report : MergeResolution.delete(table: table, base: base, theirs: current, policy: policy)
        if case let .conflict(fields) = report {
            let fields = fields.map { ConflictError.Field(name: $0.name, base: $0.base, mine: $0.theirs, theirs: .null) }
            conflicts.append(
                ChangesetConflict(table: table.name, key: key, kind: .deletedThere, fields: fields, resolution: resolution(verdict, -1)))
        }
        switch verdict {
        case .write:
            try connection.run(table.deleteSQL, key.values)
            wrote(table, key, .delete)
        case .drop: unchanged += 1
        case .conflict, .deleted: refused = true
        }
    }

    /// What a verdict did with a conflicting row: `column` is a conflicting column (-1: the whole row).
    private func resolution(_ verdict: MergeResolution.Verdict, _ column: Int) -> ChangesetConflict.Resolution {
        switch verdict {
        case let .write(columns): column < 0 || columns.contains(column) ? .theirsTaken : .mineKept
        case .drop: .mineKept
        case .conflict, .deleted: .refused
        }
    }

    /// Notes a written row.
    private mutating func wrote(_ table: ChangesetTable, _ key: RowKey, _ kind: ChangesetOperation.Kind) {
        applied += 1
        let name = store.table(named: table.name)?.name ?? table.name
        touched[name, default: []].insert(key)
        let lowered = table.name.lowercased()
        let effects = store.sideEffects
        switch kind {
        case .insert: if effects.insert.contains(lowered) { unknownRows = true }
        case .update: if effects.update.contains(lowered) { unknownRows = true }
        case .delete: if effects.delete.contains(lowered) { unknownRows = true }
        }
    }

    /// The facts of the change's table, read once per table.
    private mutating func table(for operation: ChangesetOperation, on connection: Connection) throws(ChangesetError) -> ChangesetTable {
        if let known = tables[operation.table] {
            guard known.columns.count == operation.isPrimaryKey.count else {
                throw .schemaMismatch(
                    table: known.name, changesetColumns: operation.isPrimaryKey.count, databaseColumns: known.columns.count)
            }
            return known
        }
        let loaded = try ChangesetTable.load(for: operation, schema: store.table(named: operation.table), on: connection)
        tables[operation.table] = loaded
        return loaded
    }

    /// A damaged-input error.
    static func damaged(_ what: String) -> ChangesetError {
        .damaged(SQLiteError(extendedCode: SQLITE_CORRUPT, message: "damaged changeset: \(what)"))
    }
}
