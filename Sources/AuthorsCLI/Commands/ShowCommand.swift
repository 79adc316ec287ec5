import Bookshelf
import DraftStore

/// `authors show ID`: an author and their books, by title.
struct ShowCommand: AuthorsCommand {
    static let path = ["show"]
    static let summary = "Show an author and their books."
    static let database = DatabaseUse.reads

    /// The author's id.
    var id: Int64 = 0

    static var parameters: [CommandParameter<Self>] { [.authorID(\.id)] }

    func run(_ session: CommandSession) throws {
        let store = try session.store()
        guard let author = try store.fetch(Author.self, id: id) else { throw CLIFailure.noSuchAuthor(id) }
        let books = try store.fetch(FetchRequest<Book>.all.filter(\.authorID, equals: id).sorted(by: \.title))
        let console = session.console
        if console.json {
            var object = Rendering.object(author)
            object["books"] = books.map(Rendering.object)
            console.printJSON(object)
            return
        }
        console.print(Rendering.line(author))
        for book in books { console.print("  - \(book.title)" + (book.year.map { " (\($0))" } ?? "")) }
    }
}
