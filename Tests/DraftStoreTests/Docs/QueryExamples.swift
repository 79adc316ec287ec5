import Bookshelf
import DraftStore
import DraftStoreTesting
import Testing

/// The README's "Queries" example and the DocC article "Queries", compiled and run
/// (`scripts/check-snippets` checks the article's blocks against the `// snippet:` regions).
@Suite struct QueryExamples {
    static let fixture = StoreFixture(migrations: Bookshelf.migrations, entities: Bookshelf.entities) { store in
        let context = store.newChildContext()
        let octavia = try context.insert(Author(name: "Octavia Butler", email: "octavia@example.com"))
        for (title, year) in [("Kindred", 1979), ("Parable of the Sower", 1993), ("The Sea Remembers", 1996), ("Seawall", 1991)] {
            try context.insert(Book(authorID: octavia.id!, title: title, year: year))
        }
        try context.insert(Book(authorID: octavia.id!, title: "Sea Notes"))
        try context.save()
    }

    /// The README's block, verbatim.
    @Test func readme() throws {
        try Self.fixture.withEachKind { test in
            let store = test.store
            let context = store.newChildContext()
            // Books of the 1990s or without a year, with "sea" in the title in any case; newest first.
            let page = FetchRequest<Book>.all
                .filter((.in(\.year, 1990..<2000) || \.year == nil) && .contains(\.title, "SEA"))
                .sorted(by: .descending(\.year), .ascending(\.title))
                .limit(20)
                .offset(0)
            let books = try store.fetch(page)  // one SQL statement
            let total = try store.count(page)  // SELECT count(*)
            let first = try context.fetchOne(page)  // with the context's unsaved changes
            #expect(books.map(\.title) == ["The Sea Remembers", "Seawall", "Sea Notes"])
            #expect(total == 3 && first?.title == "The Sea Remembers")
        }
    }

    @Test func article() throws {
        try Self.fixture.withEachKind { test in
            let store = test.store
            // snippet: queries-conditions
            let nineties = FetchRequest<Book>.all
                .filter(.in(\.year, 1990...1999) && !.isNull(\.title))
                .sorted(by: .ascending(\.year), .descending(\.title))
            let titles = try store.fetch(nineties).map(\.title)
            // ["Seawall", "Parable of the Sower", "The Sea Remembers"]

            let unknownYear = try store.count(FetchRequest<Book>.all.filter(\.year == nil))  // IS NULL: 1
            let notKindred = try store.count(FetchRequest<Book>.all.filter(\.title != "Kindred"))  // 4
            // snippet: end
            #expect(titles == ["Seawall", "Parable of the Sower", "The Sea Remembers"])
            #expect(unknownYear == 1 && notKindred == 4)

            // snippet: queries-context
            let context = store.newChildContext()
            var kindred = try context.fetchOne(FetchRequest<Book>.all.filter(\.title == "Kindred"))!
            kindred.year = 1995  // edited, not saved
            try context.update(kindred)
            try context.insert(Book(authorID: 1, title: "Wild Seed", year: 1999))

            let inContext = try context.fetch(nineties).map(\.title)
            // ["Seawall", "Parable of the Sower", "Kindred", "The Sea Remembers", "Wild Seed"]
            let inStore = try store.fetch(nineties).map(\.title)
            // ["Seawall", "Parable of the Sower", "The Sea Remembers"]: nothing was saved
            // snippet: end
            #expect(inContext == ["Seawall", "Parable of the Sower", "Kindred", "The Sea Remembers", "Wild Seed"])
            #expect(inStore == titles)

            // snippet: queries-pages
            let byTitle = FetchRequest<Book>.all.sorted(by: \.title)
            let secondPage = try context.fetch(byTitle.limit(2).offset(2)).map(\.title)
            // ["Sea Notes", "Seawall"]
            let pages = (try context.count(byTitle) + 1) / 2  // 6 books, unsaved one included: 3 pages
            // snippet: end
            #expect(secondPage == ["Sea Notes", "Seawall"] && pages == 3)
        }
    }
}
