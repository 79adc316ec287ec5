/// `authors form [ID]`: the interactive, line-based form (``FormSession``) over a new or existing author.
struct FormCommand: AuthorsCommand {
    static let spec = CommandSpec(
        path: ["form"],
        summary: "Fill in a new or existing author interactively, line by line.",
        positionals: [PositionalSpec(name: "ID", isRequired: false, help: "The author to edit; omit for a new one.")]
    )
    static let database = DatabaseUse.writes

    /// The author to edit; `nil` for a new one.
    var id: Int64?

    init(_ parsed: ParsedCommand) throws {
        id = try parsed.argument("ID").map(AuthorInput.id)
    }

    func run(_ session: CommandSession) throws {
        try FormSession(store: session.store(), console: session.console, id: id).run()
    }
}
