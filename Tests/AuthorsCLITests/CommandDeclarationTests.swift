import Testing

@testable import AuthorsCLI

/// A command of the tests' own, declared the way every `authors` command is: typed properties,
/// each bound once to its name, help, default and completion.
private struct ShelveCommand: AuthorsCommand {
    /// Where a book goes.
    enum Shelf: String, CaseIterable, ArgumentValue {
        /// The top shelf.
        case top
        /// The bottom shelf.
        case bottom
    }

    static let path = ["shelve"]
    static let summary = "Put a book on a shelf."
    static let database = DatabaseUse.none

    var title = ""
    var copies = 1
    var shelf = Shelf.top
    var note: String?
    var dusted = false

    static var parameters: [CommandParameter<Self>] {
        [
            .argument("TITLE", \.title, help: "The book's title."),
            .option("copies", \.copies, valueName: "N", help: "How many copies."),
            .option("shelf", \.shelf, valueName: "SHELF", help: "Which shelf."),
            .option("note", \.note, valueName: "FILE", help: "A note to file with it.", completion: .files),
            .flag("dusted", \.dusted, help: "Dust it first."),
        ]
    }

    func run(_ session: CommandSession) throws {
        session.console.print("\(copies) × \(title) on the \(shelf.rawValue) shelf" + (dusted ? ", dusted" : ""))
    }
}

/// A parser over `ShelveCommand` alone.
private let shelving = CommandLineArguments(
    programName: "shelf", commands: [ShelveCommand.spec], globalOptions: GlobalOptions.options, globalFlags: GlobalOptions.flags)

/// Parses `arguments` with `parser` into a command of type `Command`.
private func parse<Command: AuthorsCommand>(_ arguments: [String], as type: Command.Type, with parser: CommandLineArguments) throws
    -> Command
{
    guard case .command(let parsed) = try parser.parse(arguments) else { throw TestFailure("expected a command") }
    return try Command(parsed)
}

/// Help, completions and parsing all come from a command type's declarations.
@Suite("Command declarations: one declaration gives help, completions and parsing")
struct CommandDeclarationTests {
    @Test func aDeclaredCommandParsesIntoTypedProperties() throws {
        let given = try parse(
            ["shelve", "Dune", "--copies", "3", "--shelf=bottom", "--note", "n.txt", "--dusted"], as: ShelveCommand.self, with: shelving)
        #expect(given.title == "Dune")
        #expect(given.copies == 3)
        #expect(given.shelf == .bottom)
        #expect(given.note == "n.txt")
        #expect(given.dusted)
        let defaults = try parse(["shelve", "Emma"], as: ShelveCommand.self, with: shelving)
        #expect(defaults.copies == 1 && defaults.shelf == .top && defaults.note == nil && !defaults.dusted)
    }

    @Test func aWrongValueIsTheDeclaredErrorNamingTheOption() {
        #expect(throws: UsageError(command: "shelf shelve", kind: .invalidInteger(option: "--copies", text: "many"))) {
            try shelving.parse(["shelve", "Dune", "--copies", "many"])
        }
        #expect(
            throws: UsageError(
                command: "shelf shelve", kind: .invalidChoice(option: "--shelf", text: "middle", allowed: ["top", "bottom"]))
        ) { try shelving.parse(["shelve", "Dune", "--shelf", "middle"]) }
        #expect(throws: UsageError(command: "shelf shelve", kind: .missingArgument("TITLE"))) { try shelving.parse(["shelve"]) }
    }

    @Test func helpListsEachDeclarationWithItsDefault() {
        let help = shelving.helpText(for: ShelveCommand.spec)
        #expect(help.contains("USAGE: shelf shelve TITLE [--copies N] [--shelf SHELF] [--note FILE] [--dusted]"))
        #expect(help.contains("TITLE  The book's title."))
        #expect(help.contains("How many copies. (default: 1)"))
        #expect(help.contains("Which shelf. One of: top, bottom. (default: top)"))
        #expect(help.contains("A note to file with it.\n"), "an optional value shows no default")
        #expect(help.contains("--dusted"))
    }

    @Test func completionsOfferEachDeclarationAndItsValues() {
        let script = CompletionScript(parser: shelving)
        #expect(script.words(at: ["shelve"]).prefix(4) == ["--copies", "--shelf", "--note", "--dusted"])
        #expect(script.valueOptions.first { $0.spelling == "--shelf" }?.values == .choices(["top", "bottom"]))
        #expect(script.valueOptions.first { $0.spelling == "--note" }?.values == .files)
        #expect(script.valueOptions.first { $0.spelling == "--copies" }?.values == CompletionScript.Values.none)
        #expect(script.text(for: .bash).contains("--shelf) COMPREPLY=($(compgen -W \"top bottom\" -- \"$cur\")); return ;;"))
        let fish = script.text(for: .fish)
        #expect(fish.contains("-l shelf -x -a 'top bottom' -d 'Which shelf.'"))
        #expect(fish.contains("-l note -r -F -d 'A note to file with it.'"))
        #expect(fish.contains("-l dusted -d 'Dust it first.'"))
    }

    /// The error the parser gives for `text` as the value of `option`, or `nil` when any text is accepted.
    static func refusal(of text: String, by option: OptionSpec) -> UsageError.Kind? {
        switch option.kind {
        case .text: nil
        case .integer: .invalidInteger(option: "--\(option.name)", text: text)
        case .choice(let allowed): .invalidChoice(option: "--\(option.name)", text: text, allowed: allowed)
        }
    }

    /// Every option of every `authors` command, from its declaration: in its command's help and
    /// usage, in the bash and fish scripts, and refused with the declared error when mistyped.
    @Test func everyAuthorsOptionComesFromItsDeclaration() throws {
        let bash = CompletionScript(parser: .authors).text(for: .bash)
        let fish = CompletionScript(parser: .authors).text(for: .fish)
        for type in AuthorsTool.commandTypes {
            let spec = type.spec
            let help = try CommandLineArguments.authors.helpRequest(forTopic: spec.path).text
            let arguments = spec.path + spec.positionals.filter(\.isRequired).map { _ in "1" }
            for option in spec.options {
                #expect(help.contains("--\(option.name) \(option.valueName)"), "\(spec.path) --\(option.name)")
                #expect(bash.contains("--\(option.name)"))
                #expect(fish.contains("-l \(option.name) "))
                guard let expected = Self.refusal(of: "x", by: option) else { continue }
                do {
                    _ = try CommandLineArguments.authors.parse(arguments + ["--\(option.name)", "x"])
                    Issue.record("\(spec.path) --\(option.name) x parsed")
                } catch {
                    #expect(error.kind == expected)
                }
            }
            for flag in spec.flags { #expect(help.contains("--\(flag.name)") && fish.contains("-l \(flag.name) ")) }
        }
    }
}
