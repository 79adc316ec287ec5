/// The registrations of one table in one context, in compact storage.
///
/// Each registered row has a slot. One flat buffer holds every slot's snapshot, `width`
/// values per slot: the base snapshot, or for an insert (which has no base) its current
/// values. Edited current values of read rows are kept apart, only for the slots that have
/// them. Per slot, parallel arrays hold the id, the state and a stamp: the store sequence
/// the base was read at, or for an insert its insertion order. Freed slots are reused.
///
/// So registering a fetched row appends its values to the buffer and adds one id → slot
/// entry: no array and no dictionary entry of its own (see issue 7).
final class TableState {
    /// The table.
    let schema: TableSchema
    /// Values per slot: the table's column count.
    let width: Int
    /// Slot by row id.
    private(set) var slots: [Int64: Int32] = [:]
    /// Row id by slot.
    private(set) var ids: [Int64] = []
    /// State by slot (a ``Registration/State`` raw value), or ``free``.
    private(set) var states: [UInt8] = []
    /// By slot: the read sequence of a read row, the insertion order of an insert.
    private(set) var stamps: [UInt64] = []
    /// The snapshots, `width` values a slot: the base, or an insert's current values.
    private(set) var values: [SQLiteValue] = []
    /// Current values of read rows edited in this context, by slot.
    private(set) var edits: [Int32: [SQLiteValue]] = [:]
    /// Slots freed for reuse.
    private var freeSlots: [Int32] = []
    /// How many registrations are inserted, updated or deleted.
    private(set) var changeCount = 0

    /// The state byte of a free slot.
    static let free: UInt8 = .max
    private static let unchanged = Registration.State.unchanged.rawValue
    private static let inserted = Registration.State.inserted.rawValue
    private static let deleted = Registration.State.deleted.rawValue

    init(schema: TableSchema) {
        self.schema = schema
        self.width = schema.columns.count
    }

    /// How many rows are registered.
    var count: Int { slots.count }

    /// How many slots exist, free ones included; slots are `0..<slotCount`.
    var slotCount: Int { states.count }

    /// The slot of a row, if it is registered.
    func slot(of id: Int64) -> Int32? { slots[id] }

    /// The state of a slot; `nil` when the slot is free.
    func state(at slot: Int32) -> Registration.State? { Registration.State(rawValue: states[Int(slot)]) }

    /// Whether a slot holds an inserted, updated or deleted row.
    func isChanged(at slot: Int32) -> Bool {
        let state = states[Int(slot)]
        return state != Self.unchanged && state != Self.free
    }

    /// The store sequence a slot's base was read at; 0 for an insert.
    func readSequence(at slot: Int32) -> UInt64 { states[Int(slot)] == Self.inserted ? 0 : stamps[Int(slot)] }

    /// The insertion order of an inserted slot.
    func insertOrder(at slot: Int32) -> Int { Int(stamps[Int(slot)]) }

    /// A slot's snapshot in the buffer: the base, or an insert's current values.
    func stored(at slot: Int32) -> [SQLiteValue] {
        let start = Int(slot) * width
        return Array(values[start..<(start + width)])
    }

    /// A slot's base snapshot; `nil` for an insert.
    func base(at slot: Int32) -> [SQLiteValue]? { states[Int(slot)] == Self.inserted ? nil : stored(at: slot) }

    /// The edited current values of a read row's slot, if any.
    func edit(at slot: Int32) -> [SQLiteValue]? { edits.isEmpty ? nil : edits[slot] }

    /// The values the context shows for a slot; `nil` when deleted.
    func currentValues(at slot: Int32) -> [SQLiteValue]? {
        if states[Int(slot)] == Self.deleted { return nil }
        return edit(at: slot) ?? stored(at: slot)
    }

    /// The registration of a slot, made from the storage.
    func registration(at slot: Int32) -> Registration {
        let state = Registration.State(rawValue: states[Int(slot)])!
        if state == .inserted {
            return Registration(base: nil, current: stored(at: slot), state: .inserted, readSequence: 0, insertOrder: insertOrder(at: slot))
        }
        return Registration(base: stored(at: slot), current: edit(at: slot), state: state, readSequence: stamps[Int(slot)])
    }

    /// The registration of a row, if it is registered.
    func registration(_ id: Int64) -> Registration? { slots[id].map { registration(at: $0) } }

    /// Reserves room for `additional` more rows.
    func reserve(_ additional: Int) {
        slots.reserveCapacity(slots.count + additional)
        let rows = states.count + max(0, additional - freeSlots.count)
        ids.reserveCapacity(rows)
        states.reserveCapacity(rows)
        stamps.reserveCapacity(rows)
        values.reserveCapacity(rows * width)
    }

    /// Registers a row not registered yet, unchanged, with `base` as its snapshot.
    /// - Precondition: `id` is not registered; `base` has `width` values.
    func appendUnchanged(_ id: Int64, base: [SQLiteValue], readSequence: UInt64) {
        add(id, base, state: Self.unchanged, stamp: readSequence)
    }

    /// Takes rows read in bulk as the whole storage, unchanged: `values` becomes the buffer
    /// as it is, with no copy and no per-row access to the storage.
    /// - Precondition: No slot exists yet; `values` has `width` values per id; ids are distinct.
    func adopt(ids: [Int64], values: [SQLiteValue], readSequence: UInt64) {
        precondition(states.isEmpty && values.count == ids.count * width, "\(schema.name): bulk rows into a used table state")
        var slots: [Int64: Int32] = [:]
        slots.reserveCapacity(ids.count)
        for (slot, id) in ids.enumerated() { slots[id] = Int32(slot) }
        self.slots = slots
        self.ids = ids
        self.states = Array(repeating: Self.unchanged, count: ids.count)
        self.stamps = Array(repeating: readSequence, count: ids.count)
        self.values = values
    }

