/// The mutable storage of a ``TableState``: its slots' parallel arrays, the id → slot index,
/// the edited values, the free slots and the change count, in one struct.
///
/// A `TableState` holds it in one stored property and changes it through one `inout` access
/// per operation: with each array a stored property of the class, every array touched paid
/// its own dynamic exclusivity check (~80 instructions a row of a bulk insert, each).
struct TableStorage {
    /// The table name, for precondition messages.
    let name: String
    /// Values per slot.
    let width: Int
    /// Slot by row id.
    var slots: [RowKey: Int32] = [:]
    /// Row id by slot.
    var keys: [RowKey] = []
    /// State by slot (a ``Registration/State`` raw value), or ``TableState/free``.
    var states: [UInt8] = []
    /// By slot: the read sequence of a read row, the insertion order of an insert.
    var stamps: [UInt64] = []
    /// The snapshots, `width` values a slot: the base, or an insert's current values.
    var values: [SQLiteValue] = []
    /// Current values of read rows edited in this context, by slot.
    var edits: [Int32: [SQLiteValue]] = [:]
    /// Slots freed for reuse.
    var freeSlots: [Int32] = []
    /// How many registrations are inserted, updated or deleted.
    var changeCount = 0

    static let unchanged = Registration.State.unchanged.rawValue
    static let inserted = Registration.State.inserted.rawValue

    init(name: String, width: Int) {
        self.name = name
        self.width = width
    }

    /// The store sequence a slot's base was read at; 0 for an insert.
    func readSequence(at slot: Int32) -> UInt64 { states[Int(slot)] == Self.inserted ? 0 : stamps[Int(slot)] }

    /// Whether a slot holds an inserted, updated or deleted row.
    func isChanged(at slot: Int32) -> Bool {
        let state = states[Int(slot)]
        return state != Registration.State.unchanged.rawValue && state != TableState.free
    }

    /// Adds a row in a new slot: a free one, or a new one at the end.
    mutating func add(_ key: RowKey, _ snapshot: [SQLiteValue], state: UInt8, stamp: UInt64) {
        if !freeSlots.isEmpty {
            write(snapshot, state: state, stamp: stamp, to: newSlot(for: key))
            return
        }
        precondition(snapshot.count == width, "\(name): a snapshot of \(snapshot.count) values for \(width) columns")
        slots[key] = Int32(states.count)
        keys.append(key)
        states.append(state)
        stamps.append(stamp)
        values.append(contentsOf: snapshot)
    }

    /// A slot for a new row: a free one, or a new one at the end.
    mutating func newSlot(for key: RowKey) -> Int32 {
        let slot: Int32
        if let reused = freeSlots.popLast() {
            slot = reused
            keys[Int(slot)] = key
        } else {
            slot = Int32(states.count)
            keys.append(key)
            states.append(TableState.free)
            stamps.append(0)
            values.append(contentsOf: repeatElement(SQLiteValue.null, count: width))
        }
        slots[key] = slot
        return slot
    }

    /// Writes a slot's snapshot, state and stamp.
    mutating func write(_ snapshot: [SQLiteValue], state: UInt8, stamp: UInt64, to slot: Int32) {
        precondition(snapshot.count == width, "\(name): a snapshot of \(snapshot.count) values for \(width) columns")
        let start = Int(slot) * width
        values.withUnsafeMutableBufferPointer { buffer in
            for index in 0..<width { buffer[start + index] = snapshot[index] }
        }
        states[Int(slot)] = state
        stamps[Int(slot)] = stamp
    }

    /// Frees a slot (already out of ``slots``), releasing its values.
    mutating func free(_ slot: Int32) {
        if !edits.isEmpty { edits.removeValue(forKey: slot) }
        let start = Int(slot) * width
        values.withUnsafeMutableBufferPointer { buffer in
            for index in start..<(start + width) { buffer[index] = .null }
        }
        states[Int(slot)] = TableState.free
        freeSlots.append(slot)
    }
}
