import Bookshelf
import DraftStore
import Foundation

/// The `authors` command-line tool: add, edit, cancel and save authors of a Bookshelf
/// database, each change going through a `PresentedItem` and its child context.
///
/// Exit codes: 0 success; 1 input refused (validation, conflict, duplicate; nothing of it
/// written); 2 usage error; 3 storage failure (unreadable, not a database, newer schema,
/// disk or lock problems).
public enum AuthorsTool {
    /// Runs the tool with the process's standard streams.
    /// - Parameter arguments: The command line without the program name.
    /// - Returns: The exit code.
    public static func run(_ arguments: [String]) -> Int32 {
        run(arguments, console: .standard(), environment: ProcessInfo.processInfo.environment)
    }

    static func run(_ arguments: [String], console: Console, environment: [String: String]) -> Int32 {
        console.json = arguments.prefix { $0 != "--" }.contains("--json")
        let parsed: ParsedCommand
        do {
            switch try CommandLineArguments.authors.parse(arguments) {
            case let .help(request):
                console.print(request.text)
                return 0
            case let .command(command): parsed = command
            }
        } catch {
            CLIFailure.usage(error.description).report(to: console)
            return 2
        }
        do {
            try dispatch(parsed, console: console, environment: environment)
            return 0
        } catch is ImportRefused {
            return 1
        } catch {
            let failure = CLIFailure.from(error)
            failure.report(to: console)
            return failure.exitCode
        }
    }

    static func dispatch(_ command: ParsedCommand, console: Console, environment: [String: String]) throws {
        if let id = command.argument("ID"), (Int64(id) ?? 0) <= 0 {
            // Checked before the database is opened: a usage error creates no file.
            throw CLIFailure.usage("authors \(command.path.joined(separator: " ")): ID must be a positive whole number, not '\(id)'")
        }
        if command.flag("screen") { try ScreenSession.requireTerminal(command.path.joined(separator: " ")) }
        let path = command.option("db") ?? environment["DRAFTSTORE_DB"] ?? "authors.sqlite"
        if path.isEmpty { throw CLIFailure.usage("authors: --db (or $DRAFTSTORE_DB) must name a file, not be empty") }
        if command.path == ["demo"] {
            try Demo(console: console, path: command.option("db")).run()
            return
        }
        let store = try openStore(path)
        defer { store.close() }
        let commands = Commands(store: store, console: console)
        switch command.path {
        case ["add"]: try commands.add(command)
        case ["edit"]: try commands.edit(command)
        case ["delete"]: try commands.delete(command)
        case ["show"]: try commands.show(command)
        case ["list"]: try commands.list(command)
        case ["books", "add"]: try commands.addBook(command)
        case ["form"]: try FormSession(store: store, console: console, id: try command.argument("ID").map(Commands.parseID)).run()
        case ["import"]: try Importer(store: store, console: console, command: command).run()
        case ["export"]: try commands.export(command)
        default: throw CLIFailure.usage("unknown command \(command.path.joined(separator: " "))")
        }
    }
}
