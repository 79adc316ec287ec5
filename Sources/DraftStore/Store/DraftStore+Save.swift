import CSQLite
import Foundation

/// What the store did with one change of a saved changeset.
struct SavedRow: Sendable {
    /// The row's table.
    let table: TableSchema
    /// The key the context knew it by (temporary for inserts whose rowid SQLite assigns).
    let key: RowKey
    /// The key in the database.
    let newKey: RowKey
    /// The row's values after the save; `nil` when the row no longer exists.
    let values: [SQLiteValue]?
}

/// What a save's transaction produced, carried out of the write lock.
struct CommitOutcome: Sendable {
    /// What happened to each row.
    let rows: [SavedRow]
    /// The store's rejections collected by a dry run.
    let rejections: [FieldError]
    /// The commit's sequence number in the store's log.
    let sequence: UInt64
    /// The commit's writes as a session changeset, when captured.
    var captured: CapturedChanges?
}

extension DraftStore {
    /// Thrown inside the transaction to roll a dry run back.
    private struct DryRunEnd: Error { let rejections: [FieldError] }
    /// Thrown inside the transaction when no statement wrote anything (a `storeWins` save whose
    /// fields the store had all changed): the transaction is rolled back, not committed empty.
    private struct NothingWritten: Error {}

    /// Writes a changeset in one `BEGIN IMMEDIATE … COMMIT` transaction, in an order SQLite
    /// accepts (``SaveOrder``); each updated or deleted row is compared with its base snapshot
    /// first, under `policy`.
    ///
    /// On any error the transaction is rolled back (never committed) and nothing changes; a
    /// storage error names the database file. A closed store, or a transaction the caller left
    /// open on the writer, is a misuse (`.finished`), not a storage failure.
    /// - Parameters:
    ///   - changeset: What a context saves.
    ///   - policy: How conflicts are merged.
    ///   - dryRun: Run every write, collect the store's rejections (every one found for each refused object), then roll back.
    ///   - batch: The ``SaveBatch`` whose open transaction the changeset joins (in a savepoint of
    ///     its own); the commit is then recorded by the batch when it commits, not here.
    ///   - draft: The saving context's journal link: its entry is deleted in the same transaction.
    ///   - capture: Record the writes as a session changeset (``CapturedChanges``); ignored for a dry run.
    ///   - waitsForLock: Whether `BEGIN IMMEDIATE` waits up to the busy timeout for another
    ///     connection's write lock; without, it fails at once with `SQLITE_BUSY` (the async save retries).
    /// - Returns: What happened to each row, the commit's sequence number in the store's log
    ///   (what the saved rows now reflect), for a dry run the rejections, and the captured changes.
    func apply(
        _ changeset: Changeset, policy: MergePolicy, dryRun: Bool = false, batch: SaveBatch? = nil, draft: DraftJournalLink? = nil,
        capture: Bool = false, waitsForLock: Bool = true
    ) throws(SaveError) -> (
        rows: [SavedRow], rejections: [FieldError], sequence: UInt64, captured: CapturedChanges?
    ) {
        // A save from inside a batched save's closure would wait for the writer its own thread holds.
        if batch == nil, openBatch.connectionOnCurrentThread() != nil { throw .finished(.transactionOpen) }
        let changes = try SaveOrder(infos: tables.withLock { $0.infos }, foreignKeys: foreignKeys).ordered(changeset)
        let now = Date()
        let journaled = dryRun ? nil : draft?.beginSave()
        let result: Result<CommitOutcome, SaveError> = withWriter(joining: batch) { connection in
            if batch == nil, let misuse = DraftStore.misuse(of: connection) { return .failure(.finished(misuse)) }
            if !waitsForLock { connection.setBusyTimeout(milliseconds: 0) }
            defer { if !waitsForLock { connection.setBusyTimeout(milliseconds: connection.busyTimeoutMilliseconds) } }
            var saved: [SavedRow] = []
            // Set when a statement ran that writes.
            var wrote = false
            var rejections: [FieldError] = []
            // Set when SQLite may have changed rows of its own accord (foreign-key actions, triggers).
            var unknownRows = false
            /// Runs one object's write; in a dry run, in its own savepoint, collecting a rejection and going on.
            func write(_ change: Changeset.Change, values: [SQLiteValue]?, _ body: () throws -> Void) throws {
                do {
                    wrote = true
                    if dryRun { try connection.savepoint(body) } else { try body() }
                } catch let error as SQLiteError {
                    guard let fields = RejectionReader.fieldErrors(for: error, change: change, values: values, connection: connection)
                    else { throw error }
                    if !dryRun { throw SaveError.rejected(fields) }
                    rejections += fields
                }
            }
            do {
                let capture = capture && !dryRun ? try ChangeCapture(connection: connection) : nil
                var captured: CapturedChanges?
                try connection.transaction(.immediate) {
                    var ids: [Int64: Int64] = [:]
                    var conflicts: [ConflictError.Object] = []
                    // What the store knows of the current table, looked up once per run of one table's rows.
                    var facts: TableFacts?
                    func knowledge(_ table: TableSchema) throws -> TableFacts {
                        if let facts, facts.table === table { return facts }
                        let known = TableFacts(table: table, info: try self.info(for: table), effects: sideEffects, now: now)
                        facts = known
                        return known
                    }
                    // The INSERT of the current table, looked up once per table rather than per row
                    // (the statement cache hashes the SQL text).
                    var insert: (table: TableSchema, sql: String, statement: Statement)?
                    // An UPDATE's SQL is built once per run of rows of one table writing the same
                    // columns, not per row (3,700 instructions a row, W6).
                    var update: (table: TableSchema, columns: [Int], sql: String)?
                    for change in changes {
                        switch change.kind {
                        case .insert:
                            let known = try knowledge(change.table)
                            let info = known.info
                            var values = try DraftStore.resolvedValues(of: change, with: ids)
                            if let column = change.table.createdAtColumn { values[column] = known.createdAt }
                            if let column = change.table.updatedAtColumn { values[column] = known.updatedAt }
                            let written = InsertColumns(change, values: values, info: info)
                            var newKey = written.assignsKey ? change.key : change.table.key(of: values)
                            try write(change, values: values) {
                                let sql = written.sql(for: change.table)
                                if insert?.table !== change.table || insert?.sql != sql {
                                    insert = (change.table, sql, try connection.cachedStatement(sql))
                                }
                                try written.run(insert!.statement, values)
                                if written.assignsKey { newKey = RowKey(.integer(connection.lastInsertRowID)) }
                            }
                            if let temporary = change.key.integerValue, temporary < 0, let real = newKey.integerValue {
                                ids[temporary] = real
                            }
                            // What the database set (defaults, generated columns, triggers) is read back.
                            if written.readsBack || info.hasTriggers {
                                values = try DraftStore.readRow(change.table, key: newKey, on: connection) ?? values
                            } else if written.assignsKey {
                                change.table.setKey(newKey, in: &values)
                            }
                            saved.append(SavedRow(table: change.table, key: change.key, newKey: newKey, values: values))
                            if known.insert { unknownRows = true }
                        case .update:
                            let known = try knowledge(change.table)
                            let info = known.info
                            let theirs = try DraftStore.readRow(change.table, key: change.key, on: connection)
                            var mine = try DraftStore.resolvedValues(of: change, with: ids)
                            switch MergeResolution.update(
                                table: change.table, base: change.base!, mine: mine, changed: change.changedColumns, theirs: theirs,
                                policy: policy)
                            {
                            case let .write(columns) where !columns.isEmpty:
                                var final = theirs!
                                for column in columns { final[column] = mine[column] }
                                var written = columns.filter { !info.isGenerated[$0] }
                                if let column = change.table.updatedAtColumn {
                                    final[column] = known.updatedAt
                                    mine[column] = final[column]
                                    if !written.contains(column) { written.append(column) }
                                }
                                try write(change, values: final) {
                                    if !written.isEmpty {
                                        if update?.table !== change.table || update?.columns != written {
                                            update = (change.table, written, change.table.updateSQL(columns: written))
                                        }
                                        try connection.run(update!.sql, written.map { mine[$0] } + change.key.values)
                                    }
                                }
                                if info.hasTriggers || info.isGenerated.contains(true) {
                                    final = try DraftStore.readRow(change.table, key: change.key, on: connection) ?? final
                                }
                                saved.append(SavedRow(table: change.table, key: change.key, newKey: change.key, values: final))
                                if known.update { unknownRows = true }
                            case .write, .drop:
                                saved.append(SavedRow(table: change.table, key: change.key, newKey: change.key, values: theirs))
                            case let .conflict(fields):
                                conflicts.append(.init(table: change.table.name, key: change.key, wasDeleted: false, fields: fields))
                            case .deleted:
                                conflicts.append(.init(table: change.table.name, key: change.key, wasDeleted: true, fields: []))
                            }
                        case .delete:
                            let theirs = try DraftStore.readRow(change.table, key: change.key, on: connection)
                            switch MergeResolution.delete(table: change.table, base: change.base!, theirs: theirs, policy: policy) {
                            case .write:
                                try write(change, values: nil) { try connection.run(change.table.deleteSQL, change.key.values) }
                                saved.append(SavedRow(table: change.table, key: change.key, newKey: change.key, values: nil))
                                if try knowledge(change.table).delete { unknownRows = true }
                            case .drop, .deleted:
                                saved.append(SavedRow(table: change.table, key: change.key, newKey: change.key, values: theirs))
                            case let .conflict(fields):
                                conflicts.append(.init(table: change.table.name, key: change.key, wasDeleted: false, fields: fields))
                            }
                        }
                    }
                    if !conflicts.isEmpty { throw SaveError.conflict(ConflictError(objects: conflicts)) }
                    // DEFERRABLE foreign keys still violated would fail the COMMIT: name them now, before the rollback.
                    if connection.hasUnresolvedForeignKeys {
                        let violations = RejectionReader.deferredViolations(saved: saved, connection: connection)
                        if !dryRun { throw SaveError.rejected(violations) }
                        rejections += violations
                    }
                    if dryRun { throw DryRunEnd(rejections: rejections) }
                    if !wrote { throw NothingWritten() }
                    if let journaled { try DraftJournal.delete(journaled, on: connection) }
                    captured = try capture?.finish(on: connection, record: configuration.recordsChanges)
                }
                // Recorded while the write lock is still held, so commits enter the log (and
                // reach observers) in the order they hit the file.
                let sequence =
                    batch?.add(saved, unknownRows: unknownRows) ?? recordCommit(saved, unknownRows: unknownRows, changeset: changeset)
                return .success(CommitOutcome(rows: saved, rejections: [], sequence: sequence, captured: captured))
            } catch is NothingWritten {
                return .success(CommitOutcome(rows: saved, rejections: [], sequence: state.withLock { $0.sequence }))
            } catch let end as DryRunEnd {
                return .success(CommitOutcome(rows: [], rejections: end.rejections, sequence: state.withLock { $0.sequence }))
            } catch let error as SaveError {
                return .failure(error)
            } catch let error as SQLiteError {
                return .failure(.storage(error.naming(database: path)))
            } catch {
                return .failure(.storage(SQLiteError(extendedCode: SQLITE_ERROR, message: "\(error)").naming(database: path)))
            }
        }
        if journaled != nil, let draft {
            if case .success = result { draft.endSave(saved: true) } else { draft.endSave(saved: false) }
        }
        let outcome = try result.get()
        return (outcome.rows, outcome.rejections, outcome.sequence, outcome.captured)
    }

