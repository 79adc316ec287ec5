import Bookshelf
import DraftStore
import Foundation
import Testing

/// `":memory:"` and `file:…?mode=memory` URIs open one connection (SQLite's in-memory
/// databases have no WAL, and a second connection would see another database), so a save is
/// read back (issue 19).
@Suite("Store: in-memory paths and URIs")
struct InMemoryPathTests {
    static let paths = [
        ":memory:", "file::memory:", "file:draftstore-memory-a?mode=memory",
        "file:draftstore-memory-b?mode=memory&cache=shared", "file:draftstore-memory-c?cache=shared&mode=memory#x",
    ]

    @Test("save then fetch works", arguments: paths)
    func saveThenFetch(path: String) throws {
        #expect(DatabasePath.isInMemory(path))
        let store = try Bookshelf.openStore(path: path)
        defer { store.close() }
        let context = store.newChildContext()
        let author = try context.insert(Author(name: "Ada Memory", email: "ada@example.com"))
        try context.insert(Book(authorID: author.id!, title: "Volatile"))
        try context.save()
        let authors = try store.fetch(FetchRequest<Author>.all)
        #expect(authors.map(\.name) == ["Ada Memory"])
        let edit = try store.presentEdit(Author.self, id: authors[0].id!)
        edit.draft.name = "Ada M."
        try edit.save()
        #expect(try store.fetch(FetchRequest<Author>.all).map(\.name) == ["Ada M."])
        // A backup copies this database, not a new empty one.
        let folder = FileManager.default.temporaryDirectory.appending(path: "draftstore-memory-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try store.backup(to: folder)
        let copy = try Connection(path: folder)
        defer { copy.close() }
        #expect(try copy.scalar("SELECT count(*) FROM books") == .integer(1))
    }

    @Test("file paths and file URIs are not in memory")
    func filePaths() {
        #expect(DatabasePath.isInMemory(nil))
        for path in ["shelf.sqlite", "file:shelf.sqlite", "file:shelf.sqlite?mode=ro", "file:memory?mode=rwc", "", "memory"] {
            #expect(!DatabasePath.isInMemory(path), "\(path)")
        }
    }
}
