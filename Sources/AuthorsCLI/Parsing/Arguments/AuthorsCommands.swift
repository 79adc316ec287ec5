/// The argument table of the `authors` executable: every command, and the options accepted anywhere.
///
/// ```swift
/// let parser = CommandLineArguments.authors
/// switch try parser.parse(["list", "--limit", "5", "--json"]) {
/// case .command(let parsed): print(parsed.path, parsed.integer("limit") ?? 20)
/// case .help(let request): print(request.text)
/// }
/// ```
extension CommandLineArguments {
    /// The parser for `authors`, with ``CommandSpec/authorsCommands`` and ``CommandSpec/authorsGlobalOptions``.
    static let authors = CommandLineArguments(
        programName: "authors",
        commands: CommandSpec.authorsCommands,
        globalOptions: CommandSpec.authorsGlobalOptions,
        globalFlags: CommandSpec.authorsGlobalFlags
    )
}

extension CommandSpec {
    /// Options every `authors` command accepts, anywhere on the line; given twice, the last one wins.
    static let authorsGlobalOptions: [OptionSpec] = [
        OptionSpec(
            name: "db",
            valueName: "PATH",
            help: "The database file (default: $DRAFTSTORE_DB, else authors.sqlite here)."
        )
    ]

    /// Flags every `authors` command accepts, anywhere on the line.
    static let authorsGlobalFlags: [FlagSpec] = [
        FlagSpec(name: "json", help: "Write results and errors as JSON.")
    ]

    /// Values `import --on-duplicate` accepts.
    static let duplicatePolicies = ["skip", "update", "fail"]

    /// Values `export --format` accepts.
    static let exportFormats = ["csv", "json"]

    /// The positional `ID` of an existing author.
    private static let authorID = PositionalSpec(name: "ID", help: "The author's id.")

    /// `--name`, `--email` and `--bio`, the editable fields of an author.
    ///
    /// - Parameters:
    ///   - verb: The word that starts each help line ("The", "New").
    ///   - required: Whether `--name` and `--email` must be given (as for `add`).
    private static func fieldOptions(_ verb: String, required: Bool) -> [OptionSpec] {
        [
            OptionSpec(name: "name", valueName: "NAME", isRequired: required, help: "\(verb) name."),
            OptionSpec(name: "email", valueName: "EMAIL", isRequired: required, help: "\(verb) e-mail address."),
            OptionSpec(name: "bio", valueName: "BIO", help: "\(verb) biography."),
        ]
    }

    /// `--screen`: fill in the fields in a full-screen form (then `add` needs no `--name` or `--email`).
    private static let screenFlag = FlagSpec(
        name: "screen", help: "Edit in a full-screen form (needs a terminal); options given fill it in, none is required.",
        waivesRequiredOptions: true)

    /// Every `authors` command, in the order help lists them.
    static let authorsCommands: [CommandSpec] = [
        CommandSpec(path: ["demo"], summary: "Walk through add, edit, cancel, save and a conflict."),
        CommandSpec(path: ["add"], summary: "Add an author.", options: fieldOptions("The", required: true), flags: [screenFlag]),
        CommandSpec(
            path: ["edit"],
            summary: "Change an author's fields and save, or show the change and discard it.",
            positionals: [authorID],
            options: fieldOptions("New", required: false),
            flags: [FlagSpec(name: "cancel", help: "Show the diff that would be saved, then discard it."), screenFlag]
        ),
        CommandSpec(path: ["delete"], summary: "Delete an author.", positionals: [authorID]),
        CommandSpec(path: ["show"], summary: "Show an author and their books.", positionals: [authorID]),
        CommandSpec(
            path: ["list"],
            summary: "List authors.",
            options: [
                OptionSpec(name: "limit", valueName: "N", kind: .integer, help: "Show at most N authors."),
                OptionSpec(name: "search", valueName: "TEXT", help: "Only authors whose name or e-mail contains TEXT."),
            ]
        ),
        CommandSpec(
            path: ["books", "add"],
            summary: "Add a book to an author.",
            positionals: [authorID],
            options: [
                OptionSpec(name: "title", valueName: "TITLE", isRequired: true, help: "The book's title."),
                OptionSpec(name: "year", valueName: "YEAR", kind: .integer, help: "The year it was published (1450 to next year)."),
            ]
        ),
        CommandSpec(
            path: ["form"],
            summary: "Fill in a new or existing author interactively, line by line.",
            positionals: [PositionalSpec(name: "ID", isRequired: false, help: "The author to edit; omit for a new one.")]
        ),
        CommandSpec(
            path: ["import"],
            summary: "Import authors from a CSV (with a header row) or JSON array file.",
            positionals: [PositionalSpec(name: "FILE", help: "The file to read.")],
            options: [
                OptionSpec(
                    name: "on-duplicate",
                    valueName: "POLICY",
                    kind: .choice(duplicatePolicies),
                    defaultValue: "fail",
                    help: "What to do with an e-mail already present."
                )
            ],
            flags: [FlagSpec(name: "each", help: "Save row by row instead of all or nothing.")]
        ),
        CommandSpec(
            path: ["export"],
            summary: "Write every author to standard output, in a form import reads back.",
            options: [
                OptionSpec(
                    name: "format",
                    valueName: "FORMAT",
                    kind: .choice(exportFormats),
                    defaultValue: "csv",
                    help: "The file format."
                )
            ]
        ),
    ]
}
