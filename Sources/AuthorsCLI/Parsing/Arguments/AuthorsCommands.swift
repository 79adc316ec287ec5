/// The argument table of the `authors` executable: every command's spec, its groups, and the
/// options accepted anywhere, all made from the declarations of the command types.
///
/// ```swift
/// let parser = CommandLineArguments.authors
/// switch try parser.parse(["list", "--limit", "5", "--json"]) {
/// case .command(let parsed): print(try ListCommand(parsed).limit ?? 0)
/// case .help(let request): print(request.text)
/// case .version: print(AuthorsTool.version)
/// }
/// ```
extension CommandLineArguments {
    /// The parser for `authors`, from the declarations of ``AuthorsTool/commandTypes`` and ``GlobalOptions``.
    static let authors = CommandLineArguments(
        programName: "authors",
        commands: CommandSpec.authorsCommands,
        groups: AuthorsTool.groups,
        globalOptions: GlobalOptions.options,
        globalFlags: GlobalOptions.flags
    )
}

extension CommandSpec {
    /// Every `authors` command's spec, in the order help lists them.
    static var authorsCommands: [CommandSpec] { AuthorsTool.commandTypes.map { $0.spec } }
}

extension CommandParameter {
    /// The positional `ID` of an existing author, read as a positive whole number.
    /// - Parameter keyPath: The property it sets.
    static func authorID(_ keyPath: WritableKeyPath<Command, Int64>) -> Self {
        .argument("ID", keyPath, help: "The author's id.", parse: AuthorInput.id)
    }

    /// `--screen`: fill in the fields in a full-screen form (then `add` needs no `--name` or `--email`).
    /// - Parameter keyPath: The property it sets.
    static func screen(_ keyPath: WritableKeyPath<Command, Bool>) -> Self {
        .flag(
            "screen", keyPath, help: "Edit in a full-screen form (needs a terminal); options given fill it in, none is required.",
            waivesRequiredOptions: true)
    }
}
