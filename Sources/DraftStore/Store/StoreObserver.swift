import Foundation

/// A registered observer of the store's observation engine (``ObservationHub``): what it
/// watches, and what it does with each commit, run on the engine's queue.
final class StoreObserver: Sendable {
    /// What the engine hands an observer for one commit.
    struct Event {
        /// The commit; `nil` for the first evaluation, and for a re-read of queries whose
        /// commits were coalesced.
        let commit: StoreCommit?
        /// Reads at the commit's snapshot (a pinned reader), or at the latest state.
        let read: ObservationRead
    }

    /// Lowercased names of the tables whose commits may change what it watches; `nil` for an
    /// observer of every commit, which reads nothing.
    let tables: Set<String>?
    /// Handles one commit; runs on the engine's queue, one call at a time.
    let evaluate: @Sendable (Event) -> Void
    /// Ends the observer's sequence when the store closes.
    let end: @Sendable () -> Void
    /// Whether it still receives commits.
    private let active = Lock(true)

    /// Makes an observer.
    init(tables: Set<String>?, evaluate: @escaping @Sendable (Event) -> Void, end: @escaping @Sendable () -> Void = {}) {
        self.tables = tables
        self.evaluate = evaluate
        self.end = end
    }

    /// Whether it reads queries (and needs a snapshot).
    var readsQueries: Bool { tables != nil }

    /// Whether it is still registered.
    var isActive: Bool { active.withLock { $0 } }

    /// Stops it: no evaluation starts after this returns.
    func stop() { active.withLock { $0 = false } }

    /// Whether a commit that wrote `touched` (lowercased table names; `nil` when unknown) may concern it.
    func watches(_ touched: Set<String>?) -> Bool {
        guard let tables, let touched else { return true }
        return !tables.isDisjoint(with: touched)
    }
}

/// How an observer reads for one commit: on the reader pinned at that commit, or (in-memory
/// stores, or queries whose commits were coalesced) through the store's reader at the latest state.
struct ObservationRead {
    /// The pinned reader, if any.
    let pinned: Connection?
    /// The store.
    let store: DraftStore

    /// Runs `body` with the connection to read on.
    /// - Throws: What `body` throws.
    func callAsFunction<T: Sendable>(_ body: (Connection) throws -> T) throws -> T {
        if let pinned { return try body(pinned) }
        return try store.withReader(body)
    }
}

/// Keeps an observation alive; it stops when this token is cancelled or released.
public final class StoreObservation: Sendable {
    private let hub: ObservationHub
    private let token: Int

    init(hub: ObservationHub, token: Int) {
        self.hub = hub
        self.token = token
    }

    /// Stops the observation; no callback starts after it returns (one already running finishes).
    public func cancel() { hub.remove(token) }

    deinit { cancel() }
}

extension DraftStore {
    /// Watches a query: `onChange` gets its result now, then again after each commit that
    /// changes it — this store's saves, and (file stores) other writers' commits, noticed
    /// within 50 ms. A commit that leaves the result as it was calls nothing.
    ///
    /// The same engine as ``results(of:)``: results are read on a reader of the engine's own, in
    /// commit order, never on the saving thread.
    /// - Parameters:
    ///   - request: The query.
    ///   - onChange: Called with each new result, on the engine's queue (one call at a time); a failed read is skipped.
    /// - Returns: A token; the observation lasts as long as it does.
    public func observe<E: Entity>(_ request: FetchRequest<E>, onChange: @escaping @Sendable ([E]) -> Void) -> StoreObservation {
        observation.observe(request, store: self) { event in
            if case let .rows(rows) = event { onChange(rows) }
        }
    }

    /// Watches a query like ``observe(_:onChange:)``, delivering each result on the main actor, in order.
    /// - Parameters:
    ///   - request: The query.
    ///   - onChange: Called on the main actor with each new result.
    /// - Returns: A token; the observation lasts as long as it does.
    public func observeOnMainActor<E: Entity>(_ request: FetchRequest<E>, onChange: @escaping @MainActor @Sendable ([E]) -> Void)
        -> StoreObservation
    {
        // One task consuming the results in order (a task per result could run out of order).
        let (stream, continuation) = AsyncStream<[E]>.makeStream()
        let consumer = Task { @MainActor in
            for await rows in stream { onChange(rows) }
        }
        continuation.onTermination = { _ in consumer.cancel() }
        return observation.observe(request, store: self) { event in
            switch event {
            case let .rows(rows): continuation.yield(rows)
            case .failed: break
            case .ended: continuation.finish()
            }
        }
    }
}
