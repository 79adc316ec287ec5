/// `authors help [COMMAND [SUBCOMMAND]]`: the same text as `authors COMMAND --help`.
struct HelpCommand: AuthorsCommand {
    static let path = ["help"]
    static let summary = "Show help for a command or group (the same as 'authors COMMAND --help')."
    static let database = DatabaseUse.none

    /// The command or group, if given.
    var command: String?
    /// The command within the group, if given.
    var subcommand: String?

    static var parameters: [CommandParameter<Self>] {
        [
            .argument("COMMAND", \.command, help: "The command or group; omit for the overview."),
            .argument("SUBCOMMAND", \.subcommand, help: "The command within the group (books add)."),
        ]
    }

    /// The words naming the topic; empty for the overview.
    var topic: [String] { [command, subcommand].compactMap { $0 } }

    func run(_ session: CommandSession) throws {
        do {
            session.console.print(try CommandLineArguments.authors.helpRequest(forTopic: topic).text)
        } catch {
            throw CLIFailure.usage(error.problem)
        }
    }
}
