extension ObjectContext {
    /// Inserts a new object.
    ///
    /// When its table's key is the rowid (an `INTEGER PRIMARY KEY`, or the implicit rowid)
    /// and the object's key is `nil`, it gets a temporary (negative) key at once, which
    /// references from other new objects can use; the save replaces it with the real rowid.
    /// An object with a key of its own (a chosen rowid, a UUID, a composite key) is inserted
    /// with that key. The key of a row deleted in this context may be inserted again: the save
    /// then runs what SQLite would, the DELETE of the stored row (checked against the store
    /// like any delete, with its `ON DELETE` actions and triggers) and then the INSERT.
    /// - Parameter entity: The new object.
    /// - Returns: The object with its key (temporary where SQLite will assign it).
    /// - Throws: ``ContextError`` when an object with that key is already in this context (and
    ///   not deleted here), when
    ///   the key is missing and SQLite does not assign keys for the table, when a chosen rowid
    ///   is negative (negative rowids are temporary keys here), when a value would not read
    ///   back as stored, or after ``discard()``; ``SchemaError`` when the entity does not fit its table.
    @discardableResult
    public func insert<E: Entity>(_ entity: E) throws -> E {
        defer { draftJournal?.changed() }
        try checkUsable()
        var entity = entity
        // The schema is read once: each `E.schema` in this generic code copies it, with metadata lookups.
        let schema = E.schema
        let state = try state(for: schema.table)
        var values = try storedValues(of: entity, schema: schema, state: state)
        var key = schema.table.key(of: values)
        if key.hasNull {
            guard state.info.assignsKeys else {
                throw ContextError.noKey(schema.table, assignedBySQLite: false)
            }
            key = RowKey(.integer(store.nextTemporaryID()))
            schema.table.setKey(key, in: &values)
            guard schema.writeKey(&entity, key) else {
                throw ContextError.keyPropertyCannotHoldTemporaryKey(entity: schema.table.displayName, table: schema.table.name, key: key)
            }
        } else if let slot = state.rows.slot(of: key) {
            // A row deleted here takes the insert as SQLite would: saved as its DELETE, then this INSERT.
            guard case let .deleted(read) = state.rows.state(at: slot) else {
                throw ContextError.alreadyInContext(entity: schema.table.displayName, table: schema.table.name, key: key)
            }
            if isAncestorInsert(schema.table, key: key) {
                // Never stored: deleting and inserting an ancestor's insert is new values for it.
                state.rows.setState(.unchanged(read: read), at: slot)
                _ = state.rows.update(slot, to: values)
                return entity
            }
            insertCounter += 1
            state.rows.setState(.replaced(read: read, order: insertCounter, values: values), at: slot)
            return entity
        } else if state.info.assignsKey(of: key) {
            // A negative rowid is refused, unless it is the temporary key of the parent the row is keyed by (one-to-one).
            throw ContextError.chosenTemporaryKey(schema.table, key)
        }
        insertCounter += 1
        state.rows.add(key, snapshot: values, as: .inserted(order: insertCounter))
        return entity
    }

    /// Records new values for an object this context read (fetched, inserted), found by its key.
    ///
    /// The row must be registered here: an entity whose key this context never read is refused
    /// (``ContextError/keyNotRead(entity:table:key:)``), rather than taking the row that has that key
    /// as its base and writing over it. So `update` never changes a row's key: set to another
    /// row's key, the entity is refused (or, if this context read that row, is that row's new
    /// values). To store a row under a new key, delete it and insert it with the new key.
    ///
    /// Only fields whose value differs from the base snapshot as SQLite stores it count as
    /// changed (text by bytes, numbers through the column's affinity); setting every field back
    /// to its base value makes the object unchanged again.
    /// - Parameter entity: The object with its new values; it must have a key.
    /// - Throws: ``ContextError`` when the object has no key, when its key is no row this context
    ///   read (``ContextError/keyNotRead(entity:table:key:)``), when it was deleted here, or when a
    ///   value would not read back as stored; ``SQLiteError`` when reading its base fails.
    public func update<E: Entity>(_ entity: E) throws {
        defer { draftJournal?.changed() }
        try checkUsable()
        let schema = E.schema
        let state = try state(for: schema.table)
        var values = try storedValues(of: entity, schema: schema, state: state)
        let key = schema.table.key(of: values)
        guard !key.hasNull else {
            throw ContextError.noKey(schema.table, assignedBySQLite: state.info.assignsKeys)
        }
        // Only a row read here is updated: an entity whose key was changed must not be written
        // over the row that has the new key (nor a key never read take that row as its base).
        guard let registered = state.rows.slot(of: key) else { throw ContextError.keyNotRead(schema.table, key) }
        if let base = state.rows.base(at: registered) {
            if schema.table.dateEncodings.contains(where: { $0 != nil && $0 != .unixMilliseconds }) {
                values = schema.table.keepingEquivalentDates(values, base: base)
            }
            values = schema.table.keepingIntegersReadAsText(values, base: base)
        }
        // A row registered here and not deleted is updated in place, with no registration made.
        if state.rows.update(registered, to: values) { return }
        var registration = try registration(schema.table, key: key, in: state)
        if registration.isDeleted {
            throw ContextError.deletedInContext(entity: schema.table.displayName, table: schema.table.name, key: key)
        }
        registration.state = registration.state.showing(values)
        state.rows.set(registration, for: key)
    }

