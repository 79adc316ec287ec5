import Bookshelf
import DraftStore

/// `authors list [--limit N] [--search TEXT]`: authors by name, optionally only those whose name
/// or e-mail contains a text, ignoring case by full Unicode case folding and accents
/// (``CaseFolding/fold(_:ignoringAccents:)``: `sury` finds `Surý`; `ø`, `ł` are letters of their own).
struct ListCommand: AuthorsCommand {
    static let path = ["list"]
    static let summary = "List authors."
    static let database = DatabaseUse.reads

    /// At most this many authors; `nil` for all.
    var limit: Int?
    /// The text to find in names and e-mails, if any.
    var search: String?

    static var parameters: [CommandParameter<Self>] {
        [
            .option("limit", \.limit, valueName: "N", help: "Show at most N authors (1 or more).", parse: positive),
            .option(
                "search", \.search, valueName: "TEXT",
                help: "Only authors whose name or e-mail contains TEXT, ignoring case and accents (sury finds Surý)."),
        ]
    }

    /// `--limit`'s value, a whole number the parser accepted, if it is 1 or more.
    /// - Throws: ``CLIFailure`` (usage) naming the text otherwise.
    static func positive(_ text: String) throws -> Int {
        guard let limit = Int(text), limit > 0 else {
            throw CLIFailure.usage("--limit must be a whole number of 1 or more (leave it out to list every author), not '\(text)'")
        }
        return limit
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
