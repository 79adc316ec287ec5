extension ObjectContext {
    /// After a streamed save (``SaveChanges/inserts(_:)``): what ``settle(saved:sequence:)`` then
    /// ``releaseInserted(_:ids:)`` do, without settling rows only to forget them. It is the same
    /// because every change was an insert this context forgets (it keeps no saved objects), no
    /// other row of it can hold their temporary keys (a read row holds the parent's keys, and no
    /// insert references a table the save inserts into), and it has no children to tell.
    func dropInserted(_ inserted: InsertedRows) {
        for table in inserted.tables {
            guard let state = tables[table.schema.name] else { continue }
            if state.rows.count == state.rows.changeCount {
                tables[table.schema.name] = nil
                if lastState === state { lastState = nil }
            } else {
                for slot in state.rows.slotRange {
                    if case .inserted = state.rows.state(at: slot) { state.rows.remove(state.rows.key(at: slot)) }
                }
            }
        }
    }

    /// After a save into the store: the rows the save inserted are forgotten, unless
    /// ``keepsSavedObjects`` is set (see there for the rule).
    ///
    /// A table whose registrations are all rows just inserted (a bulk insert) drops its whole
    /// storage at once; otherwise each inserted row's slot is freed.
    /// - Parameters:
    ///   - changeset: What the save wrote.
    ///   - ids: The real rowid of each insert saved under a temporary one.
    /// - Complexity: O(*n*) in the inserted rows, O(1) per table all of whose rows they are.
    func releaseInserted(_ changeset: Changeset, ids: [Int64: Int64]) {
        guard !keepsSavedObjects else { return }
        var inserted: [String: [RowKey]] = [:]
        var table: TableSchema?
        var keys: [RowKey] = []
        func flush() {
            if let table, !keys.isEmpty { inserted[table.name, default: []] += keys }
            keys = []
        }
        for change in changeset.changes where change.kind == .insert {
            if change.table !== table {
                flush()
                table = change.table
            }
            if let temporary = change.key.integerValue, temporary < 0 {
                guard let real = ids[temporary] else { continue }
                keys.append(RowKey(.integer(real)))
            } else {
                keys.append(change.key)
            }
        }
        flush()
        for (name, keys) in inserted {
            guard let state = tables[name] else { continue }
            if state.rows.count == keys.count, state.rows.changeCount == 0 {
                tables[name] = nil
                if lastState === state { lastState = nil }
            } else {
                for key in keys where state.rows.slot(of: key).map({ state.rows.state(at: $0).kind == .unchanged }) == true {
                    state.rows.remove(key)
                }
            }
        }
    }
}
