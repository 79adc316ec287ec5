import Foundation

/// The store inside a save's write transaction, as a ``ChangesetTarget``: each change becomes
/// its INSERT, UPDATE or DELETE on the writer, and what SQLite did is noted for the saving
/// context (``saved``) and for the commit log (``unknownRows``).
struct StoreTarget: ChangesetTarget {
    /// What happens to a write the store refuses (a constraint, a trigger's `RAISE`).
    enum Refusals {
        /// The save fails with ``SaveError/rejected(_:)``.
        case thrown
        /// A dry run: each write runs in a savepoint of its own; refusals are collected and the rest goes on.
        case collected
    }

    let store: DraftStore
    let connection: Connection
    let refusals: Refusals
    /// The time the save's created-at and updated-at columns get.
    let now: Date
    /// What happened to each row, in the order written.
    private(set) var saved: [SavedRow] = []
    /// Whether a statement ran that writes.
    private(set) var wrote = false
    /// The refusals collected (``Refusals/collected``).
    private(set) var rejections: [FieldError] = []
    /// Whether SQLite may have changed rows of its own accord (foreign-key actions, triggers).
    private(set) var unknownRows = false
    /// Real rowids of the rows inserted so far, by their temporary keys: kept for
    /// ``resolvedValues(of:references:with:)`` unless the save ``streams`` its inserts.
    private var ids: [Int64: Int64] = [:]
    /// Set when the save is inserts alone read straight from the context's storage, none
    /// referencing a table the save inserts into (``SaveChanges/inserts(_:)``): then no
    /// reference in the save uses an assigned key, so no key map is kept, and each row's new
    /// key goes to ``savedKeys`` instead of a ``SavedRow`` with a copy of its values.
    var streams: InsertedRows?
    /// The keys of a streamed save's rows (``streams``).
    private(set) var savedKeys = SavedKeys()
    /// What the store knows of the current table, looked up once per run of one table's rows.
    private var facts: TableFacts?
    /// The INSERT of the current table, looked up once per table rather than per row (the
    /// statement cache hashes the SQL text).
    private var insert: (table: TableSchema, sql: String, statement: Statement)?
    /// An UPDATE's SQL is built once per run of rows of one table writing the same columns, not
    /// per row (3,700 instructions a row, W6).
    private var update: (table: TableSchema, columns: [Int], sql: String)?

    init(store: DraftStore, connection: Connection, refusals: Refusals, now: Date = Date()) {
        self.store = store
        self.connection = connection
        self.refusals = refusals
        self.now = now
    }

    mutating func current(of change: Changeset.Change) throws -> [SQLiteValue]? {
        try DraftStore.readRow(change.table, key: change.key, on: connection)
    }

    mutating func mine(of change: Changeset.Change) throws -> [SQLiteValue] {
        try DraftStore.resolvedValues(of: change, references: try knowledge(change.table).info.referenceColumns, with: ids)
    }

    mutating func insert(_ change: Changeset.Change) throws {
        let known = try knowledge(change.table)
        var values = try mine(of: change)
        if let column = change.table.createdAtColumn { values[column] = known.createdAt }
        if let column = change.table.updatedAtColumn { values[column] = known.updatedAt }
        // A row that references its own temporary key is written with the key SQLite would give it.
        let ownKey =
            known.info.assignsKey(of: change.key)
            ? try DraftStore.selfReferenceKey(of: change, values: values, info: known.info, on: connection) : nil
        if let ownKey { values = ownKey }
        let written = InsertColumns(change, values: values, info: known.info, keyChosen: ownKey != nil)
        var newKey = written.assignsKey ? change.key : change.table.key(of: values)
        wrote = true
        let refused = try Self.write(change, values: values, refusals, on: connection) {
            let sql = written.sql(for: change.table)
            if insert?.table !== change.table || insert?.sql != sql {
                insert = (change.table, sql, try connection.cachedStatement(sql))
            }
            try written.run(insert!.statement, values)
            if written.assignsKey { newKey = RowKey(.integer(connection.lastInsertRowID)) }
        }
        rejections += refused
        if streams == nil, let temporary = change.key.integerValue, temporary < 0, let real = newKey.integerValue { ids[temporary] = real }
        // What the database set (defaults, generated columns, triggers) is read back.
        if written.readsBack || known.info.hasTriggers {
            values = try DraftStore.readRow(change.table, key: newKey, on: connection) ?? values
        } else if written.assignsKey {
            change.table.setKey(newKey, in: &values)
        }
        if streams != nil {
            savedKeys.append(table: change.table, key: change.key, newKey: newKey)
        } else {
            saved.append(SavedRow(table: change.table, key: change.key, newKey: newKey, values: values))
        }
        if known.insert { unknownRows = true }
    }

