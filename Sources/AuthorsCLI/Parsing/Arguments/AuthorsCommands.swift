/// The argument table of the `authors` executable: every command's spec, its groups, and the
/// options accepted anywhere.
///
/// ```swift
/// let parser = CommandLineArguments.authors
/// switch try parser.parse(["list", "--limit", "5", "--json"]) {
/// case .command(let parsed): print(parsed.path, parsed.integer("limit") ?? 20)
/// case .help(let request): print(request.text)
/// case .version: print(AuthorsTool.version)
/// }
/// ```
extension CommandLineArguments {
    /// The parser for `authors`, from the specs of ``AuthorsTool/commandTypes``.
    static let authors = CommandLineArguments(
        programName: "authors",
        commands: CommandSpec.authorsCommands,
        groups: AuthorsTool.groups,
        globalOptions: CommandSpec.authorsGlobalOptions,
        globalFlags: CommandSpec.authorsGlobalFlags
    )
}

extension CommandSpec {
    /// Every `authors` command's spec, in the order help lists them.
    static var authorsCommands: [CommandSpec] { AuthorsTool.commandTypes.map { $0.spec } }

    /// Options every `authors` command accepts, anywhere on the line; given twice, a usage error.
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

    /// The positional `ID` of an existing author.
    static let authorID = PositionalSpec(name: "ID", help: "The author's id.")

    /// `--name`, `--email` and `--bio`, the editable fields of an author.
    ///
    /// - Parameters:
    ///   - verb: The word that starts each help line ("The", "New").
    ///   - required: Whether `--name` and `--email` must be given (as for `add`).
    /// `--screen`: fill in the fields in a full-screen form (then `add` needs no `--name` or `--email`).
    static let screenFlag = FlagSpec(
        name: "screen", help: "Edit in a full-screen form (needs a terminal); options given fill it in, none is required.",
        waivesRequiredOptions: true)

    static func authorFieldOptions(_ verb: String, required: Bool) -> [OptionSpec] {
        [
            OptionSpec(name: "name", valueName: "NAME", isRequired: required, help: "\(verb) name."),
            OptionSpec(name: "email", valueName: "EMAIL", isRequired: required, help: "\(verb) e-mail address."),
            OptionSpec(name: "bio", valueName: "BIO", help: "\(verb) biography (empty or blank: none)."),
        ]
    }
}
