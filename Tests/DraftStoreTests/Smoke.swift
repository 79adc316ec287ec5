import Bookshelf
import Foundation
import Testing

@testable import DraftStore
@testable import DraftStoreSQLite

@Test func opens() throws {
    let c = try Connection(path: nil)
    try c.execute("CREATE TABLE t(x TEXT)")
    try c.run("INSERT INTO t VALUES (?)", [.text("a\u{0}b")])
    #expect(try c.scalar("SELECT x FROM t") == .text("a\u{0}b"))
}

@Test func flow() throws {
    let dir = FileManager.default.temporaryDirectory.appending(path: UUID().uuidString)
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let store = try Bookshelf.openStore(path: dir.appending(path: "b.sqlite").path)
    let child = store.newChildContext()
    let a = try child.insert(Author(name: "Octavia Butler", email: "o@example.com"))
    try child.insert(Book(authorID: a.id!, title: "Kindred", year: 1979))
    let r = try child.save()
    #expect(r.insertedIDs.count == 2)
    #expect(try store.count(Book.self) == 1)
    let edit = store.newChildContext()
    var x = try edit.fetch(Author.self, id: 1)!
    x.name = "O. E. Butler"
    try edit.update(x)
    let nested = edit.newChildContext()
    var y = try nested.fetch(Author.self, id: 1)!
    #expect(y.name == "O. E. Butler")
    y.bio = "SF"
    try nested.update(y)
    try nested.save()
    #expect(try store.fetch(Author.self, id: 1)?.bio == nil)
    try edit.save()
    #expect(try store.fetch(Author.self, id: 1)?.bio == "SF")
    let del = store.newChildContext()
    try del.delete(Author.self, id: 1)
    #expect(try del.fetchAll(Book.self).isEmpty)
    try del.save()
    #expect(try store.count(Book.self) == 0)
}
