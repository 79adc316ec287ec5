import DraftStore

// snippet: graph-declare
extension Book {
    /// The book's author: the `author_id` reference (a FOREIGN KEY of `books`).
    public static let author = ToOne<Book, Author>(\.authorID)
}

extension Author {
    /// The author's books, by title: the inverse of ``Book/author``.
    public static let books = Book.author.inverse.sorted(by: .ascending(\.title))
}
// snippet: end
