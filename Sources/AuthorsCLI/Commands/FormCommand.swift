/// `authors form [ID]`: the interactive, line-based form (``FormSession``) over a new or existing author.
struct FormCommand: AuthorsCommand {
    static let path = ["form"]
    static let summary = "Fill in a new or existing author interactively, line by line."
    static let database = DatabaseUse.writes

    /// The author to edit; `nil` for a new one.
    var id: Int64?

    static var parameters: [CommandParameter<Self>] {
        [.argument("ID", \.id, help: "The author to edit; omit for a new one.", parse: AuthorInput.id)]
    }

    func run(_ session: CommandSession) throws {
        try FormSession(store: session.store(), console: session.console, id: id).run()
    }
}
