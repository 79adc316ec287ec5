/// The rows of one table registered in one context, in slots.
///
/// Each registered row has a slot: a ``Slot`` (its key and its ``SlotState``, which carries
/// its read sequence, insertion order or edited values) and `width` values in one flat
/// buffer, its snapshot: the base of a read row, the current values of an insert. So
/// registering fetched rows appends their values to the buffer (``adopt(keys:values:readSequence:)``
/// takes a fetched buffer as it is) and adds one key → slot entry: no array of their own.
/// A freed slot is reused by the next row.
///
/// Invariants, kept by the mutating methods here (every state change goes through
/// ``setState(_:at:)``):
/// - `index[slots[s].key] == s` for every slot `s` that is not free, and `index` holds nothing else;
/// - the free slots are exactly `freeSlots`, each once; their snapshots are all `NULL`;
/// - `values.count == slots.count * width`;
/// - `changeCount` is the number of slots whose state ``SlotState/isChanged``.
struct TableRows {
    /// The table name, for precondition messages.
    let name: String
    /// Values per slot: the table's column count.
    let width: Int
    /// The slots, each with its key and state.
    private(set) var slots: [Slot] = []
    /// Slot by row key, for every row registered.
    private(set) var index: [RowKey: Int32] = [:]
    /// The snapshots, `width` values a slot (see the type).
    private(set) var values: [SQLiteValue] = []
    /// The free slots, reused last freed first.
    private(set) var freeSlots: [Int32] = []
    /// How many slots hold an insert, an update or a delete.
    private(set) var changeCount = 0

    /// No rows, for a table named `name` of `width` columns.
    init(name: String, width: Int) {
        self.name = name
        self.width = width
    }

    /// Sets a slot's state, keeping ``changeCount`` right: the one place a state changes.
    mutating func setState(_ state: SlotState, at slot: Int32) {
        let index = Int(slot)
        changeCount += (state.isChanged ? 1 : 0) - (slots[index].state.isChanged ? 1 : 0)
        slots[index].state = state
    }

    /// Registers a row not registered yet in a new slot (a free one, or one at the end).
    /// - Precondition: `key` is not registered; `snapshot` has `width` values.
    mutating func add(_ key: RowKey, snapshot: [SQLiteValue], as state: SlotState) {
        let slot: Int32
        if let reused = freeSlots.popLast() {
            slot = reused
            slots[Int(slot)].key = key
            write(snapshot, to: slot)
        } else {
            checkWidth(snapshot)
            slot = Int32(slots.count)
            slots.append(Slot(key: key, state: .free))
            values.append(contentsOf: snapshot)
        }
        index[key] = slot
        setState(state, at: slot)
    }

    /// Sets a row's snapshot and state, in its slot, or in a new one when it is not registered.
    mutating func put(_ key: RowKey, snapshot: [SQLiteValue], as state: SlotState) {
        guard let slot = index[key] else { return add(key, snapshot: snapshot, as: state) }
        write(snapshot, to: slot)
        setState(state, at: slot)
    }

    /// Stores a registration; `nil` removes the row.
    mutating func set(_ registration: Registration?, for key: RowKey) {
        guard let (snapshot, state) = registration?.slotContents else { return remove(key) }
        put(key, snapshot: snapshot, as: state)
    }

    /// Removes a row, freeing its slot; nothing when it is not registered.
    mutating func remove(_ key: RowKey) {
        guard let slot = index.removeValue(forKey: key) else { return }
        release(slot)
    }

    /// Reserves room for `additional` more rows.
    mutating func reserve(_ additional: Int) {
        index.reserveCapacity(index.count + additional)
        let rows = slots.count + max(0, additional - freeSlots.count)
        slots.reserveCapacity(rows)
        values.reserveCapacity(rows * width)
    }

    /// Takes rows read in bulk as the whole storage, unchanged: `values` becomes the buffer
    /// as it is, with no copy. No change is counted: every slot is unchanged.
    /// - Precondition: No slot exists yet; `values` has `width` values per key; keys are distinct.
    mutating func adopt(keys: [RowKey], values: [SQLiteValue], readSequence: UInt64) {
        precondition(slots.isEmpty && values.count == keys.count * width, "\(name): bulk rows into a used table state")
        var index: [RowKey: Int32] = [:]
        index.reserveCapacity(keys.count)
        var slots: [Slot] = []
        slots.reserveCapacity(keys.count)
        for (slot, key) in keys.enumerated() {
            index[key] = Int32(slot)
            slots.append(Slot(key: key, state: .unchanged(read: readSequence)))
        }
        self.index = index
        self.slots = slots
        self.values = values
    }

