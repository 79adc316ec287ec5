import Bookshelf

/// `authors add --name NAME --email EMAIL [--bio BIO]`: adds an author through a new presented item.
struct AddCommand: AuthorsCommand {
    static let path = ["add"]
    static let summary = "Add an author."
    static let database = DatabaseUse.writes

    /// The name, as typed (the Author rules trim it).
    var name = ""
    /// The e-mail address.
    var email = ""
    /// The bio as typed, if given (empty or blank: none).
    var bio: String?
    /// Whether to fill the fields in in the full-screen form.
    var screen = false

    static var parameters: [CommandParameter<Self>] {
        [
            .option("name", \.name, valueName: "NAME", isRequired: true, help: "The name."),
            .option("email", \.email, valueName: "EMAIL", isRequired: true, help: "The e-mail address."),
            .option("bio", \.bio, valueName: "BIO", help: "The biography (empty or blank: none)."),
            .screen(\.screen),
        ]
    }

    /// Checked before the database is opened: a usage error creates no file.
    func validate() throws {
        if screen { try ScreenSession.requireTerminal("add") }
    }

    func run(_ session: CommandSession) throws {
        let item = try session.store().presentNew(Author(name: name, email: email, bio: AuthorInput.bio(bio)))
        if screen { return try session.screen(item) }
        session.report(try item.save().entity, verb: "Added")
    }
}
