import DraftStore
import Foundation

/// A book by one author: a row of the `books` table, deleted with its author.
public struct Book: Entity, Hashable {
    /// The row id; `nil` before insertion, negative until saved.
    public var id: Int64?
    /// The author's id (a temporary id while the author is unsaved); field name `author`.
    public var authorID: Int64 = 0
    /// The title, 1–300 characters, stored trimmed.
    public var title = ""
    /// The year of publication, from 1450 to next year; `nil` when unknown.
    public var year: Int?

    /// Makes a blank book.
    public init() {}

    /// Makes a new book.
    /// - Parameters:
    ///   - authorID: The author's id (temporary or real).
    ///   - title: The title.
    ///   - year: The year of publication.
    public init(authorID: Int64, title: String, year: Int? = nil) {
        self.authorID = authorID
        self.title = title
        self.year = year
    }

    /// The latest year a book may have: next year (books are announced ahead), as of when
    /// ``schema`` is first used.
    public static var latestYear: Int { Calendar(identifier: .gregorian).component(.year, from: Date()) + 1 }

    /// The `books` table, and the rules of each field: `title` required, 1–300 characters after
    /// trimming (stored trimmed); `year` optional, a whole number from 1450 (the printing press)
    /// to ``latestYear``.
    public static let schema = EntitySchema<Book>(
        table: "books",
        columns: [
            .primaryKey("id", \.id),
            .reference("author_id", \.authorID, to: Author.self, field: "author"),
            .column(
                "title", \.title, label: "Title", help: "1–300 characters", trims: true,
                rules: [.required, .length(1...300), .noControlCharacters()]),
            .column(
                "year", \.year, label: "Year", help: "A year from 1450 to \(latestYear), or empty",
                rules: [.range(1450...latestYear)]),
        ])
}
