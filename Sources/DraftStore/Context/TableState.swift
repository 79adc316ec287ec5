/// The registrations of one table in one context, in compact storage.
///
/// Each registered row has a slot. One flat buffer holds every slot's snapshot, `width`
/// values per slot: the base snapshot, or for an insert (which has no base) its current
/// values. Edited current values of read rows are kept apart, only for the slots that have
/// them. Per slot, parallel arrays hold the id, the state and a stamp: the store sequence
/// the base was read at, or for an insert its insertion order. Freed slots are reused.
///
/// So registering a fetched row appends its values to the buffer and adds one id → slot
/// entry: no array and no dictionary entry of its own.
final class TableState {
    /// The table.
    let schema: TableSchema
    /// What the database says of the table: affinities, whether SQLite assigns keys.
    let info: TableInfo
    /// Values per slot: the table's column count.
    let width: Int
    /// The slots' arrays and index, changed through one access per operation (see ``TableStorage``).
    private var storage: TableStorage
    /// Slot by row id.
    var slots: [RowKey: Int32] { storage.slots }
    /// Row id by slot.
    var keys: [RowKey] { storage.keys }
    /// How many registrations are inserted, updated or deleted.
    var changeCount: Int { storage.changeCount }

    /// The state byte of a free slot.
    static let free: UInt8 = .max
    private static let unchanged = Registration.State.unchanged.rawValue
    private static let inserted = Registration.State.inserted.rawValue
    private static let deleted = Registration.State.deleted.rawValue

    init(info: TableInfo) {
        let schema = info.schema
        self.info = info
        self.schema = schema
        self.width = schema.columns.count
        self.storage = TableStorage(name: schema.name, width: schema.columns.count)
    }

    /// How many rows are registered.
    var count: Int { slots.count }

    /// How many slots exist, free ones included; slots are `0..<slotCount`.
    var slotCount: Int { storage.states.count }

    /// The slot of a row, if it is registered.
    func slot(of key: RowKey) -> Int32? { slots[key] }

    /// The state of a slot; `nil` when the slot is free.
    func state(at slot: Int32) -> Registration.State? { Registration.State(rawValue: storage.states[Int(slot)]) }

    /// Whether a slot holds an inserted, updated or deleted row.
    func isChanged(at slot: Int32) -> Bool {
        let state = storage.states[Int(slot)]
        return state != Self.unchanged && state != Self.free
    }

    /// The store sequence a slot's base was read at; 0 for an insert.
    func readSequence(at slot: Int32) -> UInt64 { storage.states[Int(slot)] == Self.inserted ? 0 : storage.stamps[Int(slot)] }

    /// The insertion order of an inserted slot.
    func insertOrder(at slot: Int32) -> Int { Int(storage.stamps[Int(slot)]) }

    /// A slot's snapshot in the buffer: the base, or an insert's current values.
    func stored(at slot: Int32) -> [SQLiteValue] {
        let start = Int(slot) * width
        return Array(storage.values[start..<(start + width)])
    }

    /// A slot's base snapshot; `nil` for an insert.
    func base(at slot: Int32) -> [SQLiteValue]? { storage.states[Int(slot)] == Self.inserted ? nil : stored(at: slot) }

    /// The edited current values of a read row's slot, if any.
    func edit(at slot: Int32) -> [SQLiteValue]? { storage.edits.isEmpty ? nil : storage.edits[slot] }

    /// The values the context shows for a slot; `nil` when deleted.
    func currentValues(at slot: Int32) -> [SQLiteValue]? {
        if storage.states[Int(slot)] == Self.deleted { return nil }
        return edit(at: slot) ?? stored(at: slot)
    }

    /// The registration of a slot, made from the storage.
    func registration(at slot: Int32) -> Registration {
        let state = Registration.State(rawValue: storage.states[Int(slot)])!
        if state == .inserted {
            return Registration(base: nil, current: stored(at: slot), state: .inserted, readSequence: 0, insertOrder: insertOrder(at: slot))
        }
        return Registration(base: stored(at: slot), current: edit(at: slot), state: state, readSequence: storage.stamps[Int(slot)])
    }

    /// The registration of a row, if it is registered.
    func registration(_ key: RowKey) -> Registration? { slots[key].map { registration(at: $0) } }

    /// Reserves room for `additional` more rows.
    func reserve(_ additional: Int) { storage.reserve(additional) }

    /// Registers a row not registered yet, unchanged, with `base` as its snapshot.
    /// - Precondition: `id` is not registered; `base` has `width` values.
    func appendUnchanged(_ key: RowKey, base: [SQLiteValue], readSequence: UInt64) {
        storage.appendUnchanged(key, base: base, readSequence: readSequence)
    }

    /// Takes rows read in bulk as the whole storage, unchanged: `values` becomes the buffer
    /// as it is, with no copy and no per-row access to the storage.
    /// - Precondition: No slot exists yet; `values` has `width` values per id; ids are distinct.
    func adopt(keys: [RowKey], values: [SQLiteValue], readSequence: UInt64) {
        storage.adopt(keys: keys, values: values, readSequence: readSequence)
    }

    /// Registers a new insert.
    /// - Precondition: `id` is not registered; `values` has `width` values.
    func appendInserted(_ key: RowKey, values: [SQLiteValue], insertOrder: Int) {
        storage.appendInserted(key, values: values, insertOrder: insertOrder)
    }

    /// After a save: the row saved as `id` becomes unchanged under `newID`, with `values` as
    /// its base; a row that no longer exists is removed.
    /// - Parameter readSequence: The store sequence of the save; `nil` keeps the row's own.
    func settle(_ key: RowKey, as newKey: RowKey, values: [SQLiteValue]?, readSequence: UInt64?) {
        storage.settle(key, as: newKey, values: values, readSequence: readSequence)
    }

    /// Stores a registration, keeping ``changeCount`` right; `nil` removes the row.
    func set(_ registration: Registration?, for key: RowKey) { storage.set(registration, for: key) }

    /// Removes a row's registration, keeping ``changeCount`` right.
    func remove(_ key: RowKey) { storage.remove(key) }

    /// Sets a registered row's current values in place; `false` when it is deleted (see ``TableStorage/update(_:to:)``).
    func update(_ slot: Int32, to current: [SQLiteValue]) -> Bool { storage.update(slot, to: current) }

    /// Undoes a slot's change: an insert is removed, an updated or deleted row is unchanged again.
    func revert(_ slot: Int32) { storage.revert(slot) }

    /// Rewrites one value of a slot, in its snapshot and in its edited values.
    /// - Returns: Whether anything changed.
    func rewrite(column: Int, at slot: Int32, _ transform: (SQLiteValue) -> SQLiteValue?) -> Bool {
        storage.rewrite(column: column, at: slot, transform)
    }
}
