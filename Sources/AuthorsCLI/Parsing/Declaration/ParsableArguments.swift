/// A type whose properties are a command line's values, each declared once in ``parameters``: its
/// name, help, default (the property's initial value), completion and the property it fills.
/// The parser's table, help and completion scripts come from these declarations, and the values
/// reach the command as typed properties.
///
/// ```swift
/// struct Count: ParsableArguments {
///     var limit = 20
///     static var parameters: [CommandParameter<Self>] {
///         [.option("limit", \.limit, valueName: "N", help: "At most N.")]
///     }
/// }
/// // `--limit 5` gives Count(limit: 5); help shows "--limit N  At most N. (default: 20)".
/// ```
protocol ParsableArguments {
    /// The values when nothing is given: each property's initial value is its parameter's default.
    init()
    /// Every positional argument, option and flag, in the order usage and help list them.
    static var parameters: [CommandParameter<Self>] { get }
    /// Checks that no single declaration can make, run after every value is set and before the
    /// database is opened; a failure is a usage error (exit 2).
    /// - Throws: ``CLIFailure`` (usage) for values the command cannot take together.
    mutating func validate() throws
}

extension ParsableArguments {
    /// No parameters.
    static var parameters: [CommandParameter<Self>] { [] }

    /// Nothing to check.
    mutating func validate() throws {}

    /// The values of a command line that already matched the declarations: the defaults, each
    /// given value in its property, then ``validate()``.
    /// - Parameter parsed: The parsed command line.
    /// - Throws: ``CLIFailure`` (usage) from a parameter's own reading (a non-positive id) or ``validate()``.
    init(_ parsed: ParsedCommand) throws {
        self.init()
        for parameter in Self.parameters { try parameter.bind(&self, parsed) }
        try validate()
    }

    /// The declared positional arguments, in order.
    static var positionals: [PositionalSpec] {
        parameters.compactMap { if case .positional(let spec) = $0.declaration { spec } else { nil } }
    }

    /// The declared options that take a value.
    static var options: [OptionSpec] {
        parameters.compactMap { if case .option(let spec) = $0.declaration { spec } else { nil } }
    }

    /// The declared flags.
    static var flags: [FlagSpec] {
        parameters.compactMap { if case .flag(let spec) = $0.declaration { spec } else { nil } }
    }
}
