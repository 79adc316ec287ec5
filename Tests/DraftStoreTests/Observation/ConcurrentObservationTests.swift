import Bookshelf
import DraftStore
import DraftStoreTesting
import Foundation
import Testing

/// Four threads save 500 times each while one observer watches "authors whose name contains
/// 'a', ordered by name, limit 20": it gets one element per commit that changes those 20 rows
/// (counted), none for the others, each never older than the one before.
@Suite struct ConcurrentObservationTests {
    /// What thread `thread` writes in its save `index`: a row of the 20 it owns (ids 1 + thread·5 …),
    /// a row of the 21st–30th (not in the result), or a row without "a".
    static func target(thread: Int, index: Int) -> (id: Int64, inResult: Bool) {
        switch index % 3 {
        case 0: (Int64(1 + thread * 5 + (index / 3) % 5), true)
        case 1: (Int64(21 + thread * 2 + index % 2), false)
        default: (Int64(31 + thread * 2 + index % 2), false)
        }
    }

    @Test func fourWritersTimesFiveHundredSaves() async throws {
        let (threads, saves) = (4, 500)
        let test = try thirtyAnas.makeStore(.file)
        defer { test.close() }
        let results = Collector(test.store.results(of: twentyAnas))
        await results.wait(for: 1)
        let store = test.store
        let failures = Lock<[String]>([])
        await withTaskGroup(of: Void.self) { group in
            for thread in 0..<threads {
                group.addTask {
                    // A thread of its own: the saves block while they wait for the write lock.
                    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                        Thread.detachNewThread {
                            for index in 0..<saves {
                                let (id, _) = Self.target(thread: thread, index: index)
                                do {
                                    try setEmail(store, id: id, "t\(thread)-\(index)-\(id)@example.com")
                                } catch { failures.withLock { $0.append("\(error)") } }
                            }
                            done.resume()
                        }
                    }
                }
            }
        }
        #expect(failures.withLock { $0 }.isEmpty)
        let changing = (0..<threads).reduce(0) { sum, thread in
            sum + (0..<saves).filter { Self.target(thread: thread, index: $0).inResult }.count
        }
        await observersCaughtUp(store)
        await results.wait(for: 1 + changing)
        try await Task.sleep(for: .milliseconds(200))
        let elements = results.elements.withLock { $0 }
        #expect(elements.count == 1 + changing)
        // Each element follows the one before by exactly one commit: one row changed, to a newer save of its thread.
        func counter(_ author: Author) -> Int { author.email.hasPrefix("t") ? Int(author.email.split(separator: "-")[1])! : -1 }
        var older = 0
        for (previous, next) in zip(elements, elements.dropFirst()) {
            let changed = zip(previous, next).filter { $0.0.email != $0.1.email }
            if changed.count != 1 || changed.contains(where: { counter($0.1) <= counter($0.0) }) { older += 1 }
            #expect(previous.map(\.id) == next.map(\.id))
        }
        #expect(older == 0)
        #expect(elements.last == (try store.fetch(twentyAnas)))
    }
}
