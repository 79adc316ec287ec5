import Bookshelf
import DraftStore
import Foundation
import Synchronization
import Testing

/// Item 4: an online backup of a store in use, while another thread keeps saving.
@Suite("Online backup")
struct BackupTests {
    @Test("backup(to:) while saves continue: the copy opens, is intact and consistent, and writes went on meanwhile")
    func backupWhileSaving() throws {
        let folder = try TemporaryDirectory()
        let store = try Bookshelf.openStore(path: folder.path("live.sqlite"))
        defer { store.close() }
        let seed = store.newChildContext()
        for number in 0..<Reliability.backupSeedAuthors {
            let author = try seed.insert(
                Author(name: "Seed \(number)", email: "s\(number)@example.com", bio: String(repeating: "x", count: 100)))
            try seed.insert(Book(authorID: author.id!, title: "Seed book \(number)"))
        }
        try seed.save()

        // Saving thread: each save is an author with two books; it records when each save returned.
        let stop = Atomic<Bool>(false)
        let log = Lock<[(number: Int, time: ContinuousClock.Instant)]>([])
        let failure = Lock<String?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            var number = 0
            while !stop.load(ordering: .relaxed) {
                do {
                    let context = store.newChildContext()
                    let author = try context.insert(Author(name: "Live \(number)", email: "l\(number)@example.com"))
                    try context.insert(Book(authorID: author.id!, title: "Live \(number) a"))
                    try context.insert(Book(authorID: author.id!, title: "Live \(number) b"))
                    try context.save()
                    let now = ContinuousClock.now
                    log.withLock { $0.append((number, now)) }
                    number += 1
                } catch {
                    failure.withLock { $0 = "\(error)" }
                    break
                }
            }
            done.signal()
        }
        while log.withLock({ $0.count }) < 20, failure.withLock({ $0 }) == nil { Thread.sleep(forTimeInterval: 0.005) }
        let copyPath = folder.path("copy.sqlite")
        let start = ContinuousClock.now
        try store.backup(to: copyPath)
        let end = ContinuousClock.now
        Thread.sleep(forTimeInterval: 0.05)
        stop.store(true, ordering: .relaxed)
        done.wait()
        #expect(failure.withLock { $0 } == nil, "the saving thread failed: \(failure.withLock { $0 } ?? "")")

        let saves = log.withLock { $0 }
        let during = saves.filter { $0.time > start && $0.time < end }.count
        let beforeStart = saves.filter { $0.time <= start }.count
        #expect(during > 0, "no save completed while the backup ran (\(end - start))")

        let copy = try Bookshelf.openStore(path: copyPath)
        defer { copy.close() }
        let (integrity, live, orphans, partial) = try copy.withWriterConnection { connection in
            (
                try connection.scalar("PRAGMA integrity_check"),
                try connection.scalar("SELECT count(*) FROM authors WHERE name LIKE 'Live %'"),
                try connection.scalar("SELECT count(*) FROM books WHERE author_id NOT IN (SELECT id FROM authors)"),
                try connection.scalar(
                    "SELECT count(*) FROM authors a WHERE (SELECT count(*) FROM books b WHERE b.author_id = a.id) != \(1) AND a.name LIKE 'Seed %' OR (SELECT count(*) FROM books b WHERE b.author_id = a.id) != 2 AND a.name LIKE 'Live %'"
                )
            )
        }
        #expect(integrity == .text("ok"))
        #expect(orphans == .integer(0))
        #expect(partial == .integer(0), "a save is in the copy in part")
        #expect(try copy.count(Author.self) >= Reliability.backupSeedAuthors + beforeStart)
        guard case let .integer(copied)? = live else { Issue.record("no count"); return }
        // The copy holds one moment: every save finished before the backup began, none begun after it ended.
        #expect(Int(copied) >= beforeStart && Int(copied) <= beforeStart + during + 1)
        print(
            "Online backup: \(Reliability.backupSeedAuthors * 2) seeded rows; backup took \(end - start); \(during) saves completed during it; copy holds \(copied) of \(saves.count) live saves, integrity ok"
        )
        // The copy is a working store.
        let item = try copy.presentNew(Author(name: "After Backup", email: "after@example.com"))
        try item.save()
    }
}
