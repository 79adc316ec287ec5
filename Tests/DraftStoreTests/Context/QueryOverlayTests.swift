import Bookshelf
import DraftStore
import DraftStoreTesting
import Testing

/// A context's queries lay its unsaved changes over the store's rows: the result before a
/// save must equal the store's result for the same request after the save.
@Suite("Context: queries over unsaved changes match the store after save")
struct QueryOverlayTests {
    static let requests: [(String, FetchRequest<Book>)] = [
        ("all", .all),
        ("by title", FetchRequest<Book>.all.sorted(by: \.title)),
        ("by year desc, limit 3", FetchRequest<Book>.all.sorted(by: \.year, ascending: false).limit(3)),
        ("by year, limit 4", FetchRequest<Book>.all.sorted(by: \.year).limit(4)),
        ("author 1 by title", FetchRequest<Book>.all.filter(\.authorID, equals: 1).sorted(by: \.title)),
        ("contains 'ro'", FetchRequest<Book>.all.filter(\.title, contains: "RO")),
        ("contains '%'", FetchRequest<Book>.all.filter(\.title, contains: "%")),
        ("year 2001", FetchRequest<Book>.all.filter(\.year, equals: 2001)),
        ("by id desc, limit 2", FetchRequest<Book>.all.sorted(by: \.id, ascending: false).limit(2)),
        ("id 1", FetchRequest<Book>.all.filter(\.id, equals: 1)),
    ]

    @Test("each request: context before save == store after save", arguments: 0..<requests.count)
    func overlayMatchesStore(index: Int) throws {
        let (name, request) = Self.requests[index]
        try seeded.withEachKind { test in
            let context = test.store.newChildContext()
            try context.insert(Book(authorID: 2, title: "Rope Work", year: 2001))
            try context.insert(Book(authorID: 1, title: "Zero Hour"))
            try context.insert(Book(authorID: 2, title: "100% Cotton", year: 1999))
            try context.insert(Book(authorID: 1, title: "Éclair", year: 2001))
            try context.insert(Book(authorID: 1, title: "apple", year: 1450))
            var tide = try #require(try context.fetch(Book.self, id: 1))
            tide.year = 2020
            tide.title = "Tide Charts II"
            try context.update(tide)
            try context.delete(Book.self, id: 2)
            let before = try context.fetch(request).map { "\($0.title)|\($0.year.map(String.init) ?? "nil")" }
            let nested = try context.newChildContext().fetch(request).map { "\($0.title)|\($0.year.map(String.init) ?? "nil")" }
            try context.save()
            let after = try test.store.fetch(request).map { "\($0.title)|\($0.year.map(String.init) ?? "nil")" }
            #expect(before == after, "\(name) in \(test.kind)")
            #expect(nested == after, "\(name) in a grandchild, \(test.kind)")
        }
    }

    @Test("sorting and filtering by \\.id name the id column (they used to trap)")
    func idKeyPath() throws {
        try seeded.withEachKind { test in
            #expect(try test.store.fetch(FetchRequest<Author>.all.sorted(by: \.id, ascending: false)).map(\.id) == [2, 1])
            #expect(try test.store.fetch(FetchRequest<Author>.all.filter(\.id, equals: 2)).map(\.name) == ["Jon Bay"])
            let context = test.store.newChildContext()
            let new = try context.insert(Author(name: "Ada Reyes", email: "ada@example.com"))
            #expect(try context.fetch(FetchRequest<Author>.all.sorted(by: \.id)).map(\.id) == [1, 2, new.id])
            #expect(try context.fetch(FetchRequest<Author>.all.filter(\.id, equals: new.id)).map(\.name) == ["Ada Reyes"])
        }
    }
}