    /// What the store knows of a table a changeset touches (every such table was registered by its context).
    /// - Throws: ``SQLiteError`` `SQLITE_MISUSE` for a table no context registered (not possible through the public API).
    func info(for table: TableSchema) throws(SQLiteError) -> TableInfo {
        guard let info = info(table) else {
            throw SQLiteError(extendedCode: SQLITE_MISUSE, message: "\(table.name) was never checked against the database")
        }
        return info
    }

    /// Changes in table rank order (ascending, or descending for deletes), each table's in
    /// changeset order (reversed when descending). The rank is looked up once per run of one
    /// table, and nothing is sorted when the ranks are already in order.
    static func ordered(_ changes: [Changeset.Change], ranks: [String: Int], descending: Bool) -> [Changeset.Change] {
        var keys: [(rank: Int, offset: Int)] = []
        keys.reserveCapacity(changes.count)
        var table: TableSchema?
        var rank = 0
        var inOrder = !descending
        for offset in changes.indices {
            let change = changes[offset]
            if change.table !== table {
                table = change.table
                let next = ranks[change.table.name] ?? 0
                if next < rank { inOrder = false }
                rank = next
            }
            keys.append((rank, offset))
        }
        if inOrder { return changes }
        keys.sort { descending ? ($0.rank, $0.offset) > ($1.rank, $1.offset) : ($0.rank, $0.offset) < ($1.rank, $1.offset) }
        return keys.map { changes[$0.offset] }
    }

