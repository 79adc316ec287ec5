/// The options every `authors` command accepts, anywhere on the line, declared once like a
/// command's; given twice, an option is a usage error.
struct GlobalOptions: ParsableArguments {
    /// `--db PATH`: the database file, if given.
    var db: String?
    /// `--json`: write results and errors as JSON.
    var json = false

    static var parameters: [CommandParameter<Self>] {
        [
            .option(
                "db", \.db, valueName: "PATH", help: "The database file (default: $DRAFTSTORE_DB, else authors.sqlite here).",
                completion: .files),
            .flag("json", \.json, help: "Write results and errors as JSON."),
        ]
    }
}
