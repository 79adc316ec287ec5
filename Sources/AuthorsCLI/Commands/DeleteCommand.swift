import Bookshelf

/// `authors delete ID`: deletes an author and, by the schema's cascade, their books.
struct DeleteCommand: AuthorsCommand {
    static let path = ["delete"]
    static let summary = "Delete an author."
    static let database = DatabaseUse.writes

    /// The author's id.
    var id: Int64 = 0

    static var parameters: [CommandParameter<Self>] { [.authorID(\.id)] }

    func run(_ session: CommandSession) throws {
        let context = try session.store().newChildContext()
        guard try context.fetch(Author.self, id: id) != nil else { throw CLIFailure.noSuchAuthor(id) }
        try context.delete(Author.self, id: id)
        let books = context.changeset().changes(of: .delete).count - 1
        try context.save()
        if session.console.json {
            session.console.printJSON(["deleted": Int(id), "booksDeleted": books])
        } else {
            session.console.print("Deleted author #\(id)" + (books > 0 ? " and \(books) book\(books == 1 ? "" : "s")." : "."))
        }
    }
}
