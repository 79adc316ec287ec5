/// An in-memory scratch pad over a parent — the store or another context.
///
/// A context reads through its parents (so a child sees its parent's unsaved changes),
/// keeps an identity map of what it read with a base snapshot of each row, and tracks
/// inserts, updates and deletes. ``save(policy:)`` pushes its changes into the parent as one
/// ``Changeset``: into a parent context's scratch, or into the store in one transaction.
/// ``rollback()`` and ``discard()`` run no SQL at all.
///
/// A context is not `Sendable`: it lives in one isolation domain (in an app, the main actor).
///
/// ```swift
/// let edit = store.newChildContext()
/// var author = try edit.fetch(Author.self, id: 1)!
/// author.name = "Octavia E. Butler"
/// try edit.update(author)
/// try edit.save()      // one transaction, checked for conflicts field by field
/// ```
public final class ObjectContext {
    /// The store at the root of this context's chain.
    public let store: DraftStore
    /// The parent context; `nil` when the parent is the store.
    public let parent: ObjectContext?
    /// How ``save(policy:)`` merges rows someone else changed meanwhile. Default ``MergePolicy/error``.
    public var mergePolicy: MergePolicy = .error
    /// Whether a save into the store keeps the rows it inserted registered here. By default
    /// (`false`) it forgets them, so a context that inserted a million rows does not hold a
    /// million snapshots after its save: the app has their saved values already (the inserted
    /// values, with real ids from ``SaveResult/insertedIDs``), and the rows it read, updated or
    /// deleted stay registered as before. A later fetch of an inserted row reads it again, and
    /// takes the row as it is then as its base snapshot; `update(_:)` of one is refused until
    /// it is fetched again (set this to keep them, so that changes made by others since the
    /// save are found as conflicts).
    /// Editors (``PresentedItem``) set it: their save returns the saved row from it.
    /// A save into a parent context keeps every row either way.
    public var keepsSavedObjects = false
    /// Whether a save into the store also returns its writes as an SQLite session changeset
    /// (``SaveResult/capturedChanges``); off by default (a store that records changes captures every save).
    public var capturesChanges = false
    /// Registrations by table name, as last settled: read and change them through ``tables``.
    var registrations: [String: TableState] = [:]
    /// Registrations by table name. Every access first moves registrations and references that
    /// an ancestor's save gave real ids to those ids (``resolveSavedIDs()``, O(1) when there is
    /// nothing new), so no method can see a stale temporary key, whichever it is.
    var tables: [String: TableState] {
        get {
            resolveSavedIDs()
            return registrations
        }
        _modify {
            resolveSavedIDs()
            yield &registrations
        }
    }
    /// Counts inserts, to keep their order.
    var insertCounter = 0
    /// By table name, the keys of inserts that took a key of the app's in place of their
    /// temporary one, which this context's new rows' references followed (``moveInsert(_:from:)``):
    /// they follow each later move of that insert too.
    var followedKeys: [String: Set<RowKey>] = [:]
    /// The state ``state(for:)`` returned last: runs of calls for one table (a bulk insert)
    /// skip hashing the table name.
    var lastState: TableState?
    /// Set by ``discard()``.
    public internal(set) var isDiscarded = false
    /// The context at the top of the chain, whose parent is the store; `nil` for that context itself.
    let root: ObjectContext?
    /// Whether a child context was made from this one: then the real ids of its saves are recorded
    /// in ``savedIDs`` for its descendants.
    var hasChildren = false
    /// In a root context with children: the real id of each insert it saved to the store, by temporary id.
    var savedIDs: [Int64: Int64] = [:]
    /// The temporary ids of ``savedIDs`` in the order they were saved, so descendants read only new ones.
    var savedIDLog: [Int64] = []
    /// How much of the root's ``savedIDLog`` this context has applied (see ``resolveSavedIDs()``).
    var resolvedIDCount = 0
    /// The draft journal's link of a journaled item's context, told of each change; `nil` otherwise.
    var draftJournal: DraftJournalLink?
    /// While a ``SaveBatch`` that saved this context is open: the registrations before that save
    /// (``batchSnapshot()``), restored when the batch's COMMIT has an unknown outcome.
    var pendingBatchSnapshot: BatchSnapshot?

    /// How many contexts lie between this one and the store: 1 for a child of the store.
    public let depth: Int
    /// The deepest nesting a context may be used at. Reads and saves pass through every
    /// parent, so without a bound a chain of thousands of contexts would exhaust the stack.
    public static let maximumDepth = 256

    init(store: DraftStore, parent: ObjectContext?) {
        self.store = store
        self.parent = parent
        self.depth = (parent?.depth ?? 0) + 1
        self.root = parent.map { $0.root ?? $0 }
        resolvedIDCount = root?.savedIDLog.count ?? 0
    }