    mutating func update(_ change: Changeset.Change, mine: [SQLiteValue], theirs: [SQLiteValue], columns: [Int]) throws {
        guard !columns.isEmpty else { return keep(change, theirs: theirs) }
        let known = try knowledge(change.table)
        // An edit of a generated column (mine differs from the value read) is refused, as
        // SQLite refuses its UPDATE; an overwrite that lists it with the value read is no edit.
        let generated = columns.filter { known.info.isGenerated[$0] && mine[$0] != (change.base?[$0] ?? mine[$0]) }
        if !generated.isEmpty {
            let refused = RejectionReader.generatedColumns(generated, change: change, values: mine)
            guard refusals == .collected else { throw SaveError.rejected([refused]) }
            rejections.append(refused)
        }
        var mine = mine
        var final = theirs
        for column in columns { final[column] = mine[column] }
        var written = columns.filter { !known.info.isGenerated[$0] }
        if let column = change.table.updatedAtColumn {
            final[column] = known.updatedAt
            mine[column] = final[column]
            if !written.contains(column) { written.append(column) }
        }
        if !written.isEmpty, update?.table !== change.table || update?.columns != written {
            update = (change.table, written, change.table.updateSQL(columns: written))
        }
        wrote = true
        let sql = written.isEmpty ? nil : update!.sql
        rejections += try Self.write(change, values: final, refusals, on: connection) {
            if let sql { try connection.run(sql, written.map { mine[$0] } + change.key.values) }
        }
        if known.info.hasTriggers || known.info.isGenerated.contains(true) {
            final = try DraftStore.readRow(change.table, key: change.key, on: connection) ?? final
        }
        saved.append(SavedRow(table: change.table, key: change.key, newKey: change.key, values: final))
        if known.update { unknownRows = true }
    }

    mutating func delete(_ change: Changeset.Change, theirs: [SQLiteValue]) throws {
        wrote = true
        rejections += try Self.write(change, values: nil, refusals, on: connection) {
            try connection.run(change.table.deleteSQL, change.key.values)
        }
        saved.append(SavedRow(table: change.table, key: change.key, newKey: change.key, values: nil))
        if try knowledge(change.table).delete { unknownRows = true }
    }

    mutating func keep(_ change: Changeset.Change, theirs: [SQLiteValue]?) {
        saved.append(SavedRow(table: change.table, key: change.key, newKey: change.key, values: theirs))
    }

    /// After the last change: DEFERRABLE foreign keys still violated would fail the COMMIT, so
    /// they are named now, before the rollback — thrown, or collected in a dry run.
    /// - Throws: ``SaveError/rejected(_:)`` naming each violating row.
    mutating func checkDeferredForeignKeys() throws(SaveError) {
        guard connection.hasUnresolvedForeignKeys else { return }
        var saved = saved
        if let streams {
            // Rare, and the save fails: the rows are made again, to name the violating ones.
            var newKeys: [RowKey] = []
            savedKeys.visit { _, _, newKey in newKeys.append(newKey) }
            saved = zip(streams.changes, newKeys).map { SavedRow(table: $0.table, key: $0.key, newKey: $1, values: $0.values) }
        }
        let violations = RejectionReader.deferredViolations(saved: saved, connection: connection)
        switch refusals {
        case .thrown: throw .rejected(violations)
        case .collected: rejections += violations
        }
    }

    /// Runs one object's write; a refusal the store explains in field errors is thrown as
    /// ``SaveError/rejected(_:)`` or, in a dry run (in a savepoint of its own), returned.
    /// - Returns: The refusal's field errors in a dry run; none otherwise.
    private static func write(
        _ change: Changeset.Change, values: [SQLiteValue]?, _ refusals: Refusals, on connection: Connection, _ body: () throws -> Void
    ) throws -> [FieldError] {
        do {
            switch refusals {
            case .thrown: try body()
            case .collected: try connection.savepoint(body)
            }
            return []
        } catch let error as SQLiteError {
            guard let fields = RejectionReader.fieldErrors(for: error, change: change, values: values, connection: connection)
            else { throw error }
            guard refusals == .collected else { throw SaveError.rejected(fields) }
            return fields
        }
    }

    /// The store's facts of `table`, looked up once per run of its rows.
    private mutating func knowledge(_ table: TableSchema) throws -> TableFacts {
        if let facts, facts.table === table { return facts }
        let known = TableFacts(table: table, info: try store.info(for: table), effects: store.sideEffects, now: now)
        facts = known
        return known
    }
}