    /// The snapshot of an entity as SQLite will store it: references to temporary keys the
    /// root saved moved to the real keys, each value through its column's affinity.
    /// - Throws: ``ContextError`` when SQLite's conversion gives a value the property cannot read back.
    @inline(__always)
    func storedValues<E: Entity>(of entity: E, schema: EntitySchema<E>, state: TableState) throws -> [SQLiteValue] {
        let given = resolvingReferences(schema.values(of: entity), of: schema.table, info: state.info)
        var values = given
        // Rare: only when an affinity converted a value. Then it must still read back.
        if try state.info.normalize(&values, oracle: store.oracle) {
            for index in values.indices where values[index].storageClass != given[index].storageClass {
                var probe = entity
                if !schema.columns[index].set(&probe, values[index]) {
                    throw ContextError.unreadableValue(
                        entity: schema.table.displayName, table: schema.table.name, column: schema.table.columns[index],
                        given: given[index], stored: values[index])
                }
            }
        }
        return values
    }

    /// Deletes an object by key, and applies the schema's `ON DELETE` actions in this context
    /// at once, as SQLite will: with `CASCADE`, rows whose foreign key matches the deleted
    /// row's referenced columns (its key, or another unique column set) show as deleted too;
    /// with `SET NULL`, their foreign-key columns become NULL. That covers the child tables of
    /// entity types the store knows (``DraftStore/Configuration/entities``, or used by a context
    /// already). `SET DEFAULT`, and actions on tables or columns no known entity declares, are
    /// left to SQLite at save; rows a context holds that SQLite changed that way show as stale
    /// afterwards (``staleObjects()``).
    ///
    /// Deleting an object inserted in this same context simply forgets it (an insert that took
    /// the key of a row deleted here leaves that row deleted).
    /// - Parameters:
    ///   - type: The entity type.
    ///   - key: The row's primary key.
    /// - Throws: ``ContextError`` when the row does not exist; ``SQLiteError`` when reading fails;
    ///   ``SchemaError`` when the entity does not fit its table.
    public func delete<E: Entity>(_ type: E.Type, key: RowKey) throws {
        defer { draftJournal?.changed() }
        try checkUsable()
        let state = try state(for: E.schema.table)
        try delete(table: E.schema.table, key: state.info.storedKey(resolvedKey(key), oracle: store.oracle))
    }

    /// Deletes an object by an integer key; see ``delete(_:key:)``.
    /// - Throws: As ``delete(_:key:)``.
    public func delete<E: Entity>(_ type: E.Type, id: Int64) throws { try delete(type, key: RowKey(.integer(id))) }

    /// Deletes an object; see ``delete(_:key:)``.
    /// - Throws: ``ContextError`` when it has no key or does not exist; ``SQLiteError`` when reading fails.
    public func delete<E: Entity>(_ entity: E) throws {
        guard let key = E.schema.key(of: entity) else {
            throw ContextError.noKey(E.schema.table, assignedBySQLite: E.schema.table.keyColumns.count == 1)
        }
        try delete(E.self, key: key)
    }

