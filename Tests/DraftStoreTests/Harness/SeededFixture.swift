import Bookshelf
import DraftStore
import DraftStoreTesting
import Foundation
import Testing

/// The shared fixture of the store tests: the Bookshelf schema seeded with the cases' data —
/// author #1 `Mira Okafor <mira@example.com>` with books #1 `Tide Charts` and #2 `Salt Roads`,
/// author #2 `Jon Bay <jon@example.com>`.
let seeded = StoreFixture(migrations: Bookshelf.migrations, entities: Bookshelf.entities) { store in
    let context = store.newChildContext()
    let mira = try context.insert(Author(name: "Mira Okafor", email: "mira@example.com"))
    try context.insert(Author(name: "Jon Bay", email: "jon@example.com"))
    try context.insert(Book(authorID: mira.id!, title: "Tide Charts"))
    try context.insert(Book(authorID: mira.id!, title: "Salt Roads"))
    try context.save()
}

/// A scalar read straight from the store's writer connection.
func scalar(_ store: DraftStore, _ sql: String, _ arguments: [SQLiteValue] = []) throws -> SQLiteValue? {
    try store.withWriterConnection { try $0.scalar(sql, arguments) }
}

/// The author's name as stored, read straight from the database.
func storedName(_ store: DraftStore, _ id: Int64) throws -> String? {
    try store.fetch(Author.self, id: id)?.name
}

/// A fresh temporary directory, removed by the returned cleanup.
func temporaryDirectory() throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appending(path: "draftstore-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
}

/// Edits an author in a new child context of `store` and returns the context (unsaved).
func editAuthor(_ store: DraftStore, _ id: Int64 = 1, _ change: (inout Author) -> Void) throws -> ObjectContext {
    let context = store.newChildContext()
    var author = try #require(try context.fetch(Author.self, id: id))
    change(&author)
    try context.update(author)
    return context
}

/// Books of an author as stored, by title.
func storedTitles(_ store: DraftStore, author: Int64) throws -> [String] {
    try store.fetch(FetchRequest<Book>.all.filter(\.authorID, equals: author)).map(\.title).sorted()
}