    /// A new context whose parent is this one. Its ``save(policy:)`` changes only this context's
    /// scratch; nothing reaches the database until this context saves too.
    public func newChildContext() -> ObjectContext {
        // The child starts current with the root's saved ids, so this context must be too.
        _ = tables
        hasChildren = true
        return ObjectContext(store: store, parent: self)
    }

    /// The registrations of a table, created on first use, when the store has checked the
    /// table against the database.
    /// - Throws: ``SchemaError`` when the entity's declaration does not fit the table; ``SQLiteError`` when reading the schema fails.
    func state(for schema: TableSchema) throws -> TableState {
        resolveSavedIDs()
        if let last = lastState, last.schema === schema { return last }
        if let state = registrations[schema.name] {
            lastState = state
            return state
        }
        let state = TableState(info: try store.register(schema))
        tables[schema.name] = state
        lastState = state
        return state
    }

    /// Throws when the context, or a context it reads through (a parent), was discarded.
    func checkUsable() throws(Misuse) {
        if isDiscarded { throw .contextDiscarded }
        if depth > Self.maximumDepth { throw Self.tooDeep(depth) }
        if hasDiscardedAncestor { throw .ancestorDiscarded }
    }

    /// The error for a context nested deeper than ``maximumDepth``.
    static func tooDeep(_ depth: Int) -> Misuse {
        .nestedTooDeep(depth: depth, maximum: maximumDepth)
    }

    /// Whether a parent (or its parent, up the chain) was discarded: then this context has nowhere to save to.
    var hasDiscardedAncestor: Bool {
        var ancestor = parent
        while let context = ancestor {
            if context.isDiscarded { return true }
            ancestor = context.parent
        }
        return false
    }

    /// The values of a row as this context sees it, and the store sequence they reflect.
    func view(_ table: TableSchema, key: RowKey) throws -> (values: [SQLiteValue]?, sequence: UInt64) {
        var context: ObjectContext? = self
        // A loop rather than recursion: chains of thousands of contexts must not exhaust the stack.
        while let current = context {
            if let state = current.tables[table.name], let slot = state.rows.slot(of: key) {
                return (state.rows.currentValues(at: slot), state.rows.state(at: slot).readSequence)
            }
            context = current.parent
        }
        return try store.readRow(table, key: key)
    }

    /// Fetches one object by key, registering it in this context.
    /// - Parameters:
    ///   - type: The entity type.
    ///   - key: The row's primary key (or a temporary key of an object inserted in this context
    ///     or a parent); values are taken as the key columns store them (`"7"` finds INTEGER key 7).
    /// - Returns: The object as this context sees it; `nil` when it does not exist or was deleted here.
    /// - Throws: ``SQLiteError`` when the read fails; ``ContextError`` after ``discard()`` or for a
    ///   key with the wrong number of columns; ``SchemaError`` when the entity does not fit its table.
    public func fetch<E: Entity>(_ type: E.Type, key: RowKey) throws -> E? {
        try checkUsable()
        let schema = E.schema
        let state = try state(for: schema.table)
        let key = try state.info.storedKey(resolvedKey(key), oracle: store.oracle)
        if let slot = state.rows.slot(of: key) {
            return try state.rows.currentValues(at: slot).map { try schema.entity(values: $0) }
        }
        let (values, sequence) = try parent?.view(schema.table, key: key) ?? store.readRow(schema.table, key: key)
        guard let values else { return nil }
        state.rows.add(key, snapshot: values, as: .unchanged(read: sequence))
        return try schema.entity(values: values)
    }

    /// Fetches one object by an integer key (an `INTEGER PRIMARY KEY` or rowid); see ``fetch(_:key:)``.
    /// - Throws: As ``fetch(_:key:)``.
    public func fetch<E: Entity>(_ type: E.Type, id: Int64) throws -> E? {
        try fetch(type, key: RowKey(.integer(id)))
    }