    /// Deletes a row by table and applies the foreign-key actions this context can reproduce.
    func delete(table: TableSchema, key: RowKey) throws {
        let state = try state(for: table)
        var registration = try registration(table, key: key, in: state)
        guard let deleted = registration.values else { return }
        switch registration.state {
        case .inserted: state.rows.remove(key)
        // An insert that took the key of a row deleted here leaves that row deleted.
        case let .unchanged(base), let .updated(base, _), let .deleted(base), let .replaced(base, _):
            registration.state = .deleted(base: base)
            state.rows.set(registration, for: key)
        }
        for foreignKey in store.foreignKeys[table.name.lowercased()] ?? [] {
            let action = foreignKey.onDelete.uppercased()
            guard action == "CASCADE" || action == "SET NULL", let child = store.table(named: foreignKey.childTable),
                let match = foreignKey.match(parent: table, child: child)
            else { continue }
            let referenced = match.parentColumns.map { deleted[$0] }
            // A NULL in the referenced columns matches no child (SQL's `=`).
            if referenced.contains(where: \.isNull) { continue }
            let condition = zip(match.childColumns, referenced).map { QueryExpression.comparison(column: $0, .equal, $1) }
                .reduce(QueryExpression.constant(true)) { $0.isTrue ? $1 : .and($0, $1) }
            let plan = QueryPlan(table: child, condition: condition)
            let evaluator = try QueryEvaluator(plan, info: try self.state(for: child).info, oracle: store.oracle, fallback: .binary)
            let rows = try queryRows(plan, evaluator).rows
            for row in rows {
                if action == "CASCADE" {
                    try delete(table: child, key: row.key)
                } else {
                    var values = row.values
                    for column in match.childColumns { values[column] = .null }
                    try setValues(values, table: child, key: row.key)
                }
            }
        }
    }

    /// Whether the row of `key` is an unsaved insert of an ancestor context: the nearest
    /// ancestor that inserted or deleted it inserted it (one that read it looks further down).
    func isAncestorInsert(_ table: TableSchema, key: RowKey) -> Bool {
        var next = parent
        while let context = next {
            if let state = context.tables[table.name], let slot = state.rows.slot(of: key) {
                switch state.rows.state(at: slot).kind {
                case .inserted: return true
                case .deleted: return false
                case .unchanged, .updated, nil: break
                }
            }
            next = context.parent
        }
        return false
    }

    /// Sets all values of a row by table (used by cascades).
    func setValues(_ values: [SQLiteValue], table: TableSchema, key: RowKey) throws {
        let state = try state(for: table)
        var registration = try registration(table, key: key, in: state)
        registration.state = registration.state.showing(values)
        state.rows.set(registration, for: key)
    }

    /// The registration of a row, read from the parents and registered if needed.
    func registration(_ table: TableSchema, key: RowKey, in state: TableState) throws -> Registration {
        if let registration = state.rows.registration(key) { return registration }
        let (values, sequence) = try parent?.view(table, key: key) ?? store.readRow(table, key: key)
        guard let values else {
            throw ContextError.missing(table, key)
        }
        state.rows.add(key, snapshot: values, as: .unchanged(read: sequence))
        return Registration(state: .unchanged(base: values), readSequence: sequence)
    }

    /// Whether any object of this context is inserted, updated or deleted.
    /// - Complexity: O(*tables*).
    public var hasChanges: Bool { tables.values.contains { $0.rows.changeCount > 0 } }

    /// The fields of an object that differ from its base snapshot, with old and new values
    /// (text compared by bytes). An inserted object lists every field with old `NULL`.
    /// - Parameter entity: An object of this context.
    /// - Returns: The changed fields; empty when unchanged or unknown here.
    public func changedFields<E: Entity>(of entity: E) -> [FieldChange] {
        guard let key = E.schema.key(of: entity).map(resolvedKey), let state = tables[E.schema.table.name],
            let slot = state.rows.slot(of: key),
            let values = state.rows.currentValues(at: slot)
        else {
            return []
        }
        let table = E.schema.table
        let base = state.rows.base(at: slot) ?? Array(repeating: .null, count: values.count)
        return values.indices.compactMap { index in
            base[index] == values[index] ? nil : FieldChange(field: table.fields[index], old: base[index], new: values[index])
        }
    }

    /// Forgets an object: its registration and any change to it leave this context. Runs no SQL.
    /// - Parameters:
    ///   - type: The entity type.
    ///   - key: The row's primary key, as the context holds it.
    public func forget<E: Entity>(_ type: E.Type, key: RowKey) {
        defer { draftJournal?.changed() }
        tables[E.schema.table.name]?.rows.remove(resolvedKey(key))
    }

    /// Forgets an object by an integer key; see ``forget(_:key:)``.
    public func forget<E: Entity>(_ type: E.Type, id: Int64) { forget(type, key: RowKey(.integer(id))) }

    /// Whether an object is deleted in this context.
    /// - Parameters:
    ///   - type: The entity type.
    ///   - key: The row's primary key, as the context holds it.
    public func isDeleted<E: Entity>(_ type: E.Type, key: RowKey) -> Bool {
        guard let state = tables[E.schema.table.name], let slot = state.rows.slot(of: resolvedKey(key)) else { return false }
        return state.rows.state(at: slot).kind == .deleted
    }

    /// Whether an object with an integer key is deleted in this context; see ``isDeleted(_:key:)``.
    public func isDeleted<E: Entity>(_ type: E.Type, id: Int64) -> Bool { isDeleted(type, key: RowKey(.integer(id))) }
}
