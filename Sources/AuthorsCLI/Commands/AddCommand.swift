import Bookshelf

/// `authors add --name NAME --email EMAIL [--bio BIO]`: adds an author through a new presented item.
struct AddCommand: AuthorsCommand {
    static let spec = CommandSpec(
        path: ["add"], summary: "Add an author.", options: CommandSpec.authorFieldOptions("The", required: true),
        flags: [CommandSpec.screenFlag])
    static let database = DatabaseUse.writes

    /// The name, as typed (the Author rules trim it).
    var name: String
    /// The e-mail address.
    var email: String
    /// The bio; `nil` when absent, empty or blank.
    var bio: String?
    /// Whether to fill the fields in in the full-screen form.
    var screen: Bool

    init(_ parsed: ParsedCommand) throws {
        name = parsed.option("name") ?? ""
        email = parsed.option("email") ?? ""
        bio = AuthorInput.bio(parsed.option("bio"))
        screen = parsed.flag("screen")
        // Checked before the database is opened: a usage error creates no file.
        if screen { try ScreenSession.requireTerminal("add") }
    }

    func run(_ session: CommandSession) throws {
        let item = try session.store().presentNew(Author(name: name, email: email, bio: bio))
        if screen { return try session.screen(item) }
        session.report(try item.save().entity, verb: "Added")
    }
}
