/// What a context knows of one row: the base snapshot it read, its current values (kept
/// only once edited), and its state.
///
/// A value made on demand from a ``TableRows`` slot, for the paths that edit
/// one row at a time; bulk paths read and write the storage's slots directly.
struct Registration {
    /// The object's state in its context.
    enum State: UInt8 { case unchanged, inserted, updated, deleted }

    /// The values read from the parent; `nil` for an insert, except one that replaces a read
    /// row deleted in the same context (then the deleted row's base).
    var base: [SQLiteValue]?
    /// The edited values; `nil` while they equal `base`.
    var current: [SQLiteValue]?
    /// Unchanged, inserted, updated or deleted.
    var state: State
    /// The store's commit sequence when the base was read.
    var readSequence: UInt64
    /// Order of insertion, so inserts are saved in the order they were made.
    var insertOrder = 0

    /// The values the context shows; `nil` when deleted.
    var values: [SQLiteValue]? { state == .deleted ? nil : (current ?? base) }

    /// Whether this row has unsaved changes.
    var isChanged: Bool { state != .unchanged }
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
