extension TableStorage {
    mutating func reserve(_ additional: Int) {
        slots.reserveCapacity(slots.count + additional)
        let rows = states.count + max(0, additional - freeSlots.count)
        ids.reserveCapacity(rows)
        states.reserveCapacity(rows)
        stamps.reserveCapacity(rows)
        values.reserveCapacity(rows * width)
    }

    mutating func appendUnchanged(_ id: Int64, base: [SQLiteValue], readSequence: UInt64) {
        add(id, base, state: Self.unchanged, stamp: readSequence)
    }

    mutating func adopt(ids: [Int64], values: [SQLiteValue], readSequence: UInt64) {
        precondition(states.isEmpty && values.count == ids.count * width, "\(name): bulk rows into a used table state")
        var slots: [Int64: Int32] = [:]
        slots.reserveCapacity(ids.count)
        for (slot, id) in ids.enumerated() { slots[id] = Int32(slot) }
        self.slots = slots
        self.ids = ids
        self.states = Array(repeating: Self.unchanged, count: ids.count)
        self.stamps = Array(repeating: readSequence, count: ids.count)
        self.values = values
    }

    mutating func appendInserted(_ id: Int64, values: [SQLiteValue], insertOrder: Int) {
        add(id, values, state: Self.inserted, stamp: UInt64(insertOrder))
        changeCount += 1
    }

    mutating func settle(_ id: Int64, as newID: Int64, values: [SQLiteValue]?, readSequence: UInt64?) {
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

    mutating func set(_ registration: Registration?, for id: Int64) {
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

    mutating func remove(_ id: Int64) {
        guard let slot = slots.removeValue(forKey: id) else { return }
        if isChanged(at: slot) { changeCount -= 1 }
        free(slot)
    }

    mutating func revert(_ slot: Int32) {
        guard isChanged(at: slot) else { return }
        if states[Int(slot)] == Self.inserted {
            remove(ids[Int(slot)])
            return
        }
        changeCount -= 1
        if !edits.isEmpty { edits.removeValue(forKey: slot) }
        states[Int(slot)] = Self.unchanged
    }

    mutating func rewrite(column: Int, at slot: Int32, _ transform: (SQLiteValue) -> SQLiteValue?) -> Bool {
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
}
