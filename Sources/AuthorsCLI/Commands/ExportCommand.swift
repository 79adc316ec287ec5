import Bookshelf
import DraftStore

/// `authors export [--format csv|json]`: every author on standard output, in a form `import` reads back.
struct ExportCommand: AuthorsCommand {
    static let spec = CommandSpec(
        path: ["export"],
        summary: "Write every author to standard output, in a form import reads back.",
        options: [
            OptionSpec(
                name: "format", valueName: "FORMAT", kind: .choice(ImportFormat.allCases.map(\.rawValue)), defaultValue: "csv",
                help: "The file format.")
        ]
    )
    static let database = DatabaseUse.reads

    /// The format asked for with `--format`; `nil` when not given (then `--json` chooses JSON).
    var format: ImportFormat?

    init(_ parsed: ParsedCommand) throws {
        format = parsed.isGiven("format") ? parsed.option("format").flatMap(ImportFormat.init(rawValue:)) : nil
    }

    func run(_ session: CommandSession) throws {
        let authors = try session.store().fetch(FetchRequest<Author>.all)
        let records = authors.map { ImportRecord(number: Int($0.id!), name: $0.name, email: $0.email, bio: $0.bio) }
        let format = format ?? (session.console.json ? .json : .csv)
        session.console.prompt(String(decoding: format.write(records), as: UTF8.self))
    }
}
