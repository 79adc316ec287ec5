/// `authors help [COMMAND [SUBCOMMAND]]`: the same text as `authors COMMAND --help`.
struct HelpCommand: AuthorsCommand {
    static let spec = CommandSpec(
        path: ["help"],
        summary: "Show help for a command or group (the same as 'authors COMMAND --help').",
        positionals: [
            PositionalSpec(name: "COMMAND", isRequired: false, help: "The command or group; omit for the overview."),
            PositionalSpec(name: "SUBCOMMAND", isRequired: false, help: "The command within the group (books add)."),
        ]
    )
    static let database = DatabaseUse.none

    /// The words naming the topic; empty for the overview.
    var topic: [String]

    init(_ parsed: ParsedCommand) throws {
        topic = [parsed.argument("COMMAND"), parsed.argument("SUBCOMMAND")].compactMap { $0 }
    }

    func run(_ session: CommandSession) throws {
        do {
            session.console.print(try CommandLineArguments.authors.helpRequest(forTopic: topic).text)
        } catch {
            throw CLIFailure.usage(error.problem)
        }
    }
}
