/// What a changeset is applied to: the store inside a save's write transaction
/// (``StoreTarget``), or a parent context's scratch (``ScratchTarget``).
///
/// The target reads its own copy of a row and carries out each verdict;
/// ``ChangesetApplier`` decides the verdicts, the same way for both.
protocol ChangesetTarget {
    /// The row as the target holds it now; `nil` when it does not exist there.
    mutating func current(of change: Changeset.Change) throws -> [SQLiteValue]?
    /// The change's values as the target writes them (temporary ids resolved where the target knows real ones).
    mutating func mine(of change: Changeset.Change) throws -> [SQLiteValue]
    /// Inserts the change's row.
    mutating func insert(_ change: Changeset.Change) throws
    /// Writes `columns` of `mine` over `theirs`, the row as it is here (no columns: nothing to write).
    mutating func update(_ change: Changeset.Change, mine: [SQLiteValue], theirs: [SQLiteValue], columns: [Int]) throws
    /// Deletes the row, which exists here as `theirs`.
    mutating func delete(_ change: Changeset.Change, theirs: [SQLiteValue]) throws
    /// Leaves the row as it is here (`theirs`; `nil` when gone): the policy dropped the change.
    mutating func keep(_ change: Changeset.Change, theirs: [SQLiteValue]?)
}

/// The one engine that merges a context's changeset into its parent, under a merge policy:
/// inserts are written, each updated or deleted row is compared field by field with the
/// parent's copy now (``MergeResolution``), and every conflict of the changeset is collected
/// before any is reported.
struct ChangesetApplier {
    /// How conflicts are merged.
    let policy: MergePolicy

    /// Applies `changes` in their order to `target`.
    /// - Throws: ``SaveError/conflict(_:)`` naming every conflicting row once all changes were
    ///   tried (the target's writes must then be undone: a rolled-back transaction, a plan not
    ///   carried out); what the target throws, at once.
    /// - Complexity: One read of the parent's copy per updated or deleted row, plus the target's writes.
    func apply<Target: ChangesetTarget>(_ changes: [Changeset.Change], to target: inout Target) throws {
        var conflicts: [ConflictError.Object] = []
        func conflict(_ change: Changeset.Change, deleted: Bool, _ fields: [ConflictError.Field]) {
            conflicts.append(.init(table: change.table.name, key: change.key, wasDeleted: deleted, fields: fields))
        }
        for change in changes {
            switch change.state {
            case .inserted:
                try target.insert(change)
            case let .updated(base, _):
                let theirs = try target.current(of: change)
                let mine = try target.mine(of: change)
                switch MergeResolution.update(
                    table: change.table, base: base, mine: mine, changed: change.changedColumns, theirs: theirs, policy: policy)
                {
                // `.write` comes only for a row that exists.
                case let .write(columns): try target.update(change, mine: mine, theirs: theirs!, columns: columns)
                case .drop: target.keep(change, theirs: theirs)
                case let .conflict(fields): conflict(change, deleted: false, fields)
                case .deleted: conflict(change, deleted: true, [])
                }
            case let .deleted(base):
                let theirs = try target.current(of: change)
                switch MergeResolution.delete(table: change.table, base: base, theirs: theirs, policy: policy) {
                // A row already gone is `.drop`: `.write` comes only for a row that exists.
                case .write: try target.delete(change, theirs: theirs!)
                case .drop, .deleted: target.keep(change, theirs: theirs)
                case let .conflict(fields): conflict(change, deleted: false, fields)
                }
            // A changeset holds no unchanged row, nor a replaced one (`changeset()` splits it).
            case .unchanged, .replaced: break
            }
        }
        if !conflicts.isEmpty { throw SaveError.conflict(ConflictError(objects: conflicts)) }
    }
}
