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

    /// The child's values; a delete's (which the merge never asks for) are its base.
    mutating func mine(of change: Changeset.Change) throws -> [SQLiteValue] { change.state.lastValues }

    mutating func insert(_ change: Changeset.Change) throws {
        let state = try context.state(for: change.table)
        // The key of a row this changeset deleted before: that row is replaced (a read row stays
        // deleted below the insert; an insert of this context was forgotten).
        if let deleted = planned.lastIndex(where: { $0.0 === state && $0.1 == change.key }) {
            let base = planned[deleted].2.flatMap { registration -> [SQLiteValue]? in
                if case let .deleted(base) = registration.state { return base }
                return nil
            }
            let read = planned[deleted].2?.readSequence ?? 0
            let values = try mine(of: change)
            if let base, context.isAncestorInsert(change.table, key: change.key) {
                // Never stored: an ancestor's insert deleted and inserted again is new values for it.
                let registration = Registration(state: RowState.unchanged(base: base).showing(values), readSequence: read)
                return planned.append((state, change.key, registration))
            }
            context.insertCounter += 1
            let registration = Registration(
                state: base.map { .replaced(base: $0, values: values) } ?? .inserted(values: values), readSequence: read,
                insertOrder: context.insertCounter)
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
            state: .inserted(values: try mine(of: change)), readSequence: 0, insertOrder: context.insertCounter)
        planned.append((state, change.key, inserted))
    }

    mutating func update(_ change: Changeset.Change, mine: [SQLiteValue], theirs: [SQLiteValue], columns: [Int]) throws {
        let state = try context.state(for: change.table)
        var registration =
            state.rows.registration(change.key) ?? Registration(state: .unchanged(base: theirs), readSequence: sequence)
        var values = theirs
        for column in columns { values[column] = mine[column] }
        registration.state = registration.state.showing(values)
        planned.append((state, change.key, registration))
    }

    mutating func delete(_ change: Changeset.Change, theirs: [SQLiteValue]) throws {
        let state = try context.state(for: change.table)
        let existing = state.rows.registration(change.key)
        // A row inserted in this context and deleted by its child was never in the store:
        // forgotten (an insert that replaced a row deleted here leaves that row deleted).
        if case .inserted = existing?.state { return planned.append((state, change.key, nil)) }
        var registration = existing ?? Registration(state: .unchanged(base: theirs), readSequence: sequence)
        registration.state = .deleted(base: registration.base ?? theirs)
        planned.append((state, change.key, registration))
    }

    /// Nothing to plan: the parent keeps its copy.
    mutating func keep(_ change: Changeset.Change, theirs: [SQLiteValue]?) {}

    /// Sets every planned registration: the merge happens here, after every change was decided.
    func carryOut() {
        for (state, key, registration) in planned { state.rows.set(registration, for: key) }
    }
}
