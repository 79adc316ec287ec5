/// What a context knows of one row: the base snapshot it read, its current values (kept
/// only once edited), and its state.
///
/// A value made on demand from a ``TableRows`` slot, for the paths that edit
/// one row at a time; bulk paths read and write the storage's slots directly.
struct Registration {
    /// The object's state in its context.
    enum State: UInt8 { case unchanged, inserted, updated, deleted }

    /// The values read from the parent; `nil` for an insert.
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

/// Misuse of a context: reported at once, before anything is saved.
public struct ContextError: Error, Sendable, CustomStringConvertible {
    /// What was wrong, in words, naming the table and id.
    public let description: String
    /// Whether the row it is about does not exist, or was deleted in the context: a fact about
    /// the data (a ``StoreRejection/Kind/rowDeleted`` at save) rather than a misuse.
    var isMissingRow = false
}

extension ContextError {
    /// A negative rowid chosen for an insert: negative keys are the temporary keys of unsaved inserts.
    static func chosenTemporaryKey(_ table: TableSchema, _ key: RowKey) -> ContextError {
        ContextError(
            description: "\(table.describe(key)): a negative rowid cannot be chosen; negative keys are temporary keys of unsaved inserts."
        )
    }
}
