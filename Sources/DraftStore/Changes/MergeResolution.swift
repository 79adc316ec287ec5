/// How one updated or deleted row is merged into a parent whose copy may have moved on:
/// the field-by-field comparison of base, mine and theirs, and the policy's verdict.
///
/// Used the same way when the parent is a context (theirs = the parent's current values)
/// and when it is the store (theirs = the row as it is now, inside the write transaction).
struct MergeResolution {
    /// The verdict for one row.
    enum Verdict {
        /// Write these columns of `mine` over theirs.
        case write(columns: [Int])
        /// Nothing of mine is written for this row.
        case drop
        /// Refuse: these fields conflict.
        case conflict([ConflictError.Field])
        /// Refuse: the row was deleted meanwhile.
        case deleted
    }

    /// Resolves an update.
    /// - Parameters:
    ///   - table: The row's table.
    ///   - base: What my side read.
    ///   - mine: My values.
    ///   - changed: Columns I changed.
    ///   - theirs: The parent's values now; `nil` when the row is gone.
    ///   - policy: The merge policy.
    static func update(
        table: some MergeColumns, base: [SQLiteValue], mine: [SQLiteValue], changed: [Int], theirs: [SQLiteValue]?, policy: MergePolicy
    ) -> Verdict {
        guard let theirs else {
            switch policy {
            case .storeWins, .rollback: return .drop
            case .error, .draftWins, .overwrite: return .deleted
            }
        }
        let conflicting = changed.filter { index in
            !table.isMaintained(index) && theirs[index] != base[index] && theirs[index] != mine[index]
        }
        if conflicting.isEmpty { return .write(columns: changed) }
        switch policy {
        case .error:
            return .conflict(
                conflicting.map { ConflictError.Field(name: table.fields[$0], base: base[$0], mine: mine[$0], theirs: theirs[$0]) })
        case .draftWins: return .write(columns: changed)
        case .overwrite: return .write(columns: Array(mine.indices).filter { !table.isMaintained($0) })
        case .storeWins: return .write(columns: changed.filter { !conflicting.contains($0) })
        case .rollback: return .drop
        }
    }

    /// Resolves a delete: a row someone else changed meanwhile is a conflict on each field they changed.
    /// - Returns: `.write(columns: [])` to delete, `.drop` to keep the row, or a conflict.
    static func delete(table: some MergeColumns, base: [SQLiteValue], theirs: [SQLiteValue]?, policy: MergePolicy) -> Verdict {
        guard let theirs else { return .drop }  // Already gone: what the delete wanted.
        let changed = base.indices.filter { !table.isMaintained($0) && theirs[$0] != base[$0] }
        if changed.isEmpty { return .write(columns: []) }
        switch policy {
        case .error:
            return .conflict(
                changed.map { ConflictError.Field(name: table.fields[$0], base: base[$0], mine: base[$0], theirs: theirs[$0]) })
        case .draftWins, .overwrite: return .write(columns: [])
        case .storeWins, .rollback: return .drop
        }
    }
}

/// What ``MergeResolution`` needs of a table: field names for the report, and which columns the store maintains.
protocol MergeColumns {
    /// The field name of each column.
    var fields: [String] { get }
    /// Whether column `index` is maintained by the store and so never compared.
    func isMaintained(_ index: Int) -> Bool
}

extension TableSchema: MergeColumns {}
