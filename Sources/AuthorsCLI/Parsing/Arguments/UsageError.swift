/// A command line that does not match the command's spec; the CLI prints it and exits with status 2.
///
/// The description names the exact problem and, where one is close, the intended spelling:
///
/// ```text
/// authors add: unknown option '--nmae'; did you mean '--name'?
/// authors list: invalid integer 'ten' for '--limit N'
/// ```
///
/// Match on ``kind`` to react to a particular problem in code or tests.
struct UsageError: Error, CustomStringConvertible, Equatable, Sendable {
    /// What exactly is wrong with the command line.
    enum Kind: Sendable, Equatable {
        /// No command word was given (only global options, or nothing).
        case missingCommand
        /// The word is not a command (or a subcommand of the group before it); `suggestion` is the closest one.
        case unknownCommand(String, suggestion: String?)
        /// An option the command does not know (`--nmae`), spelled as given; `suggestion` is the closest one with dashes.
        case unknownOption(String, suggestion: String?)
        /// An option that takes a value came last, or was followed by another option (`--name --email x`).
        case missingValue(option: String)
        /// A flag was given a value with `=` (`--json=yes`).
        case unexpectedValue(flag: String, value: String)
        /// A positional argument beyond those the command takes.
        case unexpectedArgument(String)
        /// A required positional argument (named as in usage, e.g. `ID`) is absent.
        case missingArgument(String)
        /// An option (with dashes) that is not repeatable was given more than once.
        case repeatedOption(String)
        /// A required option (with dashes, e.g. `--name`) is absent.
        case missingOption(String)
        /// An integer option got text that is not a decimal integer.
        case invalidInteger(option: String, text: String)
        /// A choice option got a word outside its allowed values.
        case invalidChoice(option: String, text: String, allowed: [String])
    }

    /// The command words the error belongs to (`"books add"`), or the program name when no command was found.
    let command: String
    /// What is wrong.
    let kind: Kind

    /// One line, `"<command>: <problem>"`, naming the offending option, value or argument.
    var description: String {
        "\(command): \(problem)"
    }

    /// The problem in words, without the command prefix.
    var problem: String {
        switch kind {
        case .missingCommand:
            return "missing command; run with --help to list the commands"
        case .unknownCommand(let word, let suggestion):
            return "unknown command '\(word)'" + Self.hint(suggestion)
        case .unknownOption(let option, let suggestion):
            return "unknown option '\(option)'" + Self.hint(suggestion)
        case .missingValue(let option):
            return "missing value for '\(option)'"
        case .unexpectedValue(let flag, let value):
            return "'\(flag)' takes no value, but was given '\(value)'"
        case .unexpectedArgument(let argument):
            return "unexpected extra argument '\(argument)'"
        case .missingArgument(let name):
            return "missing required argument '\(name)'"
        case .repeatedOption(let option):
            return "'\(option)' was given more than once; give it once"
        case .missingOption(let option):
            return "missing required option '\(option)'"
        case .invalidInteger(let option, let text):
            return "invalid integer '\(text)' for '\(option)'"
        case .invalidChoice(let option, let text, let allowed):
            let list = allowed.map { "'\($0)'" }.joined(separator: ", ")
            return "invalid value '\(text)' for '\(option)'; expected one of \(list)"
        }
    }

    /// `"; did you mean 'X'?"` when there is a suggestion, else the empty string.
    ///
    /// - Parameter suggestion: The closest known spelling, if any.
    private static func hint(_ suggestion: String?) -> String {
        suggestion.map { "; did you mean '\($0)'?" } ?? ""
    }
}
