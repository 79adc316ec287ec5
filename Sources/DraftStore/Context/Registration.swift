/// What a context knows of one row: its ``RowState`` (the base it read, the values it shows,
/// whichever the state has), when it read the base, and an insert's order.
///
/// A value made on demand from a ``TableRows`` slot, for the paths that edit
/// one row at a time; bulk paths read and write the storage's slots directly.
struct Registration {
    /// The row's state with its snapshots.
    var state: RowState
    /// The store's commit sequence when the base was read (0 for an insert).
    var readSequence: UInt64
    /// Order of insertion, so inserts are saved in the order they were made.
    var insertOrder = 0

    /// The values the context shows; `nil` when deleted.
    var values: [SQLiteValue]? { state.values }

    /// The base snapshot; `nil` for an insert.
    var base: [SQLiteValue]? { state.base }

    /// Whether this row has unsaved changes.
    var isChanged: Bool { state.isChanged }

    /// Whether the row is a new one, inserted in this context (one that replaced a row deleted
    /// here too).
    var isInserted: Bool {
        switch state {
        case .inserted, .replaced: true
        case .unchanged, .updated, .deleted: false
        }
    }

    /// Whether the row is deleted in this context.
    var isDeleted: Bool {
        if case .deleted = state { return true }
        return false
    }
}

/// One field whose value differs between two snapshots.
public struct FieldChange: Sendable, Hashable, CustomStringConvertible {
    /// The field name.
    public let field: String
    /// The value before.
    public let old: SQLiteValue
    /// The value after.
    public let new: SQLiteValue

    /// `field: old → new`.
    public var description: String { "\(field): \(old) → \(new)" }
}
