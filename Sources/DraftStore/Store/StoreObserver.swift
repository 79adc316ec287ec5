import Foundation

/// A registered query observer: which tables it watches and how to deliver a new result.
struct StoreObserver: Sendable {
    /// The tables whose commits re-run the query.
    let tables: Set<String>
    /// Re-runs the query and hands the result to the observer's callback.
    let deliver: @Sendable (DraftStore) -> Void
}

/// Keeps a query observation alive; it stops when this token is cancelled or released.
public final class StoreObservation: Sendable {
    private let store: DraftStore
    private let token: Int

    init(store: DraftStore, token: Int) {
        self.store = store
        self.token = token
    }

    /// Stops the observation; no callback runs after it returns (except one already running).
    public func cancel() {
        _ = store.state.withLock { $0.observers.removeValue(forKey: token) }
    }

    deinit { cancel() }
}

extension DraftStore {
    /// Watches a query: `onChange` gets its result now, then again after each commit of this
    /// store that touches its table — what a list screen needs.
    ///
    /// Commits by other processes are noticed when a context checks staleness, not pushed.
    /// - Parameters:
    ///   - request: The query.
    ///   - onChange: Called with each new result, on the committing thread; a failed read is skipped.
    /// - Returns: A token; the observation lasts as long as it does.
    public func observe<E: Entity>(_ request: FetchRequest<E>, onChange: @escaping @Sendable ([E]) -> Void) -> StoreObservation {
        _ = try? register(E.schema.table)
        let observer = StoreObserver(tables: [E.schema.table.name]) { store in
            if let result = try? store.fetch(request) { onChange(result) }
        }
        let token = state.withLock { state in
            state.nextObserver += 1
            state.observers[state.nextObserver] = observer
            return state.nextObserver
        }
        if let first = try? fetch(request) { onChange(first) }
        return StoreObservation(store: self, token: token)
    }

    /// Watches a query like ``observe(_:onChange:)``, delivering each result on the main actor.
    /// - Parameters:
    ///   - request: The query.
    ///   - onChange: Called on the main actor with each new result.
    /// - Returns: A token; the observation lasts as long as it does.
    public func observeOnMainActor<E: Entity>(_ request: FetchRequest<E>, onChange: @escaping @MainActor @Sendable ([E]) -> Void)
        -> StoreObservation
    {
        observe(request) { result in Task { @MainActor in onChange(result) } }
    }
}
