/// What ``CommandLineArguments/parse(_:)`` found: a command to run, or a request for help.
enum ParseOutcome: Sendable, Equatable {
    /// A complete, valid command line.
    case command(ParsedCommand)
    /// `--help` or `-h` was given (before any `--`); print ``HelpRequest/text`` and exit 0.
    case help(HelpRequest)
    /// `--version` was given (before any `--`, without `--help`); print the version and exit 0.
    case version
}

/// A request for help about one command, or about a group or the whole program when ``command`` is `nil`.
struct HelpRequest: Sendable, Equatable {
    /// The command help was asked for, or `nil` for a group or the program's overview.
    let command: CommandSpec?
    /// The help text, ready to print: usage line, arguments, options and flags.
    let text: String
}

/// A command line that matched a command's spec, with every value already checked: the texts by
/// name, from which each command type's declarations (``CommandParameter``) fill its typed properties.
///
/// Integer options hold text that `Int(_:)` accepts and choice options hold one of their allowed words.
///
/// ```swift
/// // authors --db a.sqlite edit 7 --name "Ann Lee" --cancel
/// parsed.path                 // ["edit"]
/// parsed.argument("ID")       // "7"
/// parsed.option("name")       // "Ann Lee"
/// parsed.flag("cancel")       // true
/// parsed.option("db")         // "a.sqlite"
/// ```
struct ParsedCommand: Sendable, Equatable {
    /// The command words (`["books", "add"]`).
    let path: [String]
    /// Positional arguments by their spec name (`"ID"`); optional ones that were not given are absent.
    let arguments: [String: String]
    /// Option values given, by name without dashes, global ones included.
    let options: [String: String]
    /// Names (without dashes) of the flags given, global ones included.
    let flags: Set<String>

    /// The positional argument called `name` (e.g. `"ID"`), or `nil` if it was optional and not given.
    ///
    /// - Parameter name: The positional's spec name.
    func argument(_ name: String) -> String? {
        arguments[name]
    }

    /// The value given for option `name` (without dashes), or `nil` when it was not given.
    ///
    /// - Parameter name: The option's long name, e.g. `"limit"` or `"db"`.
    func option(_ name: String) -> String? {
        options[name]
    }

    /// Whether flag `name` (without dashes) was given.
    ///
    /// - Parameter name: The flag's long name, e.g. `"cancel"` or `"json"`.
    func flag(_ name: String) -> Bool {
        flags.contains(name)
    }
}
