/// The keys a save of inserts gave its rows, by the keys the context knew them by — kept as
/// runs, so a bulk insert whose temporary keys count down while SQLite's rowids count up costs
/// a few bytes in all, not an entry a row.
struct SavedKeys: Sendable {
    /// Consecutive inserts of one table whose integer keys both move by a constant step.
    struct Run: Sendable {
        /// The table.
        let table: TableSchema
        /// The first row's key in the context, and the step to the next.
        var key: Int64, keyStep: Int64
        /// The first row's key in the database, and the step to the next.
        var newKey: Int64, newKeyStep: Int64
        /// How many rows.
        var count: Int
    }

    /// Runs, and rows whose keys are not single integers, in the order written.
    private(set) var segments: [Segment] = []

    /// A run, or one row.
    enum Segment: Sendable {
        case run(Run)
        case row(table: TableSchema, key: RowKey, newKey: RowKey)
    }

    /// Notes that the row known as `key` was written as `newKey`.
    mutating func append(table: TableSchema, key: RowKey, newKey: RowKey) {
        guard let old = key.integerValue, let new = newKey.integerValue else {
            return segments.append(.row(table: table, key: key, newKey: newKey))
        }
        if case var .run(last) = segments.last, last.table === table {
            let (keyStep, newKeyStep) = last.count == 1 ? (old &- last.key, new &- last.newKey) : (last.keyStep, last.newKeyStep)
            let position = Int64(last.count)
            if old == last.key &+ keyStep &* position, new == last.newKey &+ newKeyStep &* position {
                (last.keyStep, last.newKeyStep, last.count) = (keyStep, newKeyStep, last.count + 1)
                segments[segments.count - 1] = .run(last)
                return
            }
        }
        segments.append(.run(Run(table: table, key: old, keyStep: 0, newKey: new, newKeyStep: 0, count: 1)))
    }

    /// Calls `body` with every row's table, key and new key, in the order written.
    func visit(_ body: (TableSchema, RowKey, RowKey) -> Void) {
        for segment in segments {
            switch segment {
            case let .run(run):
                for position in 0..<Int64(run.count) {
                    body(
                        run.table, RowKey(.integer(run.key &+ run.keyStep &* position)),
                        RowKey(.integer(run.newKey &+ run.newKeyStep &* position)))
                }
            case let .row(table, key, newKey): body(table, key, newKey)
            }
        }
    }

    /// Real rowids of the rows saved with temporary keys, by their temporary keys.
    var insertedIDs: [Int64: Int64] {
        var ids: [Int64: Int64] = [:]
        visit { _, key, newKey in
            if key != newKey, let temporary = key.integerValue, let real = newKey.integerValue { ids[temporary] = real }
        }
        return ids
    }

    /// The new keys by table name: the rows a commit wrote.
    var touched: [String: WrittenKeys] {
        var touched: [String: WrittenKeys] = [:]
        visit { table, _, newKey in touched[table.name, default: WrittenKeys()].insert(newKey) }
        return touched
    }
}