    /// Registers a new insert.
    /// - Precondition: `id` is not registered; `values` has `width` values.
    func appendInserted(_ id: Int64, values: [SQLiteValue], insertOrder: Int) {
        add(id, values, state: Self.inserted, stamp: UInt64(insertOrder))
        changeCount += 1
    }

    /// After a save: the row saved as `id` becomes unchanged under `newID`, with `values` as
    /// its base; a row that no longer exists is removed.
    /// - Parameter readSequence: The store sequence of the save; `nil` keeps the row's own.
    func settle(_ id: Int64, as newID: Int64, values: [SQLiteValue]?, readSequence: UInt64?) {
        let slot = slots.removeValue(forKey: id)
        guard let values else {
            if let slot {
                if isChanged(at: slot) { changeCount -= 1 }
                free(slot)
            }
            return
        }
        guard let slot else {
            set(Registration(base: values, state: .unchanged, readSequence: readSequence ?? 0), for: newID)
            return
        }
        if isChanged(at: slot) { changeCount -= 1 }
        if let other = slots.updateValue(slot, forKey: newID) {
            // Only possible when the new id was registered already: that registration goes.
            if isChanged(at: other) { changeCount -= 1 }
            free(other)
        }
        ids[Int(slot)] = newID
        if !edits.isEmpty { edits.removeValue(forKey: slot) }
        write(values, state: Self.unchanged, stamp: readSequence ?? self.readSequence(at: slot), to: slot)
    }

    /// Stores a registration, keeping ``changeCount`` right; `nil` removes the row.
    func set(_ registration: Registration?, for id: Int64) {
        guard let registration else {
            remove(id)
            return
        }
        let slot: Int32
        if let existing = slots[id] {
            slot = existing
            if isChanged(at: slot) { changeCount -= 1 }
        } else {
            slot = newSlot(for: id)
        }
        if registration.state == .inserted {
            if !edits.isEmpty { edits.removeValue(forKey: slot) }
            write(registration.current!, state: Self.inserted, stamp: UInt64(registration.insertOrder), to: slot)
        } else {
            if let current = registration.current {
                edits[slot] = current
            } else if !edits.isEmpty {
                edits.removeValue(forKey: slot)
            }
            write(registration.base!, state: registration.state.rawValue, stamp: registration.readSequence, to: slot)
        }
        if registration.isChanged { changeCount += 1 }
    }

    /// Removes a row's registration, keeping ``changeCount`` right.
    func remove(_ id: Int64) {
        guard let slot = slots.removeValue(forKey: id) else { return }
        if isChanged(at: slot) { changeCount -= 1 }
        free(slot)
    }

    /// Undoes a slot's change: an insert is removed, an updated or deleted row is unchanged again.
    func revert(_ slot: Int32) {
        guard isChanged(at: slot) else { return }
        if states[Int(slot)] == Self.inserted {
            remove(ids[Int(slot)])
            return
        }
        changeCount -= 1
        if !edits.isEmpty { edits.removeValue(forKey: slot) }
        states[Int(slot)] = Self.unchanged
    }

    /// Rewrites one value of a slot, in its snapshot and in its edited values.
    /// - Returns: Whether anything changed.
    func rewrite(column: Int, at slot: Int32, _ transform: (SQLiteValue) -> SQLiteValue?) -> Bool {
        var touched = false
        let index = Int(slot) * width + column
        if let new = transform(values[index]) {
            values[index] = new
            touched = true
        }
        if !edits.isEmpty, let old = edits[slot]?[column], let new = transform(old) {
            edits[slot]![column] = new
            touched = true
        }
        return touched
    }

    /// Adds a row in a new slot: a free one, or a new one at the end.
    private func add(_ id: Int64, _ snapshot: [SQLiteValue], state: UInt8, stamp: UInt64) {
        if !freeSlots.isEmpty {
            write(snapshot, state: state, stamp: stamp, to: newSlot(for: id))
            return
        }
        precondition(snapshot.count == width, "\(schema.name): a snapshot of \(snapshot.count) values for \(width) columns")
        slots[id] = Int32(states.count)
        ids.append(id)
        states.append(state)
        stamps.append(stamp)
        values.append(contentsOf: snapshot)
    }

    /// A slot for a new row: a free one, or a new one at the end.
    private func newSlot(for id: Int64) -> Int32 {
        let slot: Int32
        if let reused = freeSlots.popLast() {
            slot = reused
            ids[Int(slot)] = id
        } else {
            slot = Int32(states.count)
            ids.append(id)
            states.append(Self.free)
            stamps.append(0)
            values.append(contentsOf: repeatElement(SQLiteValue.null, count: width))
        }
        slots[id] = slot
        return slot
    }

    /// Writes a slot's snapshot, state and stamp.
    private func write(_ snapshot: [SQLiteValue], state: UInt8, stamp: UInt64, to slot: Int32) {
        precondition(snapshot.count == width, "\(schema.name): a snapshot of \(snapshot.count) values for \(width) columns")
        let start = Int(slot) * width
        values.withUnsafeMutableBufferPointer { buffer in
            for index in 0..<width { buffer[start + index] = snapshot[index] }
        }
        states[Int(slot)] = state
        stamps[Int(slot)] = stamp
    }

    /// Frees a slot (already out of ``slots``), releasing its values.
    private func free(_ slot: Int32) {
        if !edits.isEmpty { edits.removeValue(forKey: slot) }
        let start = Int(slot) * width
        values.withUnsafeMutableBufferPointer { buffer in
            for index in start..<(start + width) { buffer[index] = .null }
        }
        states[Int(slot)] = Self.free
        freeSlots.append(slot)
    }
}
