@_spi(Testing) import DraftStore
import Foundation

/// Blocks until the store's observers have caught up with every commit made so far: each
/// result and commit due has been handed to its sequence or callback (the consumer may still
/// be taking it). Call it after a save and before asserting what an observer received.
///
/// ```swift
/// try context.save()
/// waitForObservers(test.store)
/// #expect(received.withLock { $0.count } == 2)
/// ```
/// - Parameter store: The store whose observers to wait for.
public func waitForObservers(_ store: DraftStore) { store.waitForObservers() }

/// Waits, without blocking a thread, as ``waitForObservers(_:)`` does.
/// - Parameter store: The store whose observers to wait for.
public func observersCaughtUp(_ store: DraftStore) async { await store.observersCaughtUp() }

/// Waits until a list model shows every commit made so far to its store: the engine handed it
/// every result due, and the model applied them.
/// - Parameter model: The model.
@MainActor
public func caughtUp<Element: Entity>(_ model: ListModel<Element>) async {
    await model.store.observersCaughtUp()
    while !model.hasAppliedEveryResult { await Task.yield() }
}

/// Waits until `condition` holds — for what arrives from outside the process (another
/// writer's commit, noticed within 50 ms) — checking every millisecond, up to `limit`.
/// - Parameters:
///   - limit: How long to wait at most (generous: the bound is not what a test asserts).
///   - isolation: Where `condition` runs; the caller's actor by default.
///   - condition: What to wait for.
/// - Returns: Whether it held before the limit.
@discardableResult
public func eventually(
    within limit: Duration = .seconds(30), isolation: isolated (any Actor)? = #isolation, _ condition: () throws -> Bool
) async rethrows -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + limit
    while clock.now < deadline {
        if try condition() { return true }
        try? await Task.sleep(for: .milliseconds(1))
    }
    return try condition()
}

/// How many observations of the store are registered now: sequences being iterated, callback
/// observers, list models. A cancelled consumer's observation is gone once its task has ended.
/// - Parameter store: The store.
/// - Returns: The number of observations.
public func activeObservations(_ store: DraftStore) -> Int { store.activeObservations }
