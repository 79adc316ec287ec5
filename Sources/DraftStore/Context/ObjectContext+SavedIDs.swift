/// Temporary ids after an ancestor's save.
///
/// Only a save into the store replaces temporary ids, and only the context that saved (the
/// root of its chain) learns the real ids at once. Its descendants may hold the same rows under
/// their temporary ids: rows they saved up, rows they read from a parent's unsaved insert, and
/// references to either. So a root context with children records the real id of each insert it
/// saves, and every descendant applies the new records lazily, when it is next used (any fetch,
/// edit, save or staleness check): each registration and reference moves to the real id.
extension ObjectContext {
    /// The real id of `id` when it is a temporary id that the root context saved; otherwise `id`.
    func resolvedID(_ id: Int64) -> Int64 {
        guard id < 0, let root else { return id }
        return root.savedIDs[id] ?? id
    }

    /// Records the real ids a save into the store gave to temporary ids, for the descendants.
    func recordSavedIDs(_ rows: [SavedRow]) {
        guard hasChildren else { return }
        let current = resolvedIDCount == savedIDLog.count
        for row in rows where row.id != row.newID {
            savedIDs[row.id] = row.newID
            savedIDLog.append(row.id)
        }
        // This context settled its own rows already.
        if current { resolvedIDCount = savedIDLog.count }
    }

    /// Moves this context's registrations and references from temporary ids to the real ids the
    /// root saved since the last call; the parents first, as this context reads through them.
    /// - Complexity: O(1) when the root saved no insert since; otherwise O(*new ids* × *tables*),
    ///   plus O(*n*) in the registered rows of tables with references.
    func resolveSavedIDs() {
        guard let root, resolvedIDCount < root.savedIDLog.count else { return }
        parent?.resolveSavedIDs()
        var ids: [Int64: Int64] = [:]
        for temporary in root.savedIDLog[resolvedIDCount...] { ids[temporary] = root.savedIDs[temporary] }
        resolvedIDCount = root.savedIDLog.count
        for state in tables.values {
            for (temporary, real) in ids {
                guard let registration = state.registration(temporary) else { continue }
                state.remove(temporary)
                // Keeps its base, edits and read sequence: staleness compares it with the stored row.
                if registration.isChanged || state.slot(of: real) == nil { state.set(registration, for: real) }
            }
        }
        rewriteReferences(ids)
    }

    /// Rewrites references held by this context's objects (bases and edits) through `ids`.
    func rewriteReferences(_ ids: [Int64: Int64]) {
        guard !ids.isEmpty else { return }
        for state in tables.values where !state.schema.references.isEmpty {
            for slot in 0..<Int32(state.slotCount) where state.state(at: slot) != nil {
                for reference in state.schema.references {
                    _ = state.rewrite(column: reference.column, at: slot) { value in
                        if case let .integer(old) = value, let new = ids[old] { return .integer(new) }
                        return nil
                    }
                }
            }
        }
    }

    /// The values of an object given to ``insert(_:)`` or ``update(_:)``, with references to
    /// temporary ids the root saved moved to the real ids.
    func resolvingReferences(_ values: [SQLiteValue], of table: TableSchema) -> [SQLiteValue] {
        guard let root, !root.savedIDs.isEmpty, !table.references.isEmpty else { return values }
        var values = values
        for reference in table.references {
            if case let .integer(id) = values[reference.column], id < 0, let real = root.savedIDs[id] {
                values[reference.column] = .integer(real)
            }
        }
        return values
    }
}
