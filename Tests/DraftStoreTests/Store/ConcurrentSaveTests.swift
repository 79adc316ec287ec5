import Bookshelf
import DraftStore
import DraftStoreTesting
import Foundation
import Testing

/// Issue 3: real threads, each with its own contexts, saving into one store at once.
@Suite("Store: concurrent saves from 8 threads", .serialized)
struct ConcurrentSaveTests {
    static let threads = 8
    /// 500, or 100 under a sanitizer (`DRAFTSTORE_SANITIZER`), which slows every access.
    static let savesPerThread = ProcessInfo.processInfo.environment["DRAFTSTORE_SANITIZER"] == nil ? 500 : 100

    @Test("8 threads × 500 saves: every save lands, no busy error, counts exact", arguments: StoreFixture.Kind.allCases)
    func eightThreads(kind: StoreFixture.Kind) throws {
        try seeded.withStore(kind) { test in
            let store = test.store
            let failures = Lock<[String]>([])
            let done = DispatchGroup()
            for thread in 0..<Self.threads {
                done.enter()
                let worker = Thread {
                    defer { done.leave() }
                    do {
                        let first = store.newChildContext()
                        let author = try first.insert(Author(name: "Thread \(thread)", email: "t\(thread)@example.com"))
                        let authorID = try #require(try first.save().insertedIDs[author.id!])
                        for save in 1...Self.savesPerThread {
                            let context = store.newChildContext()
                            try context.insert(Book(authorID: authorID, title: "T\(thread) #\(save)"))
                            var row = try #require(try context.fetch(Author.self, id: authorID))
                            row.bio = "save \(save)"
                            try context.update(row)
                            try context.save()
                        }
                    } catch {
                        failures.withLock { $0.append("thread \(thread): \(error)") }
                    }
                }
                worker.start()
            }
            done.wait()
            #expect(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0 })")
            #expect(try store.count(Author.self) == 2 + Self.threads)
            #expect(try store.count(Book.self) == 2 + Self.threads * Self.savesPerThread)
            for author in try store.fetch(FetchRequest<Author>.all) where author.id! > 2 {
                #expect(author.bio == "save \(Self.savesPerThread)")
                #expect(try store.fetch(FetchRequest<Book>.all.filter(\.authorID, equals: author.id!)).count == Self.savesPerThread)
            }
            let distinct = try scalar(store, "SELECT count(DISTINCT title) FROM books")
            #expect(distinct == .integer(Int64(2 + Self.threads * Self.savesPerThread)))
        }
    }
}
