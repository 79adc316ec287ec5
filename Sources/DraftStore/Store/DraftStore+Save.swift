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
    /// The commit's sequence number in the store's log (what the saved rows now reflect).
    let sequence: UInt64
    /// The commit's writes as a session changeset, when captured.
    var captured: CapturedChanges?
}

extension DraftStore {
    /// Writes a changeset in one `BEGIN IMMEDIATE … COMMIT` transaction, in an order SQLite
    /// accepts (``SaveOrder``), through the one merge engine (``ChangesetApplier``): each updated
    /// or deleted row is compared with its base snapshot first, under `policy`. A save that
    /// ends up writing nothing (a `storeWins` save whose fields the store had all changed) is
    /// rolled back, not committed empty (unless it deletes the draft's journal entry), and tells no observer.
    ///
    /// On any error the transaction is rolled back (never committed) and nothing changes; a
    /// storage error names the database file. A closed store, or a transaction the caller left
    /// open on the writer, is a misuse (`.finished`), not a storage failure.
    /// - Parameters:
    ///   - changeset: What a context saves.
    ///   - policy: How conflicts are merged.
    ///   - batch: The ``SaveBatch`` whose open transaction the changeset joins (in a savepoint of
    ///     its own); the commit is then recorded by the batch when it commits, not here.
    ///   - draft: The saving context's journal link: its entry is deleted in the same transaction.
    ///   - capture: Record the writes as a session changeset (``CapturedChanges``).
    ///   - waitsForLock: Whether `BEGIN IMMEDIATE` waits up to the busy timeout for another
    ///     connection's write lock; without, it fails at once with `SQLITE_BUSY` (the async save retries).
    /// - Returns: What happened to each row, the commit's sequence number, the captured changes.
    /// - Throws: ``SaveError``: `.conflict`, `.rejected`, `.storage`, `.finished`.
    func save(
        _ changeset: Changeset, policy: MergePolicy, batch: SaveBatch? = nil, draft: DraftJournalLink? = nil, capture: Bool = false,
        waitsForLock: Bool = true
    ) throws(SaveError) -> CommitOutcome {
        // A save from inside a batched save's closure would wait for the writer its own thread holds.
        if batch == nil, openBatch.connectionOnCurrentThread() != nil { throw .finished(.transactionOpen) }
        let changes = try orderedChecked(changeset)
        let journaled = draft?.beginSave()
        let result: Result<CommitOutcome, SaveError> = withWriter(joining: batch) { connection in
            if batch == nil, let misuse = self.misuse(of: connection) { return .failure(.finished(misuse)) }
            if !waitsForLock { connection.setBusyTimeout(milliseconds: 0) }
            defer { if !waitsForLock { connection.setBusyTimeout(milliseconds: connection.busyTimeoutMilliseconds) } }
            return storageFailures {
                let capture = capture ? try ChangeCapture(connection: connection) : nil
                var target = StoreTarget(store: self, connection: connection, refusals: .thrown)
                var captured: CapturedChanges?
                try connection.transactionOrRollback(.immediate) {
                    try ChangesetApplier(policy: policy).apply(changes, to: &target)
                    try target.checkDeferredForeignKeys()
                    // The draft's journal entry goes even when nothing else is written.
                    guard target.wrote || journaled != nil else { return .rollback }
                    if let journaled { try DraftJournal.delete(journaled, on: connection) }
                    if target.wrote { captured = try capture?.finish(on: connection, record: configuration.recordsChanges) }
                    return .commit
                }
                guard target.wrote else { return CommitOutcome(rows: target.saved, sequence: state.withLock { $0.sequence }) }
                // Recorded while the write lock is still held, so commits enter the log (and
                // reach observers) in the order they hit the file.
                let sequence =
                    batch?.add(target.saved, unknownRows: target.unknownRows)
                    ?? recordCommit(target.saved, unknownRows: target.unknownRows, changeset: changeset)
                return CommitOutcome(rows: target.saved, sequence: sequence, captured: captured)
            }
        }
        if journaled != nil { draft?.endSave(saved: (try? result.get()) != nil) }
        return try result.get()
    }

    /// Runs a changeset's writes as a save would (``MergePolicy/overwrite``) inside a transaction
    /// that is always rolled back, each object's write in a savepoint of its own, and returns
    /// every rejection the store gives for every object. Writes nothing; tells no observer.
    /// - Throws: ``SaveError``: `.conflict` (a row deleted meanwhile), `.storage`, `.finished`.
    func rejections(of changeset: Changeset) throws(SaveError) -> [FieldError] {
        if openBatch.connectionOnCurrentThread() != nil { throw .finished(.transactionOpen) }
        let changes = try orderedChecked(changeset)
        let result: Result<[FieldError], SaveError> = writer.withLock { connection in
            if let misuse = self.misuse(of: connection) { return .failure(.finished(misuse)) }
            return storageFailures {
                var target = StoreTarget(store: self, connection: connection, refusals: .collected)
                try connection.transactionOrRollback(.immediate) {
                    try ChangesetApplier(policy: .overwrite).apply(changes, to: &target)
                    try target.checkDeferredForeignKeys()
                    return .rollback
                }
                return target.rejections
            }
        }
        return try result.get()
    }

    /// The changes in the order to run them (``SaveOrder``), once checked for temporary keys
    /// held as data (``TemporaryKeyCheck``): all before anything is written.
    /// - Throws: ``SaveError/rejected(_:)``.
    private func orderedChecked(_ changeset: Changeset) throws(SaveError) -> [Changeset.Change] {
        let order = SaveOrder(infos: tables.withLock { $0.infos }, foreignKeys: foreignKeys)
        let changes = try order.ordered(changeset)
        try TemporaryKeyCheck.check(changes, references: order.references(of:))
        return changes
    }

    /// Runs `body`, turning what it throws into a ``SaveError``; a storage error names the database file.
    private func storageFailures<T>(_ body: () throws -> T) -> Result<T, SaveError> {
        do {
            return .success(try body())
        } catch let error as SaveError {
            return .failure(error)
        } catch let error as SQLiteError {
            return .failure(.storage(error.naming(database: path)))
        } catch {
            return .failure(.storage(SQLiteError(extendedCode: SQLITE_ERROR, message: "\(error)").naming(database: path)))
        }
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
    static func dependencyRanks(_ changeset: Changeset, parents: (TableSchema) -> [String]) -> [String: Int] {
        // By lowercased name: a foreign key names its parent as the schema spells it.
        var tables: [String: TableSchema] = [:]
        var last: TableSchema?
        for change in changeset.changes where change.table !== last {
            last = change.table
            tables[change.table.name.lowercased()] = change.table
        }
        var ranks: [String: Int] = [:]
        func rank(_ name: String, _ visiting: Set<String>) -> Int {
            guard let table = tables[name.lowercased()], !visiting.contains(table.name) else { return 0 }
            if let known = ranks[table.name] { return known }
            let value = 1 + (parents(table).map { rank($0, visiting.union([table.name])) }.max() ?? 0)
            ranks[table.name] = value
            return value
        }
        for table in tables.values { _ = rank(table.name, []) }
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
