import Bookshelf

/// `authors add --name NAME --email EMAIL [--bio BIO]`: adds an author through a new presented item.
struct AddCommand: AuthorsCommand {
    static let spec = CommandSpec(path: ["add"], summary: "Add an author.", options: CommandSpec.authorFieldOptions("The", required: true))
    static let database = DatabaseUse.writes

    /// The name, as typed (the Author rules trim it).
    var name: String
    /// The e-mail address.
    var email: String
    /// The bio; `nil` when absent, empty or blank.
    var bio: String?

    init(_ parsed: ParsedCommand) throws {
        name = parsed.option("name") ?? ""
        email = parsed.option("email") ?? ""
        bio = AuthorInput.bio(parsed.option("bio"))
    }

    func run(_ session: CommandSession) throws {
        let item = try session.store().presentNew(Author(name: name, email: email, bio: bio))
        session.report(try item.save(), verb: "Added")
    }
}
