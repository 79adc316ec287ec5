extension TableStorage {
    mutating func reserve(_ additional: Int) {
        slots.reserveCapacity(slots.count + additional)
        let rows = states.count + max(0, additional - freeSlots.count)
        keys.reserveCapacity(rows)
        states.reserveCapacity(rows)
        stamps.reserveCapacity(rows)
        values.reserveCapacity(rows * width)
    }

    mutating func appendUnchanged(_ key: RowKey, base: [SQLiteValue], readSequence: UInt64) {
        add(key, base, state: Self.unchanged, stamp: readSequence)
    }

    mutating func adopt(keys: [RowKey], values: [SQLiteValue], readSequence: UInt64) {
        precondition(states.isEmpty && values.count == keys.count * width, "\(name): bulk rows into a used table state")
        var slots: [RowKey: Int32] = [:]
        slots.reserveCapacity(keys.count)
        for (slot, key) in keys.enumerated() { slots[key] = Int32(slot) }
        self.slots = slots
        self.keys = keys
        self.states = Array(repeating: Self.unchanged, count: keys.count)
        self.stamps = Array(repeating: readSequence, count: keys.count)
        self.values = values
    }

    mutating func appendInserted(_ key: RowKey, values: [SQLiteValue], insertOrder: Int) {
        add(key, values, state: Self.inserted, stamp: UInt64(insertOrder))
        changeCount += 1
    }

    mutating func settle(_ key: RowKey, as newKey: RowKey, values: [SQLiteValue]?, readSequence: UInt64?) {
        let slot = slots.removeValue(forKey: key)
        guard let values else {
            if let slot {
                if isChanged(at: slot) { changeCount -= 1 }
                free(slot)
            }
            return
        }
        guard let slot else {
            set(Registration(base: values, state: .unchanged, readSequence: readSequence ?? 0), for: newKey)
            return
        }
        if isChanged(at: slot) { changeCount -= 1 }
        if let other = slots.updateValue(slot, forKey: newKey) {
            // Only possible when the new key was registered already: that registration goes.
            if isChanged(at: other) { changeCount -= 1 }
            free(other)
        }
        keys[Int(slot)] = newKey
        if !edits.isEmpty { edits.removeValue(forKey: slot) }
        write(values, state: Self.unchanged, stamp: readSequence ?? self.readSequence(at: slot), to: slot)
    }

    mutating func set(_ registration: Registration?, for key: RowKey) {
        guard let registration else {
            remove(key)
            return
        }
        let slot: Int32
        if let existing = slots[key] {
            slot = existing
            if isChanged(at: slot) { changeCount -= 1 }
        } else {
            slot = newSlot(for: key)
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

    mutating func remove(_ key: RowKey) {
        guard let slot = slots.removeValue(forKey: key) else { return }
        if isChanged(at: slot) { changeCount -= 1 }
        free(slot)
    }

    mutating func revert(_ slot: Int32) {
        guard isChanged(at: slot) else { return }
        if states[Int(slot)] == Self.inserted {
            remove(keys[Int(slot)])
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

    /// New current values for a registered, not deleted row, set in place: an insert's
    /// snapshot is replaced; a read row is updated, or unchanged again when the values equal
    /// its base (text by bytes). Does what ``set(_:for:)`` of the registration an update makes
    /// does, without making one (no copy of the base out of the buffer and back).
    /// - Returns: `false`, changing nothing, when the slot is deleted.
    mutating func update(_ slot: Int32, to current: [SQLiteValue]) -> Bool {
        let index = Int(slot)
        let state = states[index]
        if state == Self.inserted {
            write(current, state: state, stamp: stamps[index], to: slot)
            return true
        }
        guard state == Self.unchanged || state == Registration.State.updated.rawValue else { return false }
        precondition(current.count == width, "\(name): a snapshot of \(current.count) values for \(width) columns")
        let start = index * width
        var same = true
        for column in 0..<width where values[start + column] != current[column] {
            same = false
            break
        }
        let wasChanged = state != Self.unchanged
        if same {
            if !edits.isEmpty { edits.removeValue(forKey: slot) }
            states[index] = Self.unchanged
            if wasChanged { changeCount -= 1 }
        } else {
            edits[slot] = current
            states[index] = Registration.State.updated.rawValue
            if !wasChanged { changeCount += 1 }
        }
        return true
    }
}
