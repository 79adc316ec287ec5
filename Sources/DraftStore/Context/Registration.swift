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
    /// What was wrong, for code that tells the misuses apart.
    public enum Kind: Sendable, Hashable {
        /// A misuse told only in words (``ContextError/description``).
        case other
        /// ``ObjectContext/update(_:)`` of an entity whose key this context never read: not
        /// fetched, inserted or re-based here. `update` finds the row by the entity's key, so an
        /// entity whose key was changed would otherwise be written over the row that has the
        /// new key. A row's key is not changed by `update`.
        case keyNotRead(table: String, key: RowKey)
    }

    /// What was wrong, in words, naming the table and id.
    public let description: String
    /// Whether the row it is about does not exist, or was deleted in the context: a fact about
    /// the data (a ``StoreRejection/Kind/rowDeleted`` at save) rather than a misuse.
    var isMissingRow = false
    /// What was wrong; ``Kind/other`` unless stated.
    public internal(set) var kind = Kind.other

    /// An error told in words.
    init(description: String, isMissingRow: Bool = false) {
        self.description = description
        self.isMissingRow = isMissingRow
    }
}

extension ContextError {
    /// An update of an entity whose key this context never read (see ``Kind/keyNotRead(table:key:)``).
    static func keyNotRead(_ table: TableSchema, _ key: RowKey) -> ContextError {
        var error = ContextError(
            description:
                "\(table.describe(key)) is not a row this context read, so update(_:) does not change it: fetch it first. update(_:) finds its row by the entity's key and never changes a key: to store a row under a new key, delete(_:) it and insert(_:) it with the new one, which saves as a DELETE and an INSERT (the ON DELETE actions of rows that refer to it apply, not ON UPDATE)."
        )
        error.kind = .keyNotRead(table: table.name, key: key)
        return error
    }

    /// A row that no parent of a context has: the store has no row with that key (and a parent
    /// context did not delete it). It was not deleted as far as this context knows: it was never read.
    static func noSuchRow(_ table: TableSchema, _ key: RowKey) -> ContextError {
        ContextError(
            description: "\(table.describe(key)): no row has this key (none is stored with it, or a parent context deleted it).",
            isMissingRow: true)
    }

    /// A negative rowid chosen for an insert: negative keys are the temporary keys of unsaved inserts.
    static func chosenTemporaryKey(_ table: TableSchema, _ key: RowKey) -> ContextError {
        ContextError(
            description: "\(table.describe(key)): a negative rowid cannot be chosen; negative keys are temporary keys of unsaved inserts."
        )
    }
}
