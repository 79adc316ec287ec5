import CSQLite

extension SaveError {
    /// Whether the save failed only because another connection held the write lock: nothing
    /// was written, and the same save can be tried again.
    var isLockBusy: Bool {
        if case let .storage(error) = self { return error.code == SQLITE_BUSY }
        return false
    }
}

extension ObjectContext {
    /// Saves like ``save(policy:)``, but waits for another connection's write lock without
    /// blocking the caller's actor: each attempt takes the lock at once or fails with
    /// `SQLITE_BUSY`, and the task sleeps between attempts (1 ms, doubling up to 50 ms) — the
    /// actor runs other work meanwhile — until the lock is free or the store's busy timeout passed.
    ///
    /// The transaction itself runs on the caller's actor, as the synchronous save's does: the
    /// context never leaves its isolation. Edits made while the save waits are part of what it writes.
    ///
    /// ```swift
    /// try await context.save()   // on the main actor: the UI keeps running while it waits
    /// ```
    /// - Parameters:
    ///   - policy: Overrides ``mergePolicy`` for this save.
    ///   - isolation: Where the context lives; the caller's actor by default.
    /// - Returns: The changeset and the real ids of inserted objects.
    /// - Throws: `CancellationError` when the task is cancelled before the transaction begins
    ///   (nothing written, every change kept); otherwise what ``save(policy:)`` throws, a
    ///   ``SaveError`` — `.storage` with `SQLITE_BUSY` when the lock stayed taken for the whole busy timeout.
    @discardableResult
    public func save(policy: MergePolicy? = nil, isolation: isolated (any Actor)? = #isolation) async throws -> SaveResult {
        try await ObjectContext.retryingWhileLocked(timeout: store.configuration.busyTimeout) { () throws(SaveError) in
            try save(policy: policy, waitsForLock: false)
        }
    }

    /// Runs `attempt` until it does not fail with a held write lock, sleeping between attempts.
    /// - Parameters:
    ///   - timeout: How long to keep trying.
    ///   - isolation: Where `attempt` runs.
    ///   - attempt: One try; it writes nothing when it fails with a held write lock.
    /// - Returns: What the attempt returned.
    /// - Throws: `CancellationError` when cancelled between attempts; the attempt's error otherwise.
    static func retryingWhileLocked<T>(
        timeout: Duration, isolation: isolated (any Actor)? = #isolation, _ attempt: () throws(SaveError) -> T
    ) async throws -> T {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var pause = Duration.milliseconds(1)
        while true {
            try Task.checkCancellation()
            do {
                return try attempt()
            } catch {
                guard error.isLockBusy, clock.now < deadline else { throw error }
            }
            try await Task.sleep(for: pause)
            pause = min(pause * 2, .milliseconds(50))
        }
    }
}
