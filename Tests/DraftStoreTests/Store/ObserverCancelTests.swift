import Bookshelf
import DraftStore
import DraftStoreTesting
import Foundation
import Synchronization
import Testing

/// `StoreObservation.cancel()` promises that no callback runs after it returns. A callback
/// that cancels another observation of the same commit is the single-threaded way to break that.
@Suite struct ObserverCancelTests {
    @Test func anObserverCancelledByAnotherCallbackOfTheSameCommitIsNotCalled() throws {
        try seeded.withEachKind { test in
            let store = test.store
            let calls = Lock<[String]>([])
            let tokens = Lock<[String: StoreObservation]>([:])
            let armed = Atomic(false)
            // Each cancels the other: whichever the commit calls first, the other must not run.
            for (name, other) in [("a", "b"), ("b", "a")] {
                let token = store.observe(FetchRequest<Author>.all) { _ in
                    guard armed.load(ordering: .relaxed) else { return }
                    calls.withLock { $0.append(name) }
                    let victim = tokens.withLock { $0[other] }
                    victim?.cancel()
                }
                tokens.withLock { $0[name] = token }
            }
            waitForObservers(store)  // the first results, delivered unarmed
            armed.store(true, ordering: .relaxed)
            try editAuthor(store) { $0.name = "Trigger" }.save()
            waitForObservers(store)
            #expect(calls.withLock { $0.count } == 1, "\(calls.withLock { $0 })")
            for token in tokens.withLock({ Array($0.values) }) { token.cancel() }
        }
    }
}
