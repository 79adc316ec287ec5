import DraftStore
import DraftStoreTesting
import Foundation
import Testing

/// `store.reads`: async reads on a reader of the store's own, off the caller's actor, stopped by cancellation.
@Suite("Async reads")
struct AsyncReadTests {
    @Test("async fetch, count and fetchOne answer what the synchronous reads answer, file and in-memory", arguments: [false, true])
    func sameAnswers(inMemory: Bool) async throws {
        let store = try readingStore(count: 200, inMemory: inMemory)
        defer { store.close() }
        let request = FetchRequest<ReadNote>.all.filter(\.shelf == "C").sorted(by: \.title, ascending: false).limit(15).offset(3)
        let rows = try await store.reads.fetch(request)
        #expect(rows == (try store.fetch(request)))
        #expect(rows.count == 15)
        #expect(try await store.reads.count(request.limit(nil)) == (try store.count(request.limit(nil))))
        #expect(try await store.reads.count(FetchRequest<ReadNote>.all.filter(\.shelf == "C")) == 40)
        #expect(try await store.reads.fetchOne(request) == rows.first)
        #expect(try await store.reads.fetchOne(request.filter(\.shelf == "Z")) == nil)
    }

    @Test("the main actor keeps running during a long async read: the read waits for 100 main-actor ticks")
    @MainActor
    func mainActorRuns() async throws {
        let ticks = Lock(0)
        let gate = Lock(false)
        // Each comparison of the sort waits until the main actor has ticked 100 times: were the
        // read on the main actor, it could never finish (the wait gives up, and the count is short).
        let store = try readingStore(count: 2_000) {
            if gate.withLock({ $0 }) { waitUntil { ticks.withLock { $0 } >= 100 } }
        }
        defer { store.close() }
        #expect(try store.count(FetchRequest<ReadNote>.all) == 2_000)
        gate.withLock { $0 = true }
        let done = Lock(false)
        let ticker = Task { @MainActor in
            while !done.withLock({ $0 }) {
                ticks.withLock { $0 += 1 }
                await Task.yield()
            }
        }
        let rows = try await store.reads.fetch(FetchRequest<ReadNote>.all.sorted(by: \.title))
        done.withLock { $0 = true }
        await ticker.value
        #expect(ticks.withLock { $0 } >= 100)
        #expect(rows.count == 2_000)
        #expect(rows.map(\.title) == (try store.fetch(FetchRequest<ReadNote>.all.sorted(by: \.title))).map(\.title))
    }

    @Test("cancelling the task stops its read with CancellationError; the store reads on", arguments: [false, true])
    func cancellationStopsTheRead(inMemory: Bool) async throws {
        let started = Lock(false)
        let cancelled = Lock(false)
        let gate = Lock(false)
        let store = try readingStore(count: 5_000, inMemory: inMemory) {
            guard gate.withLock({ $0 }) else { return }
            started.withLock { $0 = true }
            // The read is under way: hold it until the test has cancelled its task.
            waitUntil { cancelled.withLock { $0 } }
        }
        defer { store.close() }
        // Opening and checking the table may compare texts too: the gate opens for the read alone.
        #expect(try store.count(FetchRequest<ReadNote>.all) == 5_000)
        gate.withLock { $0 = true }
        let task = Task { try await store.reads.fetch(FetchRequest<ReadNote>.all.sorted(by: \.title)) }
        await eventually(within: .seconds(600)) { started.withLock { $0 } }
        task.cancel()
        cancelled.withLock { $0 = true }
        await #expect(throws: CancellationError.self) { try await task.value }
        gate.withLock { $0 = false }
        // The reader it used is sound: the next read runs to the end.
        #expect(try await store.reads.count(FetchRequest<ReadNote>.all) == 5_000)
        #expect(try await store.reads.fetch(FetchRequest<ReadNote>.all.sorted(by: \.title)).count == 5_000)
    }

    @Test("a task cancelled before its read starts throws CancellationError without reading")
    func cancelledBeforeStart() async throws {
        let store = try readingStore(count: 10)
        defer { store.close() }
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await store.reads.fetch(FetchRequest<ReadNote>.all)
        }
        await #expect(throws: CancellationError.self) { try await task.value }
    }
}
