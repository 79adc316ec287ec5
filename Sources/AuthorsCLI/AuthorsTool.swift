import Foundation

/// The `authors` command-line tool: add, edit, cancel and save authors of a Bookshelf
/// database, each change going through a `PresentedItem` and its child context.
///
/// Exit codes: 0 success; 1 input refused (validation, conflict, duplicate; nothing of it
/// written); 2 usage error; 3 storage failure (no such database for a reading command,
/// unreadable, not a database, newer schema, disk or lock problems).
public enum AuthorsTool {
    /// The version `authors --version` prints.
    public static let version = "1.1.0"

    /// Every command, in the order help lists them; a new command is a type added here, and its
    /// declarations make its part of the parser, help and completions.
    static let commandTypes: [any AuthorsCommand.Type] = [
        DemoCommand.self, AddCommand.self, EditCommand.self, DeleteCommand.self, ShowCommand.self, ListCommand.self,
        BooksAddCommand.self, FormCommand.self, ImportCommand.self, ExportCommand.self, ChangesExportCommand.self,
        ChangesApplyCommand.self, HelpCommand.self, CompletionsCommand.self,
    ]

    /// The command groups, with the summaries their help shows.
    static let groups = [
        CommandGroupSpec(path: ["books"], summary: "Work with an author's books."),
        CommandGroupSpec(path: ["changes"], summary: "Keep two copies of the database in step with SQLite changesets."),
    ]

    /// Runs the tool with the process's standard streams.
    /// - Parameter arguments: The command line without the program name.
    /// - Returns: The exit code.
    public static func run(_ arguments: [String]) -> Int32 {
        run(arguments, console: .standard(), environment: ProcessInfo.processInfo.environment)
    }

    /// Runs the tool with the given streams and environment.
    /// - Parameters:
    ///   - arguments: The command line without the program name.
    ///   - console: The streams.
    ///   - environment: The environment (`DRAFTSTORE_DB`).
    /// - Returns: The exit code.
    static func run(_ arguments: [String], console: Console, environment: [String: String]) -> Int32 {
        defer { console.flush() }
        console.json = arguments.prefix { $0 != "--" }.contains("--json")
        let parsed: ParsedCommand
        do {
            switch try CommandLineArguments.authors.parse(arguments) {
            case let .help(request):
                console.print(request.text)
                return 0
            case .version:
                console.print(console.json ? "{\"version\":\"\(version)\"}" : "authors \(version)")
                return 0
            case let .command(command): parsed = command
            }
        } catch {
            CLIFailure.usage(error.problem).report(to: console, command: error.command)
            return 2
        }
        let name = (["authors"] + parsed.path).joined(separator: " ")
        guard let type = commandTypes.first(where: { $0.spec.path == parsed.path }) else {
            CLIFailure.usage("unknown command").report(to: console, command: name)
            return 2
        }
        do {
            let command = try type.init(parsed)
            let session = try CommandSession(GlobalOptions(parsed), use: type.database, console: console, environment: environment)
            defer { session.finish() }
            try command.run(session)
            return 0
        } catch is ImportRefused {
            return 1
        } catch {
            let failure = CLIFailure.from(error)
            failure.report(to: console, command: name)
            return failure.exitCode
        }
    }
}