    /// After a save: the row saved as `key` becomes unchanged under `newKey`, in its slot, with
    /// `values` as its base (a row registered as `newKey` already gives way); `nil` values
    /// (the row no longer exists) remove it.
    /// - Parameter readSequence: The store sequence of the save; `nil` keeps the row's own.
    mutating func settle(_ key: RowKey, as newKey: RowKey, values: [SQLiteValue]?, readSequence: UInt64?) {
        guard let values else { return remove(key) }
        guard let slot = index.removeValue(forKey: key) else {
            return put(newKey, snapshot: values, as: .unchanged(read: readSequence ?? 0))
        }
        if let other = index.updateValue(slot, forKey: newKey) { release(other) }
        slots[Int(slot)].key = newKey
        write(values, to: slot)
        setState(.unchanged(read: readSequence ?? slots[Int(slot)].state.readSequence), at: slot)
    }

    /// New current values for a registered row, set in place: an insert's snapshot is
    /// replaced; a read row is updated, or unchanged again when the values equal its base
    /// (text by bytes). What ``set(_:for:)`` of the registration an update makes does, without
    /// making one (no copy of the base out of the buffer and back).
    /// - Returns: `false`, changing nothing, when the slot is deleted.
    mutating func update(_ slot: Int32, to current: [SQLiteValue]) -> Bool {
        let read: UInt64
        switch slots[Int(slot)].state {
        case .inserted:
            write(current, to: slot)
            return true
        case let .replaced(read, order, _):
            checkWidth(current)
            setState(.replaced(read: read, order: order, values: current), at: slot)
            return true
        case let .unchanged(sequence), let .updated(sequence, _): read = sequence
        case .deleted, .free: return false
        }
        checkWidth(current)
        let start = Int(slot) * width
        var same = true
        for column in 0..<width where values[start + column] != current[column] {
            same = false
            break
        }
        setState(same ? .unchanged(read: read) : .updated(read: read, edit: current), at: slot)
        return true
    }

    /// Undoes a slot's change: an insert is removed, an updated, deleted or replaced row is unchanged again.
    mutating func revert(_ slot: Int32) {
        switch slots[Int(slot)].state {
        case .inserted: remove(slots[Int(slot)].key)
        case let .updated(read, _), let .deleted(read), let .replaced(read, _, _): setState(.unchanged(read: read), at: slot)
        case .unchanged, .free: break
        }
    }

    /// Rewrites one value of a slot, in its snapshot and in its edited values.
    /// - Returns: Whether anything changed.
    mutating func rewrite(column: Int, at slot: Int32, _ transform: (SQLiteValue) -> SQLiteValue?) -> Bool {
        var touched = false
        let position = Int(slot) * width + column
        if let new = transform(values[position]) {
            values[position] = new
            touched = true
        }
        if case .updated(let read, var edit) = slots[Int(slot)].state, let new = transform(edit[column]) {
            edit[column] = new
            setState(.updated(read: read, edit: edit), at: slot)
            touched = true
        }
        if case .replaced(let read, let order, var edit) = slots[Int(slot)].state, let new = transform(edit[column]) {
            edit[column] = new
            setState(.replaced(read: read, order: order, values: edit), at: slot)
            touched = true
        }
        return touched
    }

    /// Writes a slot's snapshot.
    private mutating func write(_ snapshot: [SQLiteValue], to slot: Int32) {
        checkWidth(snapshot)
        let start = Int(slot) * width
        values.withUnsafeMutableBufferPointer { buffer in
            for column in 0..<width { buffer[start + column] = snapshot[column] }
        }
    }

    /// Frees a slot already out of ``index``: its values released, its state free, itself on the free list.
    private mutating func release(_ slot: Int32) {
        let start = Int(slot) * width
        values.withUnsafeMutableBufferPointer { buffer in
            for position in start..<(start + width) { buffer[position] = .null }
        }
        setState(.free, at: slot)
        freeSlots.append(slot)
    }

    /// Stops on a snapshot of the wrong width.
    private func checkWidth(_ snapshot: [SQLiteValue]) {
        precondition(snapshot.count == width, "\(name): a snapshot of \(snapshot.count) values for \(width) columns")
    }
}
