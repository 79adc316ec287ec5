import Bookshelf
import DraftStore
import DraftStoreTesting
import Foundation
import Testing

/// The examples of README's "A parent and its children" and of the DocC article "Object graphs", as written.
@Suite struct GraphExamples {
    @Test func readmeParentAndChildren() throws {
        try bookshelf.withEachKind { test in
            let store = test.store
            let id: Int64 = 1
            // snippet: readme-graph
            let form = try store.presentEdit(Author.self, id: id)
            let books = try form.children(Author.books)  // her books, as the form's context sees them
            try books.add(Book(authorID: id, title: "Kindred"))
            let seed = try books.add(Book(authorID: id, title: "Wild Seed"))
            try books.remove(seed)
            form.undo()  // Wild Seed is back
            try form.save()  // the author and her books in one transaction (Cancel: no SQL at all)

            let context = store.newChildContext()
            if let author = try context.fetch(Author.self, id: id) {
                print(try context.children(of: author, Author.books).map(\.title))
            }
            let kindredAuthors = try store.fetch(FetchRequest<Author>.all.filter(.any(Author.books, \.title == "Kindred")))
            // snippet: end
            #expect(kindredAuthors.map(\.id) == [id])
            #expect(try store.fetch(FetchRequest<Book>.all.sorted(by: \.title)).map(\.title) == ["Kindred", "Wild Seed"])
        }
    }

    @Test func articleNavigation() throws {
        try bookshelf.withEachKind { test in
            let store = test.store
            // snippet: graph-navigate
            let context = store.newChildContext()
            let authors = try context.fetch(FetchRequest<Author>.all)
            let sower = try context.insert(Book(authorID: 1, title: "Parable of the Sower"))  // Mira Okafor is author 1
            // One query for all the authors' books (no N+1), unsaved changes included:
            let books = try context.children(of: authors, Author.books)
            let author = try context.parent(of: sower, Book.author)  // Mira Okafor
            // snippet: end
            #expect(books[0].map(\.title) == ["Parable of the Sower"] && author == authors[0])
        }
    }

    @Test func articleForm() throws {
        try bookshelf.withEachKind { test in
            let store = test.store
            // snippet: graph-form
            let item = try store.presentNew(Author(name: "Octavia Butler", email: "octavia@example.com"))
            let books = try item.children(Author.books)
            let kindred = try books.add(Book(authorID: 0, title: "Kindred"))  // author_id: the draft's temporary key
            var untitled = try books.add(Book(authorID: 0, title: ""))
            print(books.errors(for: untitled))  // Title: Fill in this field
            print(item.canSave)  // false until it has a title
            untitled.title = "Fledgling"
            try books.update(untitled)
            try books.remove(kindred)
            item.undo()  // Kindred is back
            let saved = try item.save()  // one transaction: the author, then her books with her new id
            // snippet: end
            let stored = try store.fetch(FetchRequest<Book>.all.filter(\.authorID == saved.rowID).sorted(by: \.title))
            #expect(stored.map(\.title) == ["Fledgling", "Kindred"])
        }
    }

    @Test func articleQueries() throws {
        try bookshelf.withEachKind { test in
            let store = test.store
            let context = store.newChildContext()
            try context.insert(Book(authorID: 1, title: "Kindred", year: 1979))
            try context.save()
            // snippet: graph-queries
            let byAuthorName = FetchRequest<Book>.all.filter(.parent(Book.author, .contains(\.name, "mira")))
            let prolific = FetchRequest<Author>.all.filter(.count(Author.books, atLeast: 2))
            let withoutBooks = FetchRequest<Author>.all.filter(.count(Author.books, atMost: 0))
            let recent = FetchRequest<Author>.all.filter(.any(Author.books, \.year >= 1970))
            let observation = store.observe(byAuthorName) { books in print(books.count) }  // also on authors' commits
            let shelf = store.observe(FetchRequest<Book>.all, with: Book.author) { rows in
                for (book, author) in rows { print(book.title, author?.name ?? "–") }  // again when an author is renamed
            }
            // snippet: end
            observation.cancel()
            shelf.cancel()
            #expect(try store.fetch(byAuthorName).map(\.title) == ["Kindred"])
            #expect(try store.fetch(prolific).isEmpty && (try store.fetch(withoutBooks)).isEmpty)
            #expect(try store.fetch(recent).count == 1)
        }
    }
}
