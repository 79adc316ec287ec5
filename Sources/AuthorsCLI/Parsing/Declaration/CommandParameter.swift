/// One parameter of a command-line type, declared once: what the parser, help and completions read
/// (``declaration``), and the property of `Command` a given value lands in, bound by key path.
///
/// ```swift
/// .argument("ID", \.id, help: "The author's id.", parse: AuthorInput.id)
/// .option("format", \.format, valueName: "FORMAT", help: "The file format.")   // choices from the enum
/// .flag("cancel", \.cancel, help: "Show the diff, then discard it.")
/// ```
struct CommandParameter<Command: ParsableArguments> {
    /// What the parameter is, as the parser, help and completions see it.
    enum Declaration {
        /// A positional argument.
        case positional(PositionalSpec)
        /// An option that takes a value.
        case option(OptionSpec)
        /// An option without a value.
        case flag(FlagSpec)
    }

    /// The parameter's declaration.
    let declaration: Declaration
    /// Sets the property from the parsed command line, when the parameter was given.
    let bind: (inout Command, ParsedCommand) throws -> Void

    /// An option that takes a value.
    ///
    /// - Parameters:
    ///   - name: The long name without dashes.
    ///   - keyPath: The property it sets; its initial value is the default help shows (an optional's
    ///     `nil` shows none).
    ///   - valueName: The placeholder in usage (`N`).
    ///   - isRequired: Whether the option must be given (then no default is shown).
    ///   - help: One line for help.
    ///   - defaultDescription: What help says is used when the option is absent, instead of the initial value.
    ///   - completion: What a shell offers for the value (choices come from the value's type).
    ///   - parse: Reads a value the parser accepted, refusing what the type allows but the command
    ///     does not (throwing ``CLIFailure`` (usage)); by default `init(argument:)`.
    static func option<Value: ParameterValue>(
        _ name: String, _ keyPath: WritableKeyPath<Command, Value>, valueName: String, isRequired: Bool = false, help: String,
        defaultDescription: String? = nil, completion: CompletionScript.Values = .none,
        parse: ((String) throws -> Value.Parsed)? = nil
    ) -> Self {
        let shown = isRequired ? nil : defaultDescription ?? Command()[keyPath: keyPath].defaultText
        let spec = OptionSpec(
            name: name, valueName: valueName, kind: Value.Parsed.argumentKind, isRequired: isRequired, defaultValue: shown, help: help,
            completion: completion)
        return Self(declaration: .option(spec)) { command, parsed in
            if let text = parsed.option(name) { command[keyPath: keyPath] = Value(parsed: try read(text, parse)) }
        }
    }

    /// A positional argument: required, unless its property is an optional.
    ///
    /// - Parameters:
    ///   - name: The name in usage and errors (`ID`).
    ///   - keyPath: The property it sets.
    ///   - help: One line for help.
    ///   - completion: What a shell offers for it (choices come from the value's type).
    ///   - parse: Reads the text the parser accepted; by default `init(argument:)`.
    static func argument<Value: ParameterValue>(
        _ name: String, _ keyPath: WritableKeyPath<Command, Value>, help: String, completion: CompletionScript.Values = .none,
        parse: ((String) throws -> Value.Parsed)? = nil
    ) -> Self {
        var choices: [String] = []
        if case .choice(let words) = Value.Parsed.argumentKind { choices = words }
        let spec = PositionalSpec(name: name, isRequired: !Value.isOptional, choices: choices, help: help, completion: completion)
        return Self(declaration: .positional(spec)) { command, parsed in
            if let text = parsed.argument(name) { command[keyPath: keyPath] = Value(parsed: try read(text, parse)) }
        }
    }

    /// A flag: its property is `true` when it is given.
    ///
    /// - Parameters:
    ///   - name: The long name without dashes.
    ///   - keyPath: The property it sets.
    ///   - help: One line for help.
    ///   - waivesRequiredOptions: Whether giving it lifts the command's required options.
    static func flag(_ name: String, _ keyPath: WritableKeyPath<Command, Bool>, help: String, waivesRequiredOptions: Bool = false)
        -> Self
    {
        Self(declaration: .flag(FlagSpec(name: name, help: help, waivesRequiredOptions: waivesRequiredOptions))) { command, parsed in
            if parsed.flag(name) { command[keyPath: keyPath] = true }
        }
    }

    /// `text` read by `parse`, or by `Value(argument:)`.
    /// - Throws: What `parse` throws; ``CLIFailure`` (usage) when `Value` refuses a text the parser passed.
    private static func read<Value: ArgumentValue>(_ text: String, _ parse: ((String) throws -> Value)?) throws -> Value {
        if let parse { return try parse(text) }
        guard let value = Value(argument: text) else { throw CLIFailure.usage("invalid value '\(text)'") }
        return value
    }
}
