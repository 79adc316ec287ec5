extension ObjectContext {
    /// Inserts a new object. It gets a temporary (negative) id at once, which references
    /// from other new objects can use; the save replaces it with the real row id.
    ///
    /// An object with a positive id is inserted with that id.
    /// - Parameter entity: The new object; its `id` is `nil` (or a chosen positive id).
    /// - Returns: The object with its temporary id.
    /// - Throws: ``ContextError`` when an object with that id is already in this context, or after ``discard()``.
    @discardableResult
    public func insert<E: Entity>(_ entity: E) throws -> E {
        try checkUsable()
        var entity = entity
        // The schema is read once: each `E.schema` in this generic code copies it, with metadata lookups.
        let schema = E.schema
        let state = state(for: schema.table)
        if let id = entity.id {
            if state.slot(of: id) != nil {
                throw ContextError(description: "\(schema.table.name)#\(id) is already in this context; use update(_:) to change it.")
            }
        } else {
            entity.id = store.nextTemporaryID()
        }
        insertCounter += 1
        state.appendInserted(
            entity.id!, values: resolvingReferences(schema.values(of: entity), of: schema.table), insertOrder: insertCounter)
        return entity
    }

    /// Records new values for an object of this context or its parents.
    ///
    /// Only fields whose value differs from the base snapshot count as changed (text by
    /// bytes); setting every field back to its base value makes the object unchanged again.
    /// - Parameter entity: The object with its new values; it must have an id.
    /// - Throws: ``ContextError`` when the object has no id, does not exist, or was deleted; ``SQLiteError`` when reading its base fails.
    public func update<E: Entity>(_ entity: E) throws {
        try checkUsable()
        guard let given = entity.id else {
            throw ContextError(description: "This \(E.schema.table.name) row has no id; insert(_:) it first.")
        }
        let id = resolvedID(given)
        let schema = E.schema
        let state = state(for: schema.table)
        let values = resolvingReferences(schema.values(of: entity), of: schema.table)
        // A row registered here and not deleted is updated in place, with no registration made.
        if let slot = state.slot(of: id), state.update(slot, to: values) { return }
        var registration = try registration(schema.table, id: id, in: state)
        switch registration.state {
        case .deleted:
            throw ContextError(
                description: "\(schema.table.name)#\(id) was deleted in this context; it cannot be updated.", isMissingRow: true)
        case .inserted:
            registration.current = values
        case .unchanged, .updated:
            let base = registration.base!
            if base.elementsEqual(values) {
                registration.current = nil
                registration.state = .unchanged
            } else {
                registration.current = values
                registration.state = .updated
            }
        }
        state.set(registration, for: id)
    }

    /// Deletes an object, and applies the schema's `ON DELETE` actions in this context at
    /// once: with `CASCADE`, rows that reference it show as deleted too; with `SET NULL`,
    /// their reference becomes NULL.
    ///
    /// Deleting an object inserted in this same context simply forgets it.
    /// - Parameters:
    ///   - type: The entity type.
    ///   - id: The row id.
    /// - Throws: ``ContextError`` when the row does not exist; ``SQLiteError`` when reading fails.
    public func delete<E: Entity>(_ type: E.Type, id: Int64) throws {
        try checkUsable()
        try delete(table: E.schema.table, id: resolvedID(id))
    }

    /// Deletes an object; see ``delete(_:id:)``.
    /// - Throws: ``ContextError`` when it has no id or does not exist; ``SQLiteError`` when reading fails.
    public func delete<E: Entity>(_ entity: E) throws {
        guard let id = entity.id else {
            throw ContextError(description: "This \(E.schema.table.name) row has no id; there is nothing to delete.")
        }
        try delete(E.self, id: id)
    }

    /// Deletes a row by table and applies cascades.
    func delete(table: TableSchema, id: Int64) throws {
        let state = state(for: table)
        var registration = try registration(table, id: id, in: state)
        switch registration.state {
        case .deleted: return
        case .inserted: state.set(nil, for: id)
        case .unchanged, .updated:
            registration.state = .deleted
            registration.current = nil
            state.set(registration, for: id)
        }
        for key in store.foreignKeys[table.name] ?? [] {
            guard let child = store.table(named: key.childTable), let column = child.columns.firstIndex(of: key.childColumn) else {
                continue
            }
            let plan = QueryPlan(
                table: child, filters: [QueryFilter(column: column, op: .equals, value: .integer(id))], order: nil, limit: nil)
            let rows = try queryRows(plan).rows
            switch key.onDelete.uppercased() {
            case "CASCADE":
                for row in rows { try delete(table: child, id: row.id) }
            case "SET NULL":
                for row in rows {
                    var values = row.values
                    values[column] = .null
                    try setValues(values, table: child, id: row.id)
                }
            default: continue
            }
        }
    }

    /// Sets all values of a row by table (used by cascades).
    func setValues(_ values: [SQLiteValue], table: TableSchema, id: Int64) throws {
        let state = state(for: table)
        var registration = try registration(table, id: id, in: state)
        if registration.state == .inserted {
            registration.current = values
        } else if registration.state != .deleted {
            registration.current = values
            registration.state = registration.base! == values ? .unchanged : .updated
            if registration.state == .unchanged { registration.current = nil }
        }
        state.set(registration, for: id)
    }

    /// The registration of a row, read from the parents and registered if needed.
    func registration(_ table: TableSchema, id: Int64, in state: TableState) throws -> Registration {
        if let registration = state.registration(id) { return registration }
        let (values, sequence) = try parent?.view(table, id: id) ?? store.readRow(table, id: id)
        guard let values else {
            throw ContextError(description: "\(table.name)#\(id) does not exist (it may have been deleted).", isMissingRow: true)
        }
        state.appendUnchanged(id, base: values, readSequence: sequence)
        return Registration(base: values, state: .unchanged, readSequence: sequence)
    }

    /// Whether any object of this context is inserted, updated or deleted.
    /// - Complexity: O(*tables*).
    public var hasChanges: Bool { tables.values.contains { $0.changeCount > 0 } }

    /// The fields of an object that differ from its base snapshot, with old and new values
    /// (text compared by bytes). An inserted object lists every field with old `NULL`.
    /// - Parameter entity: An object of this context.
    /// - Returns: The changed fields; empty when unchanged or unknown here.
    public func changedFields<E: Entity>(of entity: E) -> [FieldChange] {
        resolveSavedIDs()
        guard let id = entity.id.map(resolvedID), let state = tables[E.schema.table.name], let slot = state.slot(of: id),
            let values = state.currentValues(at: slot)
        else {
            return []
        }
        let table = E.schema.table
        let base = state.base(at: slot) ?? Array(repeating: .null, count: values.count)
        return values.indices.compactMap { index in
            base[index] == values[index] ? nil : FieldChange(field: table.fields[index], old: base[index], new: values[index])
        }
    }

    /// Forgets an object: its registration and any change to it leave this context. Runs no SQL.
    /// - Parameters:
    ///   - type: The entity type.
    ///   - id: The row id.
    public func forget<E: Entity>(_ type: E.Type, id: Int64) {
        resolveSavedIDs()
        tables[E.schema.table.name]?.set(nil, for: resolvedID(id))
    }

    /// Whether an object is deleted in this context.
    public func isDeleted<E: Entity>(_ type: E.Type, id: Int64) -> Bool {
        resolveSavedIDs()
        guard let state = tables[E.schema.table.name], let slot = state.slot(of: resolvedID(id)) else { return false }
        return state.state(at: slot) == .deleted
    }
}
