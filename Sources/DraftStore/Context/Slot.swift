/// One slot of a ``TableRows``: the row it holds and that row's state.
struct Slot {
    /// The row's key; while the slot is free, the key of the row it held last.
    var key: RowKey
    /// What the slot holds, with what that means.
    var state: SlotState
}

/// What a slot holds. Each case carries what it means, so no field means two things: a read
/// row its read sequence, an insert its insertion order, an edited row its edited values.
enum SlotState {
    /// No row: the slot is on the free list, its snapshot all `NULL`.
    case free
    /// A row as read; its snapshot is its base, read at store sequence `read`.
    case unchanged(read: UInt64)
    /// A read row edited here: the snapshot is its base, `edit` its current values.
    case updated(read: UInt64, edit: [SQLiteValue])
    /// A read row deleted here; the snapshot is its base.
    case deleted(read: UInt64)
    /// A new row, the context's `order`th insert; the snapshot is its current values.
    case inserted(order: Int)
    /// A read row deleted here, then inserted again with the same key as the context's
    /// `order`th insert: the snapshot is the deleted row's base, `values` the new row's. It is
    /// saved as SQLite runs it: a DELETE of the base (checked against the parent like any
    /// delete, its `ON DELETE` actions and triggers run), then an INSERT of `values`.
    case replaced(read: UInt64, order: Int, values: [SQLiteValue])

    /// What a held slot's row is, in the words the draft journal stores (`"\(kind)"`).
    enum Kind: UInt8 { case unchanged, inserted, updated, deleted }

    /// What the slot's row is; `nil` when free.
    var kind: Kind? {
        switch self {
        case .free: nil
        case .unchanged: .unchanged
        case .updated: .updated
        case .deleted: .deleted
        case .inserted, .replaced: .inserted
        }
    }

    /// Whether the slot holds an unsaved change (an insert, an update, a delete): what
    /// ``TableRows/changeCount`` counts.
    var isChanged: Bool {
        switch self {
        case .free, .unchanged: false
        case .updated, .deleted, .inserted, .replaced: true
        }
    }

    /// The store sequence the base was read at; 0 for an insert or a free slot.
    var readSequence: UInt64 {
        switch self {
        case let .unchanged(read), let .updated(read, _), let .deleted(read), let .replaced(read, _, _): read
        case .inserted, .free: 0
        }
    }

    /// The insertion order of an insert (one that replaces a deleted row too); `nil` otherwise.
    var insertOrder: Int? {
        switch self {
        case let .inserted(order), let .replaced(_, order, _): order
        case .free, .unchanged, .updated, .deleted: nil
        }
    }

    /// The edited values of an updated row; `nil` otherwise.
    var edit: [SQLiteValue]? {
        if case let .updated(_, edit) = self { return edit }
        return nil
    }
}

extension Registration {
    /// What a slot stores for this registration: the snapshot (the base, or an insert's
    /// values) and the state. An insert with a base replaces the read row it deleted
    /// (``SlotState/replaced(read:order:values:)``).
    var slotContents: (snapshot: [SQLiteValue], state: SlotState) {
        switch state {
        case let .inserted(values): (values, .inserted(order: insertOrder))
        case let .replaced(base, values): (base, .replaced(read: readSequence, order: insertOrder, values: values))
        case let .unchanged(base): (base, .unchanged(read: readSequence))
        case let .updated(base, values): (base, .updated(read: readSequence, edit: values))
        case let .deleted(base): (base, .deleted(read: readSequence))
        }
    }
}
