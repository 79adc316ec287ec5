extension DraftStore {
    /// Blocks until the observation engine has handled every commit made so far: each
    /// result and commit due is handed to its sequence or callback. (Commits by other
    /// writers count once the poller noticed them, within 50 ms.) Returns at once when
    /// called from an observer's callback.
    @_spi(Testing) public func waitForObservers() { observation.drained() }

    /// Waits, without blocking a thread, as ``waitForObservers()`` does.
    @_spi(Testing) public func observersCaughtUp() async { await observation.drained() }
}

extension ListModel {
    /// Whether the model has applied every result the engine delivered to it.
    @_spi(Testing) public var hasAppliedEveryResult: Bool { isCurrent }
}

extension DraftStore {
    /// How many observations are registered (sequences being iterated, callbacks, list models).
    @_spi(Testing) public var activeObservations: Int { observation.state.withLock { $0.observers.count } }
}
