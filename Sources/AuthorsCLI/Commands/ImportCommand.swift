/// `authors import FILE [--on-duplicate skip|update|fail] [--each] [--verbose]`: authors from a CSV
/// or JSON file (``Importer``).
struct ImportCommand: AuthorsCommand {
    static let spec = CommandSpec(
        path: ["import"],
        summary: "Import authors from a CSV (with a header row) or JSON file, told apart by its content.",
        positionals: [PositionalSpec(name: "FILE", help: "The file to read; - (or a pipe, /dev/stdin) for standard input.")],
        options: [
            OptionSpec(
                name: "on-duplicate", valueName: "POLICY", kind: .choice(Importer.DuplicatePolicy.allCases.map(\.rawValue)),
                defaultValue: "fail", help: "What to do with an e-mail already present.")
        ],
        flags: [
            FlagSpec(name: "each", help: "Save every valid row, judging each on its own, instead of all or nothing."),
            FlagSpec(name: "verbose", help: "List every rejected row (otherwise the first \(Importer.shownRejections) and a count)."),
        ]
    )
    static let database = DatabaseUse.writes

    /// The file to read.
    var file: String
    /// What to do with an e-mail already present.
    var policy: Importer.DuplicatePolicy
    /// Whether to save row by row.
    var each: Bool
    /// Whether to list every rejected row.
    var verbose: Bool

    init(_ parsed: ParsedCommand) throws {
        file = parsed.argument("FILE") ?? ""
        policy = parsed.option("on-duplicate").flatMap(Importer.DuplicatePolicy.init(rawValue:)) ?? .fail
        each = parsed.flag("each")
        verbose = parsed.flag("verbose")
    }

    /// Opens and reads the start of the file before the database: a file that is missing or
    /// malformed at its start creates no database.
    func run(_ session: CommandSession) throws {
        let (records, format) = try Importer.open(file)
        try Importer(store: session.store(), console: session.console, options: self).run(records, format: format)
    }
}
