extension PresentedItem {
    /// Validates and saves like ``save(policy:)``, but waits for another connection's write
    /// lock without blocking the caller's actor (see ``ObjectContext/save(policy:isolation:)``):
    /// the screen keeps running, and the save lands when the lock is free.
    ///
    /// ```swift
    /// Button("Save") { Task { if (try? await item.save()) != nil { dismiss() } } }
    /// ```
    /// - Parameters:
    ///   - policy: How to merge rows someone else changed meanwhile; the context's policy when `nil`.
    ///   - isolation: Where the item lives; the caller's actor by default.
    /// - Returns: The saved entity with its real key and store-maintained values, and that key (``Saved``).
    /// - Throws: `CancellationError` when the task is cancelled before the transaction begins
    ///   (nothing written, the draft kept, the item still open); otherwise what
    ///   ``save(policy:)`` throws, a ``SaveError``.
    @discardableResult
    public func save(policy: MergePolicy? = nil, isolation: isolated (any Actor)? = #isolation) async throws -> Saved<Draft> {
        try await ObjectContext.retryingWhileLocked(timeout: context.store.configuration.busyTimeout) { () throws(SaveError) in
            try save(policy: policy, waitsForLock: false)
        }
    }
}
