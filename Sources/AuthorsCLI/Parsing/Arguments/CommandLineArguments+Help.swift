/// Help text: the program overview and each command's usage, arguments, options and flags.
extension CommandLineArguments {
    /// The help for the command or group that the words before `--help` name, ignoring what does not fit.
    ///
    /// Global options and their values are skipped; the first words that form a command's path choose it,
    /// and words that stop at a group (`books`) choose the group. An unknown first word yields the overview.
    ///
    /// - Parameter arguments: The arguments before the help flag.
    func helpRequest(forLenient arguments: ArraySlice<String>) -> HelpRequest {
        var path: [String] = []
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let token = arguments[index]
            index += 1
            if Self.looksLikeOption(token) {
                let (spelled, inlineValue) = Self.split(token)
                let takesValue = globalOptions.contains { "--" + $0.name == spelled }
                if takesValue, inlineValue == nil { index += 1 }
                continue
            }
            guard commands.contains(where: { $0.path.starts(with: path + [token]) }) else { break }
            path.append(token)
            if let command = commands.first(where: { $0.path == path }) { return helpRequest(for: command) }
        }
        return helpRequest(forGroup: path)
    }

    /// The help for exactly the command or group `words` name (`help books add`).
    ///
    /// - Parameter words: The command or group words; empty for the program overview.
    /// - Throws: ``UsageError/Kind/unknownCommand(_:suggestion:)`` for a word that names neither.
    func helpRequest(forTopic words: [String]) throws(UsageError) -> HelpRequest {
        var path: [String] = []
        for word in words {
            guard commands.contains(where: { $0.path.starts(with: path + [word]) }) else {
                let known = nextWords(after: path)
                throw UsageError(
                    command: ([programName, "help"] + path).joined(separator: " "),
                    kind: .unknownCommand(word, suggestion: Suggestion.closest(to: word, among: known)))
            }
            path.append(word)
        }
        if let command = commands.first(where: { $0.path == path }) { return helpRequest(for: command) }
        return helpRequest(forGroup: path)
    }

    /// A help request for `command`.
    ///
    /// - Parameter command: The command to describe.
    func helpRequest(for command: CommandSpec) -> HelpRequest {
        HelpRequest(command: command, text: helpText(for: command))
    }

    /// A help request for the group `path` names, or for the whole program when it is empty.
    ///
    /// - Parameter path: A group's words, or none.
    func helpRequest(forGroup path: [String]) -> HelpRequest {
        HelpRequest(command: nil, text: path.isEmpty ? commandList(under: []) : groupHelp(path))
    }

    /// The help for a group: its summary, usage, and the commands under it.
    ///
    /// - Parameter path: The group's words.
    func groupHelp(_ path: [String]) -> String {
        let name = path.joined(separator: " ")
        let summary = groups.first { $0.path == path }?.summary ?? "Commands under '\(name)'."
        return summary + "\n\n" + commandList(under: path)
    }

    /// Usage, the commands under `path` (all for the root) with their summaries, the global options,
    /// and where to read more, as one text.
    ///
    /// - Parameter path: A group's words, or none for the whole program.
    private func commandList(under path: [String]) -> String {
        let prefix = ([programName] + path).joined(separator: " ")
        var lines = ["USAGE: \(prefix) <command> [options]", "", "COMMANDS:"]
        let members = commands.filter { $0.path.count > path.count && $0.path.starts(with: path) }
        let width = members.map { $0.displayName.count }.max() ?? 0
        for command in members {
            lines.append("  " + Self.pad(command.displayName, to: width) + "  " + command.summary)
        }
        lines.append("")
        lines += globalSection()
        lines.append("")
        lines.append("See '\(prefix) <command> --help' for a command's arguments and options.")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The help for one command: summary, usage line, then arguments, options and global options.
    ///
    /// - Parameter command: The command to describe.
    func helpText(for command: CommandSpec) -> String {
        var lines = [command.summary, "", "USAGE: " + usage(for: command)]
        var rows: [(String, String)] = command.positionals.map { ($0.name, $0.help) }
        if !rows.isEmpty {
            lines += ["", "ARGUMENTS:"] + Self.table(rows)
        }
        rows = command.options.map { option in
            var help = option.help
            if case .choice(let allowed) = option.kind { help += " One of: " + allowed.joined(separator: ", ") + "." }
            if let value = option.defaultValue { help += " (default: \(value))" }
            if option.isRequired { help += " (required)" }
            return ("--\(option.name) \(option.valueName)", help)
        }
        rows += command.flags.map { ("--\($0.name)", $0.help) }
        if !rows.isEmpty {
            lines += ["", "OPTIONS:"] + Self.table(rows)
        }
        lines.append("")
        lines += globalSection()
        return lines.joined(separator: "\n") + "\n"
    }

    /// The one-line synopsis of `command`, e.g. `authors edit ID [--name NAME] [--cancel]`.
    ///
    /// - Parameter command: The command to describe.
    func usage(for command: CommandSpec) -> String {
        var parts = [programName] + command.path
        parts += command.positionals.map { $0.isRequired ? $0.name : "[\($0.name)]" }
        parts += command.options.map { option in
            let text = "--\(option.name) \(option.valueName)"
            return option.isRequired ? text : "[\(text)]"
        }
        parts += command.flags.map { "[--\($0.name)]" }
        return parts.joined(separator: " ")
    }

    /// The "GLOBAL OPTIONS" section shared by every help text.
    private func globalSection() -> [String] {
        var rows = globalOptions.map { ("--\($0.name) \($0.valueName)", $0.help) }
        rows += globalFlags.map { ("--\($0.name)", $0.help) }
        rows.append(("-h, --help", "Show help for the command."))
        rows.append(("--version", "Show the version."))
        return ["GLOBAL OPTIONS:"] + Self.table(rows)
    }

    /// Two aligned columns, indented by two spaces.
    ///
    /// - Parameter rows: Pairs of (left column, right column).
    private static func table(_ rows: [(String, String)]) -> [String] {
        let width = rows.map { $0.0.count }.max() ?? 0
        return rows.map { "  " + pad($0.0, to: width) + "  " + $0.1 }
    }

    /// `text` padded with spaces on the right to `width` characters.
    ///
    /// - Parameters:
    ///   - text: The text to pad.
    ///   - width: The width to reach.
    private static func pad(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}
