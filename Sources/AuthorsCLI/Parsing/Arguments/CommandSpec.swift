/// The shape of one command's arguments: its name, positional arguments, options that take a value and flags.
///
/// ``CommandLineArguments`` reads `argv` against a table of these. A spec is plain data, so the table of
/// the `authors` commands (``CommandSpec/authors``) can be read, tested and turned into help text.
///
/// ```swift
/// let list = CommandSpec(
///     path: ["list"],
///     summary: "List authors.",
///     options: [.init(name: "limit", valueName: "N", kind: .integer, help: "At most N authors.")]
/// )
/// ```
struct CommandSpec: Sendable, Equatable {
    /// The words that name the command, e.g. `["list"]` or `["books", "add"]`.
    let path: [String]
    /// One line saying what the command does, shown in help.
    let summary: String
    /// Positional arguments in order; required ones come before optional ones.
    let positionals: [PositionalSpec]
    /// Options that take a value (`--name N` or `--name=N`).
    let options: [OptionSpec]
    /// Options that take no value (`--cancel`).
    let flags: [FlagSpec]

    /// Creates a command spec.
    ///
    /// - Parameters:
    ///   - path: The words naming the command (`["books", "add"]`).
    ///   - summary: One line for help output.
    ///   - positionals: Positional arguments in order; every required one must precede every optional one.
    ///   - options: Options that take a value.
    ///   - flags: Options without a value.
    init(
        path: [String],
        summary: String,
        positionals: [PositionalSpec] = [],
        options: [OptionSpec] = [],
        flags: [FlagSpec] = []
    ) {
        precondition(!path.isEmpty, "a command has at least one word")
        precondition(
            !positionals.drop(while: \.isRequired).contains(where: \.isRequired),
            "required positional arguments come before optional ones"
        )
        self.path = path
        self.summary = summary
        self.positionals = positionals
        self.options = options
        self.flags = flags
    }

    /// The command's words joined by spaces, e.g. `"books add"`.
    var displayName: String { path.joined(separator: " ") }

    /// The option spec called `name` (without dashes), or `nil` if the command has none by that name.
    ///
    /// - Parameter name: The option's long name without `--`.
    func option(named name: String) -> OptionSpec? {
        options.first { $0.name == name }
    }

    /// The flag spec called `name` (without dashes), or `nil` if the command has none by that name.
    ///
    /// - Parameter name: The flag's long name without `--`.
    func flag(named name: String) -> FlagSpec? {
        flags.first { $0.name == name }
    }
}

/// A positional argument of a command, such as `ID` in `show ID`.
struct PositionalSpec: Sendable, Equatable {
    /// The name shown in usage and errors, conventionally upper case (`ID`, `FILE`).
    let name: String
    /// Whether the command fails with ``UsageError/Kind/missingArgument(_:)`` when it is absent.
    let isRequired: Bool
    /// The words it accepts, when it is one of a fixed set (`bash`, `zsh`, `fish`); empty for any text.
    let choices: [String]
    /// One line for help output.
    let help: String
    /// What a shell offers for it besides ``choices`` (file names for a `FILE`).
    let completion: CompletionScript.Values

    /// Creates a positional argument spec.
    ///
    /// - Parameters:
    ///   - name: The name shown in usage and errors (`ID`).
    ///   - isRequired: Whether the argument must be given; defaults to `true`.
    ///   - choices: The words it accepts, checked while parsing; empty (the default) for any text.
    ///   - help: One line for help output.
    ///   - completion: What a shell offers for it; nothing by default.
    init(name: String, isRequired: Bool = true, choices: [String] = [], help: String, completion: CompletionScript.Values = .none) {
        self.name = name
        self.isRequired = isRequired
        self.choices = choices
        self.help = help
        self.completion = completion
    }
}

/// An option that takes a value, such as `--limit N`.
struct OptionSpec: Sendable, Equatable {
    /// What values an option accepts; checked while parsing so callers get clean values.
    enum Kind: Sendable, Equatable {
        /// Any text.
        case text
        /// A decimal integer that `Int(_:)` accepts (an optional sign, then digits).
        case integer
        /// One of a fixed set of words, e.g. `skip`, `update`, `fail`.
        case choice([String])
    }

    /// The long name without dashes (`limit` for `--limit`).
    let name: String
    /// The placeholder shown in usage (`N`, `PATH`).
    let valueName: String
    /// Which values are accepted.
    let kind: Kind
    /// Whether the command fails with ``UsageError/Kind/missingOption(_:)`` when the option is absent.
    let isRequired: Bool
    /// The value used when the option is not given, if any; shown in help.
    let defaultValue: String?
    /// Whether the option may be given more than once (each value is kept); otherwise twice is a usage error.
    let isRepeatable: Bool
    /// One line for help output.
    let help: String
    /// What a shell offers for the value: the choices of a ``Kind/choice(_:)``, else as declared.
    let completion: CompletionScript.Values

    /// Creates an option spec.
    ///
    /// - Parameters:
    ///   - name: The long name without dashes.
    ///   - valueName: The placeholder shown in usage.
    ///   - kind: Which values are accepted; defaults to any text.
    ///   - isRequired: Whether the option must be given; defaults to `false`.
    ///   - defaultValue: The value when the option is absent; `nil` means "absent stays absent".
    ///   - isRepeatable: Whether it may be given more than once; defaults to `false`.
    ///   - help: One line for help output.
    ///   - completion: What a shell offers for a value that is not a choice; nothing by default.
    init(
        name: String,
        valueName: String,
        kind: Kind = .text,
        isRequired: Bool = false,
        defaultValue: String? = nil,
        isRepeatable: Bool = false,
        help: String,
        completion: CompletionScript.Values = .none
    ) {
        self.isRepeatable = isRepeatable
        self.name = name
        self.valueName = valueName
        self.kind = kind
        self.isRequired = isRequired
        self.defaultValue = defaultValue
        self.help = help
        if case .choice(let allowed) = kind { self.completion = .choices(allowed) } else { self.completion = completion }
    }
}

/// An option without a value, such as `--cancel`.
struct FlagSpec: Sendable, Equatable {
    /// The long name without dashes (`cancel` for `--cancel`).
    let name: String
    /// One line for help output.
    let help: String
    /// Whether giving the flag lifts the command's required options (they are asked for instead).
    let waivesRequiredOptions: Bool

    /// Creates a flag spec.
    ///
    /// - Parameters:
    ///   - name: The long name without dashes.
    ///   - help: One line for help output.
    ///   - waivesRequiredOptions: Whether the flag lifts the command's required options.
    init(name: String, help: String, waivesRequiredOptions: Bool = false) {
        self.name = name
        self.help = help
        self.waivesRequiredOptions = waivesRequiredOptions
    }
}
