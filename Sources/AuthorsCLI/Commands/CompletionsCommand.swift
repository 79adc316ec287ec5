/// `authors completions bash|zsh|fish`: a script that completes the commands and options of `authors`.
struct CompletionsCommand: AuthorsCommand {
    static let spec = CommandSpec(
        path: ["completions"],
        summary: "Print a shell completion script (bash, zsh or fish) for authors.",
        positionals: [
            PositionalSpec(
                name: "SHELL", choices: CompletionScript.Shell.allCases.map(\.rawValue),
                help: "bash (source it, or put it in ~/.local/share/bash-completion/completions/authors), "
                    + "zsh (a file named _authors on $fpath) or fish (~/.config/fish/completions/authors.fish).")
        ]
    )
    static let database = DatabaseUse.none

    /// The shell to write the script for.
    var shell: CompletionScript.Shell

    init(_ parsed: ParsedCommand) throws {
        shell = CompletionScript.Shell(rawValue: parsed.argument("SHELL") ?? "") ?? .bash
    }

    func run(_ session: CommandSession) throws {
        session.console.prompt(CompletionScript(parser: .authors).text(for: shell))
    }
}
