import Bookshelf
import DraftStore
import DraftStoreTesting
import Foundation
import Testing

/// `results(of:)` and `commits()`: the current result first, then one element per commit
/// that changes it, in commit order, and none for a commit that does not.
@Suite struct ResultSequenceTests {
    @Test(arguments: StoreFixture.Kind.allCases)
    func oneElementPerChangingCommitAndNoneForOthers(kind: StoreFixture.Kind) async throws {
        let test = try thirtyAnas.makeStore(kind)
        defer { test.close() }
        let results = Collector(test.store.results(of: twentyAnas))
        await results.wait(for: 1)
        #expect(results.last?.map(\.name) == (0..<20).map { String(format: "Ana %02d", $0) })
        try setEmail(test.store, id: 3, "changed@example.com")  // in the 20: one element
        // An in-memory store has no pinned readers: a job that runs after a later commit reads
        // that commit too, and the two coalesce (as documented). Let this one be read first.
        if kind == .inMemory { await observersCaughtUp(test.store) }
        try setEmail(test.store, id: 25, "outside@example.com")  // 25th: none
        try setEmail(test.store, id: 35, "bo@example.org")  // no "a": none
        let books = test.newChildContext()
        try books.insert(Book(authorID: 1, title: "Other table"))
        try await books.save()  // another table: none
        try setEmail(test.store, id: 4, "four@example.com")  // one
        await observersCaughtUp(test.store)
        await results.wait(for: 3)
        // Nothing more arrives: the engine has handed over everything due.
        try await Task.sleep(for: .milliseconds(100))
        #expect(results.count == 3)
        #expect(results.elements.withLock { $0[1][2].email } == "changed@example.com")
        #expect(results.last?[3].email == "four@example.com")
        #expect(results.last == (try test.store.fetch(twentyAnas)).map { $0 })
    }

    @Test func aStoreWinsSaveThatWritesNothingCommitsNothingAndNotifiesNoOne() throws {
        try thirtyAnas.withStore(.file) { test in
            let mine = test.newChildContext()
            var author = try #require(try mine.fetch(Author.self, id: 1))
            author.email = "mine@example.com"
            try mine.update(author)
            // They change the same field; under storeWins mine is dropped: nothing to write.
            try BackgroundWriter(test).update(Author.self, id: 1) { $0.email = "theirs@example.com" }
            let results = Lock<[[Author]]>([])
            let observation = test.store.observe(twentyAnas) { authors in results.withLock { $0.append(authors) } }
            defer { observation.cancel() }
            let commits = Lock(0)
            try test.store.withWriterConnection { connection in
                connection.setCommitHandler {
                    commits.withLock { $0 += 1 }
                    return false
                }
            }
            defer { try? test.store.withWriterConnection { $0.setCommitHandler(nil) } }
            waitForObservers(test.store)
            try mine.save(policy: .storeWins)
            waitForObservers(test.store)
            #expect(commits.withLock { $0 } == 0)
            #expect(try test.store.fetch(Author.self, id: 1)?.email == "theirs@example.com")
            #expect(results.withLock { $0.count } == 1)
            // The context took their values: a second save has nothing to do either.
            #expect(try mine.save().changeset.isEmpty)
            // A save that writes commits once, as before.
            try setEmail(test.store, id: 1, "third@example.com")
            waitForObservers(test.store)
            #expect(commits.withLock { $0 } == 1)
            #expect(results.withLock { $0.count } == 2)
        }
    }

    @Test func commitsArriveInOrderWithTheirChangesets() async throws {
        let test = try thirtyAnas.makeStore(.file)
        defer { test.close() }
        let commits = Collector(test.store.commits())
        await eventually { activeObservations(test.store) == 1 }
        for id: Int64 in 1...5 { try setEmail(test.store, id: id, "c\(id)@example.com") }
        await commits.wait(for: 5)
        let own = commits.elements.withLock { $0 }.filter { !$0.isByAnotherWriter }
        #expect(own.map(\.sequence) == own.map(\.sequence).sorted())
        #expect(own.compactMap { $0.rows?["authors"]?.first?.integerValue } == [1, 2, 3, 4, 5])
        #expect(own.allSatisfy { $0.changeset?.changes.count == 1 && $0.mayHaveChanged(table: "AUTHORS") })
    }

    @Test func cancellingTheConsumingTaskEndsTheObservation() async throws {
        let test = try thirtyAnas.makeStore(.file)
        defer { test.close() }
        let ended = Lock(false)
        let task = Task {
            do {
                for try await _ in test.store.results(of: twentyAnas) {}
            } catch {}
            ended.withLock { $0 = true }
        }
        await eventually { activeObservations(test.store) == 1 }
        task.cancel()
        await eventually { ended.withLock { $0 } && activeObservations(test.store) == 0 }
        #expect(ended.withLock { $0 })
        #expect(activeObservations(test.store) == 0)
    }

    @Test func closingTheStoreEndsEverySequence() async throws {
        let test = try thirtyAnas.makeStore(.file)
        let results = Collector(test.store.results(of: twentyAnas))
        await results.wait(for: 1)
        test.store.close()
        try? setEmail(test.store, id: 1, "late@example.com")
        try await Task.sleep(for: .milliseconds(50))
        #expect(results.count == 1)
        test.close()
    }
}
