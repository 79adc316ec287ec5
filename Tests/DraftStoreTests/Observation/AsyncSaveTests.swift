import Bookshelf
import DraftStore
import DraftStoreTesting
import Foundation
import Testing

/// `await item.save()` waits for another connection's write lock without blocking its actor.
@Suite struct AsyncSaveTests {
    @MainActor
    @Test func theMainActorKeepsRunningWhileTheSaveWaitsForTheLock() async throws {
        let test = try thirtyAnas.makeStore(.file)
        defer { test.close() }
        let item = try test.store.presentEdit(Author.self, id: 1)
        item.draft.name = "Ana Saved Late"
        let holder = try test.holdWriteLock(for: .seconds(2))
        // A main-actor timer: it ticks only while the main actor is free.
        var ticks = 0
        let timer = Task { @MainActor in
            while !Task.isCancelled {
                ticks += 1
                try? await Task.sleep(for: .milliseconds(10))
            }
        }
        let ticksBefore = ticks
        let saved = try await item.save()
        let ticksDuring = ticks - ticksBefore
        timer.cancel()
        holder.wait()
        #expect(saved.name == "Ana Saved Late")
        #expect(try test.store.fetch(Author.self, id: 1)?.name == "Ana Saved Late")
        #expect(item.isFinished)
        // Two seconds of waiting: the timer ran many times (a blocked actor would show 0 or 1).
        #expect(ticksDuring > 10, "ticks during the wait: \(ticksDuring)")
        #expect(item.saveFailure == nil)
    }

    @MainActor
    @Test func aTaskCancelledBeforeItsTransactionWritesNothingAndKeepsTheDraft() async throws {
        let test = try thirtyAnas.makeStore(.file)
        defer { test.close() }
        let item = try test.store.presentEdit(Author.self, id: 1)
        item.draft.name = "Never Written"
        let holder = try test.holdWriteLock(for: .seconds(1))
        let save = Task { @MainActor in try await item.save() }
        try await Task.sleep(for: .milliseconds(100))
        save.cancel()
        let result = await save.result
        #expect(throws: CancellationError.self) { try result.get() }
        holder.wait()
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
        let holder = try test.holdWriteLock(for: .seconds(1))
        await #expect {
            try await context.save()
        } throws: { error in
            (error as? SaveError)?.storageFailure != nil
        }
        holder.wait()
        #expect(try test.store.fetch(Author.self, id: 2)?.name == "Ana 01")
        #expect(context.hasChanges)
        try await context.save()
        #expect(try test.store.fetch(Author.self, id: 2)?.name == "Busy")
    }
}
