/// Help text: the program overview and each command's usage, arguments, options and flags.
extension CommandLineArguments {
    /// The command that the words before `--help` name, ignoring anything that does not fit.
    ///
    /// Global options and their values are skipped; the first words that form a command's path choose it.
    /// An unknown word or a bare group (`books`) yields `nil`, so the program overview is shown.
    ///
    /// - Parameter arguments: The arguments before the help flag.
    /// - Returns: The command help should describe, or `nil` for the overview.
    func resolveCommandLeniently(_ arguments: ArraySlice<String>) -> CommandSpec? {
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
            path.append(token)
            if let command = commands.first(where: { $0.path == path }) { return command }
            if !commands.contains(where: { $0.path.starts(with: path) }) { return nil }
        }
        return nil
    }

    /// A help request for `command`, or for the whole program when it is `nil`.
    ///
    /// - Parameter command: The command to describe.
    func helpRequest(for command: CommandSpec?) -> HelpRequest {
        HelpRequest(command: command, text: command.map(helpText(for:)) ?? overview())
    }

    /// The program overview: usage, each command with its summary, and the global options.
    func overview() -> String {
        var lines = ["USAGE: \(programName) <command> [options]", "", "COMMANDS:"]
        let width = commands.map { $0.displayName.count }.max() ?? 0
        for command in commands {
            lines.append("  " + Self.pad(command.displayName, to: width) + "  " + command.summary)
        }
        lines.append("")
        lines += globalSection()
        lines.append("")
        lines.append("See '\(programName) <command> --help' for a command's arguments and options.")
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
