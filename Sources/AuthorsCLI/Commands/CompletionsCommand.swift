/// `authors completions bash|zsh|fish`: a script that completes the commands and options of `authors`.
struct CompletionsCommand: AuthorsCommand {
    static let path = ["completions"]
    static let summary = "Print a shell completion script (bash, zsh or fish) for authors."
    static let database = DatabaseUse.none

    /// The shell to write the script for.
    var shell = CompletionScript.Shell.bash

    static var parameters: [CommandParameter<Self>] {
        [
            .argument(
                "SHELL", \.shell,
                help: "bash (source it, or put it in ~/.local/share/bash-completion/completions/authors), "
                    + "zsh (a file named _authors on $fpath) or fish (~/.config/fish/completions/authors.fish).")
        ]
    }

    func run(_ session: CommandSession) throws {
        session.console.prompt(CompletionScript(parser: .authors).text(for: shell))
    }
}
