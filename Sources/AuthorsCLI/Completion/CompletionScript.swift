/// A shell completion script for a program, generated from its parser's command specs (made from each
/// command's declarations), so that it completes exactly the commands, options and values the parser accepts.
///
/// ```swift
/// print(CompletionScript(parser: .authors).text(for: .bash))
/// ```
///
/// Each script walks the words typed so far, skipping options and the value after an option that
/// takes one, to find the command path (`books add`); then it offers that path's next command words
/// and options, an option's choices (`--format csv|json`), or file names (`--db`, `import FILE`).
struct CompletionScript {
    /// The shells a script can be written for.
    enum Shell: String, CaseIterable, ArgumentValue {
        /// GNU bash (with `complete -F`).
        case bash
        /// zsh (with `compdef`).
        case zsh
        /// fish (with `complete -c`).
        case fish
    }

    /// What a position completes to, besides words.
    enum Values: Sendable, Equatable {
        /// Nothing can be offered (free text such as a name).
        case none
        /// File names.
        case files
        /// One of these words.
        case choices([String])
    }

    /// The parser the script mirrors.
    let parser: CommandLineArguments

    /// The script for `shell`.
    ///
    /// - Parameter shell: The shell that will load it.
    func text(for shell: Shell) -> String {
        switch shell {
        case .bash: bash()
        case .zsh: zsh()
        case .fish: fish()
        }
    }

    /// The program's name, as the shell function names use it.
    var program: String { parser.programName }

    /// Every path a user can type: the root (empty), each group, and each command.
    var paths: [[String]] {
        var result: [[String]] = [[]]
        for command in parser.commands {
            for length in 1...command.path.count where !result.contains(Array(command.path.prefix(length))) {
                result.append(Array(command.path.prefix(length)))
            }
        }
        return result
    }

    /// The command at `path`, if it names a command rather than a group or the root.
    ///
    /// - Parameter path: The command words.
    func command(at path: [String]) -> CommandSpec? {
        parser.commands.first { $0.path == path }
    }

    /// The words offered at `path`: the next command words, then options with their dashes.
    ///
    /// - Parameter path: The command words typed so far.
    func words(at path: [String]) -> [String] {
        let global = (parser.globalOptions.map(\.name) + parser.globalFlags.map(\.name) + ["help"]).map { "--" + $0 }
        guard let command = command(at: path) else {
            return parser.nextWords(after: path) + global + (path.isEmpty ? ["--version"] : [])
        }
        var words = command.positionals.first.map { $0.choices } ?? []
        if command.path == ["help"] { words += parser.nextWords(after: []) }
        return words + (command.options.map(\.name) + command.flags.map(\.name)).map { "--" + $0 } + global
    }

    /// What the command at `path` completes its positional arguments to.
    ///
    /// - Parameter path: The command words.
    func positionalValues(at path: [String]) -> Values {
        command(at: path)?.positionals.first?.completion ?? .none
    }

    /// Every option that takes a value, by spelling with dashes (unique), with what its value completes to.
    var valueOptions: [(spelling: String, values: Values)] {
        var result: [(String, Values)] = []
        for option in parser.globalOptions + parser.commands.flatMap(\.options)
        where !result.contains(where: { $0.0 == "--" + option.name }) {
            result.append(("--" + option.name, option.values))
        }
        return result
    }

    /// `path` as the scripts spell it: `/books/add`, or the empty string for the root.
    ///
    /// - Parameter path: Command words.
    static func key(_ path: [String]) -> String {
        path.map { "/" + $0 }.joined()
    }
}
