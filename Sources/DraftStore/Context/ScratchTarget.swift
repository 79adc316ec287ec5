/// A parent context's scratch, as a ``ChangesetTarget``: a child's save plans each row's new
/// registration in the parent, and ``carryOut()`` sets them all once the whole changeset
/// merged without a conflict — all or nothing, no SQL.
struct ScratchTarget: ChangesetTarget {
    let context: ObjectContext
    /// Each row's registration to set (`nil`: forget the row), in changeset order.
    private var planned: [(TableState, RowKey, Registration?)] = []
    /// The read sequence of the row ``current(of:)`` returned last, for a registration made from it.
    private var sequence: UInt64 = 0

    init(context: ObjectContext) { self.context = context }

    mutating func current(of change: Changeset.Change) throws -> [SQLiteValue]? {
        let (values, sequence) = try context.view(change.table, key: change.key)
        self.sequence = sequence
        return values
    }

    mutating func mine(of change: Changeset.Change) throws -> [SQLiteValue] { change.values! }

    mutating func insert(_ change: Changeset.Change) throws {
        let state = try context.state(for: change.table)
        // The key of a row this changeset deleted before: that row is replaced (a read row stays
        // deleted below the insert; an insert of this context was forgotten).
        if let deleted = planned.lastIndex(where: { $0.0 === state && $0.1 == change.key }) {
            let base = planned[deleted].2.flatMap { $0.state == .deleted ? $0.base : nil }
            let read = planned[deleted].2?.readSequence ?? 0
            if let base, context.isAncestorInsert(change.table, key: change.key) {
                // Never stored: an ancestor's insert deleted and inserted again is new values for it.
                let same = base == change.values!
                let registration = Registration(
                    base: base, current: same ? nil : change.values, state: same ? .unchanged : .updated, readSequence: read)
                return planned.append((state, change.key, registration))
            }
            context.insertCounter += 1
            let registration = Registration(
                base: base, current: change.values, state: .inserted, readSequence: read, insertOrder: context.insertCounter)
            return planned.append((state, change.key, registration))
        }
        // As SQLite refuses an INSERT whose key is taken: a row this context has or shows (its
        // own unsaved insert too) is not replaced. A temporary key names no other row.
        if !change.key.isTemporary, try context.view(change.table, key: change.key).values != nil {
            let table = change.table
            let rejection = StoreRejection(
                kind: .primaryKey, table: table.name, columns: table.keyColumns.map { table.columns[$0] },
                values: change.key.values, object: .init(table: table.name, key: change.key.values))
            throw SaveError.rejected([RejectionReader.fieldError(rejection, table: table)])
        }
        context.insertCounter += 1
        let inserted = Registration(
            base: nil, current: change.values, state: .inserted, readSequence: 0, insertOrder: context.insertCounter)
        planned.append((state, change.key, inserted))
    }

    mutating func update(_ change: Changeset.Change, mine: [SQLiteValue], theirs: [SQLiteValue], columns: [Int]) throws {
        let state = try context.state(for: change.table)
        var registration = state.rows.registration(change.key) ?? Registration(base: theirs, state: .unchanged, readSequence: sequence)
        var values = theirs
        for column in columns { values[column] = mine[column] }
        registration.current = values
        if registration.state != .inserted {
            registration.state = registration.base! == values ? .unchanged : .updated
            if registration.state == .unchanged { registration.current = nil }
        }
        planned.append((state, change.key, registration))
    }

    mutating func delete(_ change: Changeset.Change, theirs: [SQLiteValue]) throws {
        let state = try context.state(for: change.table)
        let existing = state.rows.registration(change.key)
        // A row inserted in this context and deleted by its child was never in the store:
        // forgotten (an insert that replaced a row deleted here leaves that row deleted).
        if existing?.state == .inserted, existing?.base == nil { return planned.append((state, change.key, nil)) }
        var registration = existing ?? Registration(base: theirs, state: .unchanged, readSequence: sequence)
        registration.state = .deleted
        registration.current = nil
        planned.append((state, change.key, registration))
    }

    /// Nothing to plan: the parent keeps its copy.
    mutating func keep(_ change: Changeset.Change, theirs: [SQLiteValue]?) {}

    /// Sets every planned registration: the merge happens here, after every change was decided.
    func carryOut() {
        for (state, key, registration) in planned { state.rows.set(registration, for: key) }
    }
}
