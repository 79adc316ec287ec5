/// A row's state, with exactly the snapshots that state has: the one encoding of a row's state
/// shared by a context's registrations, a ``Changeset``'s changes and the merge engine.
///
/// An insert has values and no base; an update a base and the values to write; a delete a base
/// and no values; an unchanged row its base, which is also what it shows. A changeset never holds
/// an unchanged row.
///
/// ```swift
/// for change in context.changeset().changes {
///     if case let .updated(base, values) = change.state { print(base, "→", values) }
/// }
/// ```
public enum RowState: Sendable, Hashable {
    /// A row as read: `base` is the snapshot read from the parent, and what the row shows.
    case unchanged(base: [SQLiteValue])
    /// A new row with the values to write; it has no base.
    case inserted(values: [SQLiteValue])
    /// A read row edited: `base` as read, `values` as edited (they differ in at least one column).
    case updated(base: [SQLiteValue], values: [SQLiteValue])
    /// A read row deleted: `base` as read; it has no values to write.
    case deleted(base: [SQLiteValue])
    /// A read row deleted in the context and inserted again under the same key: `base` as read,
    /// `values` the new row's. A context's ``ObjectContext/changeset()`` gives it as SQLite runs it,
    /// a delete of `base` and then an insert of `values`, so a ``Changeset`` never holds this case.
    case replaced(base: [SQLiteValue], values: [SQLiteValue])

    /// The snapshot the row was read with; `nil` for an insert.
    public var base: [SQLiteValue]? {
        switch self {
        case let .unchanged(base), let .updated(base, _), let .deleted(base), let .replaced(base, _): base
        case .inserted: nil
        }
    }

    /// The values the row shows (and a save writes); `nil` for a delete.
    public var values: [SQLiteValue]? {
        switch self {
        case let .unchanged(values), let .inserted(values), let .updated(_, values), let .replaced(_, values): values
        case .deleted: nil
        }
    }

    /// The values the row had last: what it shows, or a delete's base.
    var lastValues: [SQLiteValue] {
        switch self {
        case let .unchanged(values), let .inserted(values), let .updated(_, values), let .deleted(values),
            let .replaced(_, values):
            values
        }
    }

    /// What saving the row does: `nil` for an unchanged row; `.insert` for a replaced row (after
    /// the delete of its base).
    public var kind: ChangeKind? {
        switch self {
        case .unchanged: nil
        case .inserted, .replaced: .insert
        case .updated: .update
        case .deleted: .delete
        }
    }

    /// Whether this row has unsaved changes (an insert, an update or a delete).
    public var isChanged: Bool { kind != nil }

    /// The state after showing `values`: an insert stays an insert; a read row is updated, or
    /// unchanged again when `values` equal its base byte for byte; a delete stays deleted.
    /// - Parameter values: The row's new values.
    func showing(_ values: [SQLiteValue]) -> RowState {
        switch self {
        case .inserted: .inserted(values: values)
        case let .replaced(base, _): .replaced(base: base, values: values)
        case let .unchanged(base), let .updated(base, _):
            base.elementsEqual(values) ? .unchanged(base: base) : .updated(base: base, values: values)
        case .deleted: self
        }
    }
}
