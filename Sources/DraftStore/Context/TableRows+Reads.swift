/// What a ``TableRows`` tells of its rows.
extension TableRows {
    /// How many rows are registered.
    var count: Int { index.count }

    /// The slots, free ones included, in order.
    var slotRange: Range<Int32> { 0..<Int32(slots.count) }

    /// The slot of a row, if it is registered.
    func slot(of key: RowKey) -> Int32? { index[key] }

    /// The key of the row a slot holds.
    func key(at slot: Int32) -> RowKey { slots[Int(slot)].key }

    /// What a slot holds.
    func state(at slot: Int32) -> SlotState { slots[Int(slot)].state }

    /// A slot's snapshot: the base of a read row, an insert's current values.
    func snapshot(at slot: Int32) -> [SQLiteValue] {
        let start = Int(slot) * width
        return Array(values[start..<(start + width)])
    }

    /// A slot's base snapshot; `nil` for an insert.
    func base(at slot: Int32) -> [SQLiteValue]? {
        if case .inserted = slots[Int(slot)].state { return nil }
        return snapshot(at: slot)
    }

    /// The values the context shows for a slot; `nil` when deleted (or free).
    func currentValues(at slot: Int32) -> [SQLiteValue]? {
        switch slots[Int(slot)].state {
        case .deleted, .free: nil
        case let .updated(_, edit), let .replaced(_, _, edit): edit
        case .unchanged, .inserted: snapshot(at: slot)
        }
    }

    /// The registration of a slot that holds a row, made from the storage.
    func registration(at slot: Int32) -> Registration {
        let stored = snapshot(at: slot)
        switch slots[Int(slot)].state {
        case let .inserted(order): return Registration(state: .inserted(values: stored), readSequence: 0, insertOrder: order)
        case let .unchanged(read): return Registration(state: .unchanged(base: stored), readSequence: read)
        case let .updated(read, edit): return Registration(state: .updated(base: stored, values: edit), readSequence: read)
        case let .deleted(read): return Registration(state: .deleted(base: stored), readSequence: read)
        case let .replaced(read, order, values):
            return Registration(state: .replaced(base: stored, values: values), readSequence: read, insertOrder: order)
        case .free: preconditionFailure("\(name): the registration of a free slot")
        }
    }

    /// The registration of a row, if it is registered.
    func registration(_ key: RowKey) -> Registration? { index[key].map { registration(at: $0) } }

    /// The invariants stated at ``TableRows`` that do not hold, in words; empty when all hold.
    /// - Complexity: O(*n*) in the slots: for tests.
    var invariantViolations: [String] {
        var found: [String] = []
        if values.count != slots.count * width { found.append("\(values.count) values for \(slots.count) slots") }
        let free = Set(freeSlots)
        if free.count != freeSlots.count { found.append("a slot twice on the free list") }
        var changes = 0
        for slot in slotRange {
            let state = slots[Int(slot)].state
            if state.isChanged { changes += 1 }
            if case .free = state {
                if !free.contains(slot) { found.append("free slot \(slot) not on the free list") }
                if snapshot(at: slot).contains(where: { !$0.isNull }) { found.append("free slot \(slot) holds values") }
            } else if index[slots[Int(slot)].key] != slot {
                found.append("slot \(slot) (\(slots[Int(slot)].key)) not indexed by its key")
            }
        }
        if index.count + free.count != slots.count { found.append("\(index.count) keys and \(free.count) free of \(slots.count) slots") }
        if changes != changeCount { found.append("change count \(changeCount), \(changes) changed slots") }
        return found
    }
}
