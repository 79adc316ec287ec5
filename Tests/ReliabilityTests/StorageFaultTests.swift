import Bookshelf
import CSQLite
import DraftStore
import DraftStoreTesting
import Foundation
import Testing

/// Item 6: a save that hits disk full or an I/O error (injected in the VFS of a file
/// store) leaves the store as before and the draft intact; the retry succeeds once the
/// fault clears.
@Suite("Disk full and I/O errors")
struct StorageFaultTests {
    static let fixture = StoreFixture(migrations: Bookshelf.migrations, entities: Bookshelf.entities) { store in
        let context = store.newChildContext()
        let mira = try context.insert(Author(name: "Mira Okafor", email: "mira@example.com"))
        try context.insert(Author(name: "Jon Bay", email: "jon@example.com"))
        try context.insert(Book(authorID: mira.id!, title: "Tide Charts"))
        try context.insert(Book(authorID: mira.id!, title: "Salt Roads"))
        try context.save()
    }

    @Test(
        "a failed write leaves the store unchanged, the draft intact, and the retry saves",
        arguments: [StorageFault.diskFull, .ioError], [1, nil] as [Int?])
    func faultThenRetry(fault: StorageFault, count: Int?) throws {
        let test = try StorageFaultTests.fixture.makeStore(.file)
        defer { test.close() }
        let store = test.store
        // An edit plus related inserts: several rows across both tables in one save.
        let item = try store.presentEdit(Author.self, id: 1)
        item.draft.name = "Mira O."
        item.draft.bio = String(repeating: "Writes about the sea. ", count: 80)
        try item.insertRelated(Book(authorID: 1, title: "Harbour Lights", year: 2020))
        try item.insertRelated(Book(authorID: 1, title: "Low Water", year: 2021))
        let bulk = store.newChildContext()
        for number in 0..<300 { try bulk.insert(Author(name: "Bulk \(number)", email: "bulk\(number)@example.com")) }

        try test.failWrites(with: fault, count: count)
        let expected = fault == .diskFull ? SQLITE_FULL : SQLITE_IOERR
        for attempt in 0..<2 {
            let thrown = expectUnchanged(store) { try item.save() }
            guard case let .storage(error)? = thrown as? SaveError else {
                Issue.record("attempt \(attempt): expected SaveError.storage, got \(String(describing: thrown))")
                return
            }
            #expect(error.code == expected, "\(error)")
            #expect(error.message.contains(test.filePath!), "\(error)")
            #expect(!item.isFinished)
            #expect(item.draft.name == "Mira O.")
            #expect(item.context.changeset().changes.count == 3)
            if count != nil { break }  // a counted fault is used up by the first failure
            let bulkError = expectUnchanged(store) { try bulk.save() }
            #expect(bulkError is SaveError)
            #expect(bulk.changeset().changes.count == 300)
        }
        test.clearFaults()
        let saved = try item.save()
        #expect(saved.name == "Mira O.")
        try bulk.save()
        // On disk, through a fresh connection.
        let reader = try Connection(path: test.filePath!)
        defer { reader.close() }
        #expect(try reader.scalar("PRAGMA integrity_check") == .text("ok"))
        #expect(try reader.scalar("SELECT name FROM authors WHERE id = 1") == .text("Mira O."))
        #expect(try reader.scalar("SELECT count(*) FROM books WHERE author_id = 1") == .integer(4))
        #expect(try reader.scalar("SELECT count(*) FROM authors") == .integer(302))
    }
}