    /// Ranks the tables of a changeset so that a referenced table comes before the tables referencing it.
    static func dependencyRanks(_ changeset: Changeset) -> [String: Int] {
        var tables: [String: TableSchema] = [:]
        var last: TableSchema?
        for change in changeset.changes where change.table !== last {
            last = change.table
            tables[change.table.name] = change.table
        }
        var ranks: [String: Int] = [:]
        func rank(_ name: String, _ visiting: Set<String>) -> Int {
            if let known = ranks[name] { return known }
            guard let table = tables[name], !visiting.contains(name) else { return 0 }
            let value = 1 + (table.references.map { rank($0.target.table, visiting.union([name])) }.max() ?? 0)
            ranks[name] = value
            return value
        }
        for name in tables.keys { _ = rank(name, []) }
        return ranks
    }

    /// Records a commit in the log (nothing for an empty one), hands it to the observation
    /// engine, and returns its sequence number. Called with the write lock held.
    /// - Parameters:
    ///   - unknownRows: Whether SQLite may have changed other rows itself (foreign-key
    ///     actions, triggers): then the log cannot say which, and every row counts as possibly changed.
    ///   - changeset: What the save wrote, for ``commits()``.
    func recordCommit(_ rows: [SavedRow], unknownRows: Bool, changeset: Changeset) -> UInt64 {
        guard !rows.isEmpty else { return state.withLock { $0.sequence } }
        // Rows come in runs of one table: the name is hashed once per run, not once per row.
        var touched: [String: Set<RowKey>] = [:]
        var start = rows.startIndex
        while start < rows.endIndex {
            let table = rows[start].table
            var end = start + 1
            while end < rows.endIndex, rows[end].table === table { end += 1 }
            touched[table.name, default: []].formUnion(rows[start..<end].lazy.map(\.newKey))
            start = end
        }
        return recordCommit(rows: unknownRows ? nil : touched, changeset: changeset)
    }

    /// Records a commit in the log and hands it to the observation engine; returns its sequence
    /// number. Called with the write lock held, after the commit, so commits enter the log and
    /// reach observers in the order they hit the file.
    /// - Parameters:
    ///   - rows: The keys written, by table name; `nil` when SQLite may have changed others itself.
    ///   - changeset: What the commit wrote (empty for a batched save or an applied changeset).
    func recordCommit(rows: [String: Set<RowKey>]?, changeset: Changeset) -> UInt64 {
        let sequence = state.withLock { $0.record(rows) }
        observation.committed(StoreCommit(sequence: sequence, rows: rows, changeset: changeset), store: self)
        return sequence
    }
}
