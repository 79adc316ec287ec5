import DraftStore
import Foundation

extension Book {
    /// The latest year a book may have: next year (books are announced ahead).
    public static var latestYear: Int { Calendar(identifier: .gregorian).component(.year, from: Date()) + 1 }

    /// The rules of a book: `title` required, 1–300 characters after trimming (stored
    /// trimmed); `year` optional, a whole number from 1450 (the printing press) to next year.
    public static var validator: Validator<Book> {
        Validator<Book> {
            Field(\.title, "title", label: "Title", help: "1–300 characters", trims: true) {
                .required; .length(1...300); .noControlCharacters()
            }
            Field(\.year, "year", label: "Year", help: "A year from 1450 to \(latestYear), or empty") { .range(1450...latestYear) }
        }
    }
}
