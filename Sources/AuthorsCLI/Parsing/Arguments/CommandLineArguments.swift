/// A small hand-written argument parser that reads `argv` the way common command-line tools do.
///
/// - The first words choose the command (`list`, `books add`); global options may come before or after them.
/// - Options take a value as `--name VALUE` or `--name=VALUE`; a value that starts with `-` must use the
///   `=` form (`--bio=-x`), except negative numbers.
/// - Flags take no value (`--cancel`); global options (`--db PATH`, `--json`) are accepted anywhere.
/// - An option given twice is a usage error; a repeated flag is harmless.
/// - `--` ends options: every later word is a positional argument, even `--json`.
/// - `--help` or `-h` before any `--` asks for help about the command or group it follows; it wins over errors.
/// - `--version` before any `--` asks for the program's version.
///
/// ```swift
/// switch try CommandLineArguments.authors.parse(Array(CommandLine.arguments.dropFirst())) {
/// case .command(let parsed): try run(parsed)
/// case .help(let request): print(request.text)
/// }
/// ```
struct CommandLineArguments: Sendable {
    /// The program name used in usage lines and error prefixes (`authors`).
    let programName: String
    /// Every command the program has; no command's path is a prefix of another's.
    let commands: [CommandSpec]
    /// The command groups (`books`): words that lead to several commands, each with a summary for help.
    var groups: [CommandGroupSpec] = []
    /// Options with a value accepted by every command, anywhere on the line.
    let globalOptions: [OptionSpec]
    /// Flags accepted by every command, anywhere on the line.
    let globalFlags: [FlagSpec]

