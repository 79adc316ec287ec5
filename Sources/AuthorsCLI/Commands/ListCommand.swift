import Bookshelf
import DraftStore

/// `authors list [--limit N] [--search TEXT]`: authors by name, optionally only those whose name
/// or e-mail contains a text, ignoring case by full Unicode case folding and accents
/// (``CaseFolding/fold(_:ignoringAccents:)``: `sury` finds `Surý`; `ø`, `ł` are letters of their own).
struct ListCommand: AuthorsCommand {
    static let spec = CommandSpec(
        path: ["list"],
        summary: "List authors.",
        options: [
            OptionSpec(name: "limit", valueName: "N", kind: .integer, help: "Show at most N authors (1 or more)."),
            OptionSpec(
                name: "search", valueName: "TEXT",
                help: "Only authors whose name or e-mail contains TEXT, ignoring case and accents (sury finds Surý)."),
        ]
    )
    static let database = DatabaseUse.reads

    /// At most this many authors; `nil` for all.
    var limit: Int?
    /// The text to find in names and e-mails, if any.
    var search: String?

    init(_ parsed: ParsedCommand) throws {
        if let text = parsed.option("limit") {
            guard let limit = Int(text), limit > 0 else {
                throw CLIFailure.usage("--limit must be a whole number of 1 or more (leave it out to list every author), not '\(text)'")
            }
            self.limit = limit
        }
        search = parsed.option("search")
    }

    func run(_ session: CommandSession) throws {
        let store = try session.store()
        // One query: the name or the e-mail contains the text (CaseFolding, in SQL), by name, at most `limit`.
        var request = FetchRequest<Author>.all.sorted(by: \.name).limit(limit)
        if let search {
            request = request.filter(.contains(\.name, search, ignoringAccents: true) || .contains(\.email, search, ignoringAccents: true))
        }
        let authors = try store.fetch(request)
        let console = session.console
        if console.json {
            console.printJSON(authors.map(Rendering.object))
        } else if authors.isEmpty {
            console.print("No authors.")
        } else {
            for author in authors { console.print(Rendering.line(author)) }
        }
    }
}