    /// Fetches the objects a request matches, as this context sees them (its own and its
    /// parents' unsaved changes included), registering each.
    ///
    /// The filters and the order apply to each row as this context sees it: a registered row
    /// by its values here (its snapshot when unchanged, its edits when changed), so it is
    /// returned when those match even if the stored row no longer does, and left out when they
    /// do not even if the stored row now matches (``staleObjects()`` tells, ``rebase()``
    /// catches up); any other row as the parents show it. Unsaved inserts sort by the ids the
    /// store will give them: after the rows it holds, in the order they will be saved, with
    /// inserts with chosen ids where their ids fall. That order assumes no other connection
    /// inserts into the table before the save.
    /// - Parameter request: Condition, sort keys, limit and offset; evaluated with SQL's meaning
    ///   (see ``Condition``).
    /// - Returns: The objects, in the request's order.
    /// - Throws: ``SQLiteError`` when the read fails; ``ContextError`` after ``discard()``;
    ///   ``QueryError`` for a key path that is no declared column, or a comparison or sort by a
    ///   collation Swift cannot reproduce (whatever the context holds).
    /// - Complexity: One SQL query, plus O(*n* log *n*) when this context or a parent has rows
    ///   of the table registered (read or changed): then the limit and offset are applied after
    ///   their values are laid over the store's rows, so the query reads every matching row.
    public func fetch<E: Entity>(_ request: FetchRequest<E>) throws -> [E] {
        try checkUsable()
        let schema = E.schema
        let state = try state(for: schema.table)
        let plan = try resolvingRelated(request.plan(store.foreignKeys))
        // Compiled even when SQL alone answers, so that a request a context cannot evaluate
        // is refused whatever the context holds.
        let evaluator = try QueryEvaluator(plan, info: state.info, oracle: store.oracle)
        if parent == nil, state.rows.slots.isEmpty {
            // Nothing to lay over the store's rows: they are read straight into one flat
            // buffer, which becomes the table's snapshot storage, with no row list in between.
            let sequence = store.state.withLock { $0.sequence }
            var keys: [RowKey] = []
            var buffer: [SQLiteValue] = []
            // The row loop is the schema's, specialized for `E` where the schema is declared.
            let (entities, failure) = try store.read(plan) { statement throws(SQLiteError) in
                try schema.readRegistered(statement, &keys, &buffer)
            }
            // A row that does not fit its entity fails the fetch after the rows before it, and
            // itself, were registered; a failed read registers nothing.
            state.rows.adopt(keys: keys, values: buffer, readSequence: sequence)
            if let failure { throw failure }
            return entities
        }
        let (rows, sequence) = try queryRows(plan, evaluator)
        var result: [E] = []
        result.reserveCapacity(rows.count)
        state.rows.reserve(rows.count)
        for row in rows {
            // The context's own registration wins: its values are the ones the rows carry.
            if state.rows.slot(of: row.key) == nil { state.rows.add(row.key, snapshot: row.values, as: .unchanged(read: sequence)) }
            result.append(try schema.entity(values: row.values))
        }
        return result
    }

    /// Every object of a type, in key order, as this context sees them.
    /// - Throws: ``SQLiteError`` when the read fails; ``ContextError`` after ``discard()``;
    ///   ``SchemaError`` when the entity does not fit its table.
    public func fetchAll<E: Entity>(_ type: E.Type) throws -> [E] { try fetch(FetchRequest<E>.all) }

    /// Runs a plan through the parents, then lays this context's registrations over the result,
    /// matched and sorted by `evaluator` (the plan compiled for its table).
    func queryRows(_ plan: QueryPlan, _ evaluator: QueryEvaluator) throws -> (rows: [QueryPlan.Row], sequence: UInt64) {
        let state = tables[plan.table.name]
        // SQLite alone evaluates a full-text match and a view (read-only: never changed in a context).
        if plan.needsStore || state?.info.isView == true {
            try checkFullTextUnchanged(plan.table)
            return try store.query(plan)
        }
        let overlay = (state?.rows.count ?? 0) > 0
        let parentPlan = overlay ? plan.unlimited : plan
        let (parentRows, sequence) = try parent?.queryRows(parentPlan, evaluator) ?? store.query(parentPlan)
        guard overlay, let state else { return (parentRows, sequence) }
        var rows: [QueryPlan.Row] = []
        rows.reserveCapacity(parentRows.count)
        var seen = Set<RowKey>()
        for row in parentRows {
            if let slot = state.rows.slot(of: row.key) {
                seen.insert(row.key)
                if let values = state.rows.currentValues(at: slot), try evaluator.matches(values) { rows.append((row.key, values)) }
            } else {
                rows.append(row)
            }
        }
        // Registered rows the parents left out: included when they match as this context sees them.
        if seen.count < state.rows.count {
            for slot in state.rows.slotRange where !seen.contains(state.rows.key(at: slot)) {
                // `nil` for a free or deleted slot.
                if let values = state.rows.currentValues(at: slot), try evaluator.matches(values) {
                    rows.append((state.rows.key(at: slot), values))
                }
            }
        }
        evaluator.order.sort(&rows, keyOrder: try keyOrder(plan.table, rows: rows))
        if plan.offset > 0 { rows.removeFirst(min(plan.offset, rows.count)) }
        if let limit = plan.limit, rows.count > limit { rows.removeLast(rows.count - limit) }
        return (rows, sequence)
    }
}