    /// Parses the arguments after the program name.
    ///
    /// - Parameter arguments: The command line without the program name (`CommandLine.arguments.dropFirst()`).
    /// - Returns: The parsed command, a help request when `--help`/`-h` appears before any `--`, or a
    ///   version request for `--version` there.
    /// - Throws: ``UsageError`` for the first problem found, left to right: an unknown command or option,
    ///   a missing or malformed option value, an extra positional argument; then a missing required
    ///   argument or option.
    /// - Complexity: O(*n*) in the number of arguments, times the (small) number of declared options.
    func parse(_ arguments: [String]) throws(UsageError) -> ParseOutcome {
        if let helpIndex = arguments.prefix(while: { $0 != "--" }).firstIndex(where: Self.isHelp) {
            return .help(helpRequest(forLenient: arguments[..<helpIndex]))
        }
        if arguments.prefix(while: { $0 != "--" }).contains("--version") { return .version }
        var state = ParseState()
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let token = arguments[index]
            index += 1
            if !state.optionsEnded, token == "--" {
                state.optionsEnded = true
            } else if !state.optionsEnded, Self.looksLikeOption(token) {
                try readOption(token, from: arguments, at: &index, into: &state)
            } else if let command = state.command {
                guard state.positionals.count < command.positionals.count else {
                    throw UsageError(command: errorPrefix(command), kind: .unexpectedArgument(token))
                }
                let spec = command.positionals[state.positionals.count]
                if !spec.choices.isEmpty, !spec.choices.contains(token) {
                    throw UsageError(
                        command: errorPrefix(command), kind: .invalidChoice(option: spec.name, text: token, allowed: spec.choices))
                }
                state.positionals.append(token)
            } else {
                try chooseCommand(word: token, into: &state)
            }
        }
        return .command(try finish(state))
    }

    /// What the parser has gathered so far.
    private struct ParseState {
        /// The command, once its words have been read.
        var command: CommandSpec?
        /// Command words read so far that name a group (`books`) but not yet a command.
        var groupPath: [String] = []
        /// Positional arguments in order.
        var positionals: [String] = []
        /// Option values by name.
        var options: [String: String] = [:]
        /// Flags given, by name.
        var flags: Set<String> = []
        /// Whether `--` has been seen.
        var optionsEnded = false
    }

    /// Whether `token` asks for help.
    ///
    /// - Parameter token: One command-line word.
    static func isHelp(_ token: String) -> Bool {
        token == "--help" || token == "-h"
    }

    /// Whether `token` is read as an option: it starts with `-`, is longer than `-`, and is not a negative number.
    ///
    /// - Parameter token: One command-line word.
    static func looksLikeOption(_ token: String) -> Bool {
        guard token.hasPrefix("-"), token.count > 1 else { return false }
        return Int(token) == nil
    }

    /// The prefix of error messages for `command`, e.g. `"authors books add"`.
    ///
    /// - Parameter command: The command, or `nil` before one is known.
    func errorPrefix(_ command: CommandSpec?) -> String {
        guard let command else { return programName }
        return "\(programName) \(command.displayName)"
    }

    /// Takes one more command word, completing a command or descending into a group.
    ///
    /// - Parameters:
    ///   - word: The word read.
    ///   - state: The parse state; its `command` or `groupPath` is updated.
    /// - Throws: ``UsageError/Kind/unknownCommand(_:suggestion:)`` when no command starts with these words.
    private func chooseCommand(word: String, into state: inout ParseState) throws(UsageError) {
        let path = state.groupPath + [word]
        if let command = commands.first(where: { $0.path == path }) {
            state.command = command
            return
        }
        if commands.contains(where: { $0.path.starts(with: path) }) {
            state.groupPath = path
            return
        }
        let known = nextWords(after: state.groupPath)
        let prefix = ([programName] + state.groupPath).joined(separator: " ")
        throw UsageError(
            command: prefix,
            kind: .unknownCommand(word, suggestion: Suggestion.closest(to: word, among: known))
        )
    }

    /// The distinct words that can follow `path` in some command's path, in table order.
    ///
    /// - Parameter path: Command words read so far (empty at the start).
    func nextWords(after path: [String]) -> [String] {
        var words: [String] = []
        for command in commands where command.path.count > path.count && command.path.starts(with: path) {
            let word = command.path[path.count]
            if !words.contains(word) { words.append(word) }
        }
        return words
    }

    /// Reads one option or flag token (and its value, if it needs one) into `state`.
    ///
    /// - Parameters:
    ///   - token: The word starting with `-`.
    ///   - arguments: All arguments, to take a separate value from.
    ///   - index: The index after `token`; advanced past a separate value.
    ///   - state: The parse state to record the option in.
    /// - Throws: ``UsageError`` when the option is unknown, lacks a value, has an invalid value, or is a
    ///   flag given a value.
    private func readOption(
        _ token: String,
        from arguments: [String],
        at index: inout Int,
        into state: inout ParseState
    ) throws(UsageError) {
        let prefix = errorPrefix(state.command)
        let (spelled, inlineValue) = Self.split(token)
        let name = spelled.hasPrefix("--") ? String(spelled.dropFirst(2)) : ""
        let options = (state.command?.options ?? []) + globalOptions
        let flags = (state.command?.flags ?? []) + globalFlags
        if let spec = options.first(where: { $0.name == name }) {
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if index < arguments.endIndex, !Self.looksLikeOption(arguments[index]) {
                value = arguments[index]
                index += 1
            } else {
                throw UsageError(command: prefix, kind: .missingValue(option: spelled))
            }
            try Self.check(value, for: spec, spelled: spelled, command: prefix)
            if state.options[name] != nil {
                throw UsageError(command: prefix, kind: .repeatedOption("--" + name))
            }
            state.options[name] = value
        } else if flags.contains(where: { $0.name == name }) {
            if let inlineValue {
                throw UsageError(command: prefix, kind: .unexpectedValue(flag: spelled, value: inlineValue))
            }
            state.flags.insert(name)
        } else {
            let known = (options.map(\.name) + flags.map(\.name) + ["help"]).map { "--" + $0 }
            let suggestion = Suggestion.closest(to: spelled, among: known)
            throw UsageError(command: prefix, kind: .unknownOption(spelled, suggestion: suggestion))
        }
    }

    /// Splits `--name=value` into `("--name", "value")`; other tokens come back whole with no value.
    ///
    /// - Parameter token: An option token.
    static func split(_ token: String) -> (name: String, value: String?) {
        guard token.hasPrefix("--"), let equals = token.firstIndex(of: "=") else { return (token, nil) }
        return (String(token[..<equals]), String(token[token.index(after: equals)...]))
    }

    /// Checks an option value against its kind.
    ///
    /// - Parameters:
    ///   - value: The value given.
    ///   - spec: The option's spec.
    ///   - spelled: The option as the user wrote it, for the message.
    ///   - command: The error prefix.
    /// - Throws: ``UsageError/Kind/invalidInteger(option:text:)`` or
    ///   ``UsageError/Kind/invalidChoice(option:text:allowed:)`` when the value does not fit.
    private static func check(
        _ value: String,
        for spec: OptionSpec,
        spelled: String,
        command: String
    ) throws(UsageError) {
        switch spec.kind {
        case .text:
            return
        case .integer:
            guard Int(value) != nil else {
                throw UsageError(command: command, kind: .invalidInteger(option: spelled, text: value))
            }
        case .choice(let allowed):
            guard allowed.contains(value) else {
                throw UsageError(
                    command: command,
                    kind: .invalidChoice(option: spelled, text: value, allowed: allowed)
                )
            }
        }
    }

    /// Completes a parse: checks that a command was named and its required arguments and options are present.
    ///
    /// - Parameter state: The gathered state.
    /// - Returns: The parsed command.
    /// - Throws: ``UsageError/Kind/missingCommand``, ``UsageError/Kind/missingArgument(_:)`` or
    ///   ``UsageError/Kind/missingOption(_:)``.
    private func finish(_ state: ParseState) throws(UsageError) -> ParsedCommand {
        guard let command = state.command else {
            let prefix = ([programName] + state.groupPath).joined(separator: " ")
            throw UsageError(command: prefix, kind: .missingCommand)
        }
        let prefix = errorPrefix(command)
        if let missing = command.positionals.dropFirst(state.positionals.count).first(where: \.isRequired) {
            throw UsageError(command: prefix, kind: .missingArgument(missing.name))
        }
        let waived = command.flags.contains { $0.waivesRequiredOptions && state.flags.contains($0.name) }
        if !waived, let missing = command.options.first(where: { $0.isRequired && state.options[$0.name] == nil }) {
            throw UsageError(command: prefix, kind: .missingOption("--" + missing.name))
        }
        let names = command.positionals.prefix(state.positionals.count).map(\.name)
        return ParsedCommand(
            path: command.path,
            arguments: Dictionary(uniqueKeysWithValues: zip(names, state.positionals)),
            options: state.options,
            flags: state.flags
        )
    }
}
