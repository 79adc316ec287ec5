/// One command of `authors`, shaped the way swift-argument-parser users write theirs: the type
/// names itself (``path``, ``summary``), declares each argument, option and flag once as a typed
/// property bound in ``ParsableArguments/parameters`` (help, completions and parsing come from
/// those declarations), and does its work with the property values (``run(_:)``).
///
/// A new command is one file with one such type, listed in ``AuthorsTool/commandTypes``:
///
/// ```swift
/// struct CountCommand: AuthorsCommand {
///     static let path = ["count"]
///     static let summary = "Count the authors."
///     static let database = DatabaseUse.reads
///     var limit: Int?
///     static var parameters: [CommandParameter<Self>] {
///         [.option("limit", \.limit, valueName: "N", help: "Count at most N.")]
///     }
///     func run(_ session: CommandSession) throws {
///         session.console.print(String(try session.store().fetch(FetchRequest<Author>.all.limit(limit)).count))
///     }
/// }
/// ```
protocol AuthorsCommand: ParsableArguments, Sendable {
    /// The command's words (`["books", "add"]`).
    static var path: [String] { get }
    /// One line saying what the command does, shown in help and completions.
    static var summary: String { get }
    /// Whether the command opens the database, and whether a missing file is created or refused.
    static var database: DatabaseUse { get }
    /// Does the command's work.
    /// - Parameter session: The console, the database path and the store.
    /// - Throws: ``CLIFailure`` or a library error; the tool maps it to an exit code.
    func run(_ session: CommandSession) throws
}

extension AuthorsCommand {
    /// The command's shape for the parser, help and completions, made from its declarations.
    static var spec: CommandSpec {
        CommandSpec(path: path, summary: summary, positionals: positionals, options: options, flags: flags)
    }
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
