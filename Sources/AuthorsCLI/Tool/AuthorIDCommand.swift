/// A command whose only argument is an existing author's `ID` (`show`, `delete`): its spec comes
/// from a path and a summary, and its value is the id, checked before the database is opened.
protocol AuthorIDCommand: AuthorsCommand {
    /// The command's words.
    static var path: [String] { get }
    /// One line for help.
    static var summary: String { get }
    /// The author's id.
    var id: Int64 { get }
    /// Creates the command for an author.
    /// - Parameter id: The author's id.
    init(id: Int64)
}

extension AuthorIDCommand {
    /// The path and summary, with the one positional `ID`.
    static var spec: CommandSpec { CommandSpec(path: path, summary: summary, positionals: [CommandSpec.authorID]) }

    /// Reads `ID` as a positive whole number.
    /// - Throws: ``CLIFailure`` (usage) when it is not one.
    init(_ parsed: ParsedCommand) throws {
        self.init(id: try AuthorInput.id(parsed.argument("ID") ?? ""))
    }
}
