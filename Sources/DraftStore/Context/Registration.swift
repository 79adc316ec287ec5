/// What a context knows of one row: the base snapshot it read, its current values (kept
/// only once edited), and its state.
struct Registration {
    /// The object's state in its context.
    enum State { case unchanged, inserted, updated, deleted }

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

/// The registrations of one table in one context.
final class TableState {
    /// The table.
    let schema: TableSchema
    /// Registrations by row id.
    var objects: [Int64: Registration] = [:]
    /// How many registrations are inserted, updated or deleted.
    var changeCount = 0

    init(schema: TableSchema) { self.schema = schema }

    /// Stores a registration, keeping ``changeCount`` right.
    func set(_ registration: Registration?, for id: Int64) {
        guard let registration else {
            remove(id)
            return
        }
        if objects.updateValue(registration, forKey: id)?.isChanged == true { changeCount -= 1 }
        if registration.isChanged { changeCount += 1 }
    }

    /// Removes a registration, keeping ``changeCount`` right.
    /// - Returns: The registration removed, if any.
    @discardableResult
    func remove(_ id: Int64) -> Registration? {
        let old = objects.removeValue(forKey: id)
        if old?.isChanged == true { changeCount -= 1 }
        return old
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

/// Misuse of a context: reported at once, before anything is saved.
public struct ContextError: Error, Sendable, CustomStringConvertible {
    /// What was wrong, in words, naming the table and id.
    public let description: String
}
