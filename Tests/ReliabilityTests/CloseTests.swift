import Bookshelf
import DraftStore
import Foundation
import Testing

/// `close()` leaves a file store as one file (issue 19): no `-wal` or `-shm` beside it, and
/// the `.sqlite` file alone, copied elsewhere, holds every committed row.
@Suite("Close: one file afterwards")
struct CloseTests {
    @Test("after close no -wal or -shm exists, and a copy of the .sqlite alone has every row", arguments: DraftStore.Durability.allCases)
    func closeLeavesOneFile(durability: DraftStore.Durability) throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("shelf.sqlite")
        var configuration = DraftStore.Configuration()
        configuration.entities = Bookshelf.entities
        configuration.durability = durability
        let store = try DraftStore(path: path, migrations: Bookshelf.migrations, configuration: configuration)
        for number in 1...3 {
            let context = store.newChildContext()
            let author = try context.insert(Author(name: "Author \(number)", email: "author\(number)@example.com"))
            try context.insert(Book(authorID: author.id!, title: "First of \(number)"))
            try context.insert(Book(authorID: author.id!, title: "Second of \(number)"))
            try context.save()
        }
        _ = try store.fetch(FetchRequest<Author>.all)  // the reader has had a read transaction too
        #expect(FileManager.default.fileExists(atPath: path + "-wal"))
        store.close()
        store.close()  // a second close does nothing
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        #expect(!FileManager.default.fileExists(atPath: path + "-shm"))
        #expect(store.health.isHealthy)

        let copy = try TemporaryDirectory()
        try FileManager.default.copyItem(atPath: path, toPath: copy.path("copy.sqlite"))
        var options = Connection.Options()
        options.readOnly = true
        let connection = try Connection(path: copy.path("copy.sqlite"), options: options)
        defer { connection.close() }
        #expect(try connection.scalar("PRAGMA integrity_check") == .text("ok"))
        #expect(try connection.scalar("SELECT count(*) FROM authors") == .integer(3))
        #expect(try connection.scalar("SELECT count(*) FROM books") == .integer(6))
        #expect(try connection.scalar("SELECT name FROM authors WHERE email = 'author3@example.com'") == .text("Author 3"))
    }
}
