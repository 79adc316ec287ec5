/// The shape of one command's arguments: its name, positional arguments, options that take a value and flags.
///
/// ``CommandLineArguments`` reads `argv` against a table of these, and help and completion scripts are
/// written from them. A command type makes its spec from its declarations (``AuthorsCommand/spec``).
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
    init(path: [String], summary: String, positionals: [PositionalSpec] = [], options: [OptionSpec] = [], flags: [FlagSpec] = []) {
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
}

/// A positional argument of a command, such as `ID` in `show ID`.
struct PositionalSpec: Sendable, Equatable {
    /// The name shown in usage and errors, conventionally upper case (`ID`, `FILE`).
    var name: String
    /// Whether the command fails with ``UsageError/Kind/missingArgument(_:)`` when it is absent.
    var isRequired = true
    /// The words it accepts, when it is one of a fixed set (`bash`, `zsh`, `fish`); empty for any text.
    var choices: [String] = []
    /// One line for help output.
    var help: String
    /// What a shell offers for it besides ``choices`` (file names for a `FILE`).
    var completion = CompletionScript.Values.none
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
    var name: String
    /// The placeholder shown in usage (`N`, `PATH`).
    var valueName: String
    /// Which values are accepted.
    var kind = Kind.text
    /// Whether the command fails with ``UsageError/Kind/missingOption(_:)`` when the option is absent.
    var isRequired = false
    /// What help says is used when the option is absent, if anything.
    var defaultValue: String?
    /// One line for help output.
    var help: String
    /// What a shell offers for a value that is not one of a ``Kind/choice(_:)``.
    var completion = CompletionScript.Values.none

    /// What a shell offers for the value: the choices of a ``Kind/choice(_:)``, else ``completion``.
    var values: CompletionScript.Values {
        if case .choice(let allowed) = kind { .choices(allowed) } else { completion }
    }
}

/// An option without a value, such as `--cancel`.
struct FlagSpec: Sendable, Equatable {
    /// The long name without dashes (`cancel` for `--cancel`).
    var name: String
    /// One line for help output.
    var help: String
    /// Whether giving the flag lifts the command's required options (they are asked for instead).
    var waivesRequiredOptions = false
}
