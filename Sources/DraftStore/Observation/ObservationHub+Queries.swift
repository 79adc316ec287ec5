/// What an observation hands its consumer.
enum ObservationEvent<Value: Sendable>: Sendable {
    /// A new value: the first, or one that differs from the last.
    case rows(Value)
    /// A read failed; the observation ends.
    case failed(any Error)
    /// The observation ended (cancelled, or the store closed).
    case ended
}

/// Counts what an observation delivered, for tests that wait until a consumer caught up.
final class ObservationProgress: Sendable {
    private let count = Lock(0)
    /// How many elements were delivered.
    var delivered: Int { count.withLock { $0 } }
    /// Counts one more.
    func increment() { count.withLock { $0 += 1 } }
}

extension ObservationHub {
    /// Observes a request: its result at a snapshot taken now, then each result that differs
    /// from the last, one per commit, read at that commit.
    ///
    /// Rows are compared as SQLite stores them (their snapshots), before any entity is made.
    /// - Parameters:
    ///   - request: The query.
    ///   - store: The store it reads.
    ///   - progress: Counts the results delivered, if given.
    ///   - deliver: Called on the engine's queue with each result, or the end.
    /// - Returns: The token that keeps the observation.
    func observe<E: Entity>(
        _ request: FetchRequest<E>, store: DraftStore, progress: ObservationProgress? = nil,
        deliver: @escaping @Sendable (ObservationEvent<[E]>) -> Void
    ) -> StoreObservation {
        let query: ObservedQuery
        let tables: Set<String>
        do {
            let info = try store.register(E.schema.table)
            query = try request.observedQuery(store.foreignKeys)
            // A view is changed by commits to the tables it reads, as SQLite's authorizer names them.
            tables = info.isView ? try store.withReader { connection in try connection.tablesRead(by: query.sql) } : query.tables
        } catch {
            return failed(error, deliver)
        }
        return observeRows(
            tables: tables, store: store, progress: progress, read: { connection in try query.rows(on: connection) },
            make: { rows in try rows.map { values throws(SQLiteError) in try E.schema.entity(values: values) } }, deliver: deliver)
    }

    /// An observer of row snapshots: reads them (`read`) at each commit to one of `tables`, and
    /// when they differ from the last read (compared as SQLite stores them, before any entity is
    /// made) delivers what `make` makes of them. A failed read ends it with the error; a closed
    /// store ends it quietly.
    /// - Returns: The token that keeps the observation.
    func observeRows<Value: Sendable>(
        tables: Set<String>, store: DraftStore, progress: ObservationProgress? = nil,
        read: @escaping @Sendable (Connection) throws -> [[SQLiteValue]], make: @escaping @Sendable ([[SQLiteValue]]) throws -> Value,
        deliver: @escaping @Sendable (ObservationEvent<Value>) -> Void
    ) -> StoreObservation {
        let last = Lock<[[SQLiteValue]]?>(nil)
        let failed = Lock(false)
        let observer = StoreObserver(
            tables: tables,
            evaluate: { event in
                guard !failed.withLock({ $0 }) else { return }
                do {
                    let rows = try event.read { connection in try read(connection) }
                    let changed = last.withLock { last in
                        guard last != rows else { return false }
                        last = rows
                        return true
                    }
                    guard changed else { return }
                    let value = try make(rows)
                    progress?.increment()
                    deliver(.rows(value))
                } catch {
                    // A closed store ends the sequence quietly; any other failure ends it with the error.
                    if store.observation.state.withLock({ $0.closed }) { return }
                    failed.withLock { $0 = true }
                    deliver(.failed(error))
                }
            },
            end: { deliver(.ended) })
        return add(observer, store: store)
    }

    /// An observation that failed before it started: `deliver` gets the error, then the end.
    /// - Returns: A token that keeps nothing.
    func failed<Value: Sendable>(_ error: any Error, _ deliver: @Sendable (ObservationEvent<Value>) -> Void) -> StoreObservation {
        deliver(.failed(error))
        deliver(.ended)
        return StoreObservation(hub: self, token: 0)
    }

    /// Observes every commit: each is handed to `deliver` on the engine's queue, in commit order.
    /// - Returns: The token that keeps the observation.
    func observeCommits(store: DraftStore, deliver: @escaping @Sendable (ObservationEvent<StoreCommit>) -> Void) -> StoreObservation {
        let observer = StoreObserver(
            tables: nil,
            evaluate: { event in
                if let commit = event.commit { deliver(.rows(commit)) }
            },
            end: { deliver(.ended) })
        return add(observer, store: store)
    }
}
