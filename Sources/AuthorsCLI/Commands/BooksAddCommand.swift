import Bookshelf

/// `authors books add ID --title TITLE [--year YEAR]`: adds a book to an existing author.
struct BooksAddCommand: AuthorsCommand {
    static let path = ["books", "add"]
    static let summary = "Add a book to an author."
    static let database = DatabaseUse.writes

    /// The author's id.
    var authorID: Int64 = 0
    /// The title.
    var title = ""
    /// The year, if given; the parser already refused one that is not a whole number, the Book rules judge its range.
    var year: Int?

    static var parameters: [CommandParameter<Self>] {
        [
            .authorID(\.authorID),
            .option("title", \.title, valueName: "TITLE", isRequired: true, help: "The book's title."),
            .option("year", \.year, valueName: "YEAR", help: "The year it was published (1450 to next year)."),
        ]
    }

    func run(_ session: CommandSession) throws {
        let store = try session.store()
        guard try store.fetch(Author.self, id: authorID) != nil else {
            throw CLIFailure.noSuchAuthor(authorID)
        }
        let saved = try store.presentNew(Book(authorID: authorID, title: title, year: year)).save().entity
        if session.console.json {
            session.console.printJSON(Rendering.object(saved))
        } else {
            session.console.print("Added book #\(saved.id!) “\(saved.title)” to author #\(authorID).")
        }
    }
}
