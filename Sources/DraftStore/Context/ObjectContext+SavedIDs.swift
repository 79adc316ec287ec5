/// Temporary ids after an ancestor's save.
///
/// Only a save into the store replaces temporary ids, and only the context that saved (the
/// root of its chain) learns the real ids at once. Its descendants may hold the same rows under
/// their temporary ids: rows they saved up, rows they read from a parent's unsaved insert, and
/// references to either. So a root context with children records the real id of each insert it
/// saves, and every descendant applies the new records lazily, when its registrations are next
/// read (``ObjectContext/tables``, ``ObjectContext/state(for:)``: the one way to them):
/// each registration and reference moves to the real id.
extension ObjectContext {
    /// The real rowid of `id` when it is a temporary key that the root context saved; otherwise `id`.
    func resolvedID(_ id: Int64) -> Int64 {
        guard id < 0, let root else { return id }
        return root.savedIDs[id] ?? id
    }

    /// A key with each temporary rowid the root saved replaced by the real one (a composite
    /// key may hold the temporary key of a referenced row).
    func resolvedKey(_ key: RowKey) -> RowKey {
        guard let root, !root.savedIDs.isEmpty else { return key }
        return key.replacingTemporaryIDs(root.savedIDs)
    }

    /// Records the real ids a save into the store gave to temporary ids, for the descendants.
    func recordSavedIDs(_ rows: [SavedRow]) {
        guard hasChildren else { return }
        let current = resolvedIDCount == savedIDLog.count
        for row in rows where row.key != row.newKey {
            guard let temporary = row.key.integerValue, let real = row.newKey.integerValue else { continue }
            savedIDs[temporary] = real
            savedIDLog.append(temporary)
        }
        // This context settled its own rows already.
        if current { resolvedIDCount = savedIDLog.count }
    }

    /// Moves this context's registrations and references from temporary keys to the real ones
    /// the root saved since the last call; the parents first, as this context reads through them.
    /// - Complexity: O(1) when the root saved no insert since; otherwise O(*n*) in the registered rows.
    func resolveSavedIDs() {
        guard let root, resolvedIDCount < root.savedIDLog.count else { return }
        parent?.resolveSavedIDs()
        var ids: [Int64: Int64] = [:]
        for temporary in root.savedIDLog[resolvedIDCount...] { ids[temporary] = root.savedIDs[temporary] }
        resolvedIDCount = root.savedIDLog.count
        for state in registrations.values {
            var moves: [(from: RowKey, to: RowKey, registration: Registration)] = []
            for slot in state.rows.slotRange where state.rows.state(at: slot).kind != nil {
                let key = state.rows.key(at: slot)
                let moved = key.replacingTemporaryIDs(ids)
                if moved != key { moves.append((key, moved, state.rows.registration(at: slot))) }
            }
            for move in moves {
                state.rows.remove(move.from)
                // Keeps its base, edits and read sequence: staleness compares it with the stored row.
                if move.registration.isChanged || state.rows.slot(of: move.to) == nil { state.rows.set(move.registration, for: move.to) }
            }
        }
        rewriteReferences(ids)
    }

    /// Rewrites temporary rowids held by this context's objects (bases and edits) through
    /// `ids`: in reference columns, and (with `keys`) in the key column of tables whose key
    /// SQLite assigns; without `keys`, key columns are left as they are, references or not.
    func rewriteReferences(_ ids: [Int64: Int64], keys: Bool = true) {
        guard !ids.isEmpty else { return }
        for state in registrations.values {
            var columns = state.info.referenceColumns.map(\.column)
            if keys {
                if state.info.assignsKeys { columns += state.schema.keyColumns }
            } else {
                columns.removeAll { state.schema.keyColumns.contains($0) }
            }
            guard !columns.isEmpty else { continue }
            for slot in state.rows.slotRange where state.rows.state(at: slot).kind != nil {
                for column in columns {
                    _ = state.rows.rewrite(column: column, at: slot) { value in
                        if case let .integer(old) = value, let new = ids[old] { return .integer(new) }
                        return nil
                    }
                }
            }
        }
    }

    /// The values of an object given to ``insert(_:)`` or ``update(_:)``, with references to
    /// temporary keys the root saved moved to the real keys.
    func resolvingReferences(_ values: [SQLiteValue], of table: TableSchema, info: TableInfo) -> [SQLiteValue] {
        guard let root, !root.savedIDs.isEmpty else { return values }
        var values = values
        var columns = info.referenceColumns.map(\.column)
        if table.keyColumns.count == 1 { columns += table.keyColumns }
        for column in columns {
            if case let .integer(id) = values[column], id < 0, let real = root.savedIDs[id] { values[column] = .integer(real) }
        }
        return values
    }
}

extension RowKey {
    /// The key with each negative integer value found in `ids` replaced by its mapping.
    func replacingTemporaryIDs(_ ids: [Int64: Int64]) -> RowKey {
        if let id = integerValue { return id < 0 ? ids[id].map { RowKey(.integer($0)) } ?? self : self }
        var values = self.values
        var changed = false
        for index in values.indices {
            if case let .integer(id) = values[index], id < 0, let real = ids[id] {
                values[index] = .integer(real)
                changed = true
            }
        }
        return changed ? RowKey(values: values) : self
    }
}
