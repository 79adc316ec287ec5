/// `authors import FILE [--on-duplicate skip|update|fail] [--each] [--verbose]`: authors from a CSV
/// or JSON file (``Importer``).
struct ImportCommand: AuthorsCommand {
    static let path = ["import"]
    static let summary = "Import authors from a CSV (with a header row) or JSON file, told apart by its content."
    static let database = DatabaseUse.writes

    /// The file to read.
    var file = ""
    /// What to do with an e-mail already present.
    var policy = Importer.DuplicatePolicy.fail
    /// Whether to save row by row.
    var each = false
    /// Whether to list every rejected row.
    var verbose = false

    static var parameters: [CommandParameter<Self>] {
        [
            .argument("FILE", \.file, help: "The file to read; - (or a pipe, /dev/stdin) for standard input.", completion: .files),
            .option("on-duplicate", \.policy, valueName: "POLICY", help: "What to do with an e-mail already present."),
            .flag("each", \.each, help: "Save every valid row, judging each on its own, instead of all or nothing."),
            .flag("verbose", \.verbose, help: "List every rejected row (otherwise the first \(Importer.shownRejections) and a count)."),
        ]
    }

    /// Opens and reads the start of the file before the database: a file that is missing or
    /// malformed at its start creates no database.
    func run(_ session: CommandSession) throws {
        let (records, format) = try Importer.open(file)
        try Importer(store: session.store(), console: session.console, options: self).run(records, format: format)
    }
}
