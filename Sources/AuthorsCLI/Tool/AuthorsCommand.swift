/// One command of `authors`, written the way swift-argument-parser users write theirs: the type
/// declares its name, arguments, options and help (``spec``), reads its typed values from the
/// parsed command line (``init(_:)``), and does its work (``run(_:)``).
///
/// A new command is one file with one such type, listed in ``AuthorsTool/commandTypes``:
///
/// ```swift
/// struct CountCommand: AuthorsCommand {
///     static let spec = CommandSpec(path: ["count"], summary: "Count the authors.")
///     static let database = DatabaseUse.reads
///     init(_ parsed: ParsedCommand) throws {}
///     func run(_ session: CommandSession) throws {
///         session.console.print(String(try session.store().fetch(FetchRequest<Author>.all).count))
///     }
/// }
/// ```
protocol AuthorsCommand: Sendable {
    /// The command's words, summary, positional arguments, options and flags; help and completions come from it.
    static var spec: CommandSpec { get }
    /// Whether the command opens the database, and whether a missing file is created or refused.
    static var database: DatabaseUse { get }
    /// Reads the command's values from a command line that already matched ``spec``.
    ///
    /// Checks that the parser cannot make (an id that is not positive) belong here, so they fail
    /// before the database is opened.
    /// - Parameter parsed: The parsed command line.
    /// - Throws: ``CLIFailure`` (usage) for a value the command cannot take.
    init(_ parsed: ParsedCommand) throws
    /// Does the command's work.
    /// - Parameter session: The console, the database path and the store.
    /// - Throws: ``CLIFailure`` or a library error; the tool maps it to an exit code.
    func run(_ session: CommandSession) throws
}

/// How a command uses the database file.
enum DatabaseUse: Sendable {
    /// It does not open the database given by `--db` (`help`, `completions`, `demo`).
    case none
    /// It only reads: a file that does not exist is an error (exit 3), and none is created.
    case reads
    /// It writes: a file that does not exist is created and migrated.
    case writes
}
