import Bookshelf

/// `authors edit ID [--name] [--email] [--bio] [--cancel]`: changes an author and saves, or shows
/// the change and discards it.
struct EditCommand: AuthorsCommand {
    static let path = ["edit"]
    static let summary = "Change an author's fields and save, or show the change and discard it."
    static let database = DatabaseUse.writes

    /// The author's id.
    var id: Int64 = 0
    /// The new name, if given.
    var name: String?
    /// The new e-mail address, if given.
    var email: String?
    /// The new bio as typed, if given; an empty or blank one clears it.
    var bio: String?
    /// Whether to discard the change after showing it.
    var cancel = false
    /// Whether to edit in the full-screen form.
    var screen = false

    static var parameters: [CommandParameter<Self>] {
        [
            .authorID(\.id),
            .option("name", \.name, valueName: "NAME", help: "New name."),
            .option("email", \.email, valueName: "EMAIL", help: "New e-mail address."),
            .option("bio", \.bio, valueName: "BIO", help: "New biography (empty or blank: none)."),
            .flag("cancel", \.cancel, help: "Show the diff that would be saved, then discard it."),
            .screen(\.screen),
        ]
    }

    /// Checked before the database is opened: a usage error creates no file.
    func validate() throws {
        if screen { try ScreenSession.requireTerminal("edit") }
    }

    func run(_ session: CommandSession) throws {
        let console = session.console
        let item = try session.presentAuthor(id)
        if let name { item.draft.name = name }
        if let email { item.draft.email = email }
        if let bio { item.draft.bio = AuthorInput.bio(bio) }
        if screen { return try session.screen(item) }
        if cancel {
            let changes = item.context.changedFields(of: item.draft)
            try item.cancel()
            if console.json {
                console.printJSON(["cancelled": true, "changes": changes.map(Rendering.object)])
            } else {
                console.print(changes.isEmpty ? "No change to discard." : "Would have saved:")
                for change in changes { console.print("  " + Rendering.change(change)) }
                console.print("Cancelled: nothing was written.")
            }
            return
        }
        guard item.context.hasChanges else {
            try item.cancel()
            if console.json {
                console.printJSON(Rendering.object(item.draft))
            } else {
                console.print("No change: author \(Rendering.line(item.draft)) was left as it is.")
            }
            return
        }
        session.report(try item.save().entity, verb: "Saved", emailTyped: email != nil)
    }
}
