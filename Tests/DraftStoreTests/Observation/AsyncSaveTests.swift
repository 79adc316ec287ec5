import Bookshelf
import DraftStore
import DraftStoreTesting
import Foundation
import Testing

/// `await item.save()` waits for another connection's write lock without blocking its actor.
@Suite struct AsyncSaveTests {
    @MainActor
    @Test func theMainActorKeepsRunningWhileTheSaveWaitsForTheLock() async throws {
        let test = try thirtyAnas.makeStore(.file, busyTimeout: .seconds(300))  // a loaded machine must not time out
        defer { test.close() }
        let item = try test.store.presentEdit(Author.self, id: 1)
        item.draft.name = "Ana Saved Late"
        let holder = try HeldWriteLock(path: try #require(test.filePath))
        // A main-actor timer: it ticks only while the main actor is free.
        let ticks = Lock(0)
        let timer = Task { @MainActor in
            while !Task.isCancelled {
                ticks.withLock { $0 += 1 }
                try? await Task.sleep(for: .milliseconds(10))
            }
        }
        // The other connection holds the lock for 2 s, and until the timer ticked 10 times
        // more (at most 300 s: other tests may hold the main actor meanwhile; a main actor blocked by the
        // save would never tick, and the test would fail).
        let released = Lock(false)
        let start = ticks.withLock { $0 }
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: 2)
            let deadline = Date().addingTimeInterval(300)
            while ticks.withLock({ $0 }) < start + 10, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
            released.withLock { $0 = true }
            holder.letGo()
        }
        let saved = try await item.save()
        let ticksDuring = ticks.withLock { $0 } - start
        timer.cancel()
        #expect(released.withLock { $0 })
        #expect(saved.name == "Ana Saved Late")
        #expect(try test.store.fetch(Author.self, id: 1)?.name == "Ana Saved Late")
        #expect(item.isFinished)
        #expect(ticksDuring >= 10, "ticks during the wait: \(ticksDuring)")
        #expect(item.saveFailure == nil)
    }

    @MainActor
    @Test func aTaskCancelledBeforeItsTransactionWritesNothingAndKeepsTheDraft() async throws {
        let test = try thirtyAnas.makeStore(.file, busyTimeout: .seconds(300))  // a loaded machine must not time out
        defer { test.close() }
        let item = try test.store.presentEdit(Author.self, id: 1)
        item.draft.name = "Never Written"
        let holder = try HeldWriteLock(path: try #require(test.filePath))
        let save = Task { @MainActor in try await item.save() }
        try await Task.sleep(for: .milliseconds(20))
        save.cancel()
        let result = await save.result
        #expect(throws: CancellationError.self) { try result.get() }
        holder.letGo()
        #expect(try test.store.fetch(Author.self, id: 1)?.name == "Ana 00")
        #expect(!item.isFinished)
        #expect(item.draft.name == "Never Written")
        #expect(item.saveFailure == nil)
        // The same item saves afterwards.
        #expect(try await item.save().name == "Never Written")
    }

    @Test func aContextsAsyncSaveFailsBusyAfterTheTimeoutWithNothingWritten() async throws {
        let test = try thirtyAnas.makeStore(.file, busyTimeout: .milliseconds(200))
        defer { test.close() }
        let context = test.newChildContext()
        var author = try #require(try context.fetch(Author.self, id: 2))
        author.name = "Busy"
        try context.update(author)
        let holder = try HeldWriteLock(path: try #require(test.filePath))
        await #expect {
            try await context.save()
        } throws: { error in
            (error as? SaveError)?.storageFailure != nil
        }
        holder.letGo()
        #expect(try test.store.fetch(Author.self, id: 2)?.name == "Ana 01")
        #expect(context.hasChanges)
        try await context.save()
        #expect(try test.store.fetch(Author.self, id: 2)?.name == "Busy")
    }
}
