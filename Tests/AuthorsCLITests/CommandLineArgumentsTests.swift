import Testing

@testable import AuthorsCLI

/// Parses `arguments` with the `authors` table, expecting a command.
///
/// - Parameter arguments: The command line without the program name.
/// - Returns: The parsed command.
/// - Throws: The parser's ``UsageError``, or a test failure when help was returned instead.
private func command(_ arguments: [String]) throws -> ParsedCommand {
    switch try CommandLineArguments.authors.parse(arguments) {
    case .command(let parsed): return parsed
    case .help: throw TestFailure("expected a command, got help")
    case .version: throw TestFailure("expected a command, got a version request")
    }
}

/// Parses `arguments`, expecting a usage error, and returns it.
///
/// - Parameter arguments: The command line without the program name.
/// - Returns: The usage error, or `nil` (after recording an issue) when parsing succeeded.
private func usageError(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) -> UsageError? {
    do {
        let outcome = try CommandLineArguments.authors.parse(arguments)
        Issue.record("expected a usage error, got \(outcome)", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

/// A failure raised by a test helper.
struct TestFailure: Error, CustomStringConvertible {
    /// What went wrong.
    let description: String

    /// Creates a failure.
    ///
    /// - Parameter description: What went wrong.
    init(_ description: String) { self.description = description }
}

@Suite("CommandLineArguments: valid command lines")
struct CommandLineArgumentsTests {
    @Test func everyCommandParses() throws {
        #expect(try command(["demo"]).path == ["demo"])
        #expect(try command(["demo", "--db", "x.sqlite"]).option("db") == "x.sqlite")
        let add = try command(["add", "--name", "Ann Lee", "--email", "ann@example.com", "--bio", "Poet"])
        #expect(add.options == ["name": "Ann Lee", "email": "ann@example.com", "bio": "Poet"])
        let edit = try command(["edit", "7", "--name=Ann", "--cancel"])
        #expect(edit.argument("ID") == "7")
        #expect(edit.option("name") == "Ann")
        #expect(edit.flag("cancel"))
        #expect(!edit.flag("json"))
        #expect(try command(["delete", "3"]).argument("ID") == "3")
        #expect(try command(["show", "3"]).argument("ID") == "3")
        let list = try command(["list", "--limit", "5", "--search", "zoë"])
        #expect(try ListCommand(list).limit == 5)
        #expect(list.option("search") == "zoë")
        let book = try command(["books", "add", "4", "--title", "Dune", "--year", "1965"])
        #expect(book.path == ["books", "add"])
        #expect(book.argument("ID") == "4")
        #expect(try BooksAddCommand(book).year == 1965)
        #expect(try BooksAddCommand(book).authorID == 4)
        #expect(try command(["form"]).argument("ID") == nil)
        #expect(try command(["form", "9"]).argument("ID") == "9")
        let importing = try command(["import", "people.csv", "--on-duplicate", "skip", "--each"])
        #expect(importing.argument("FILE") == "people.csv")
        #expect(importing.option("on-duplicate") == "skip")
        #expect(importing.flag("each"))
        #expect(try command(["export", "--format=json"]).option("format") == "json")
    }

    @Test func defaultsApplyWhenOptionsAreAbsent() throws {
        let importing = try command(["import", "f.json"])
        #expect(importing.option("on-duplicate") == nil)
        #expect(try ImportCommand(importing).policy == .fail)
        #expect(try ExportCommand(command(["export"])).format == nil, "absent: --json chooses")
        #expect(try ListCommand(command(["list"])).limit == nil)
        #expect(try ChangesApplyCommand(command(["changes", "apply", "f"])).policy == .error)
    }

    @Test func globalOptionsAreAcceptedAnywhere() throws {
        let before = try command(["--db", "a.sqlite", "--json", "list"])
        #expect(before.option("db") == "a.sqlite")
        #expect(before.flag("json"))
        let after = try command(["show", "--json", "5", "--db=b.sqlite"])
        #expect(after.argument("ID") == "5")
        #expect(after.option("db") == "b.sqlite")
        #expect(after.flag("json"))
        let between = try command(["books", "--json", "add", "1", "--title", "T"])
        #expect(between.path == ["books", "add"])
        #expect(between.flag("json"))
    }

    @Test func doubleDashEndsOptions() throws {
        let parsed = try command(["import", "--each", "--", "--json"])
        #expect(parsed.argument("FILE") == "--json")
        #expect(!parsed.flag("json"))
        #expect(parsed.flag("each"))
        #expect(try command(["show", "--", "-h"]).argument("ID") == "-h")
    }

    @Test func valuesMayLookUnusual() throws {
        #expect(try command(["edit", "1", "--bio="]).option("bio") == "")
        #expect(try command(["edit", "1", "--bio=--not-an-option"]).option("bio") == "--not-an-option")
        #expect(try command(["edit", "1", "--name", "a=b"]).option("name") == "a=b")
        #expect(try command(["list", "--limit", "-1"]).option("limit") == "-1")
        #expect(try command(["edit", "1", "--name", "-"]).option("name") == "-")
    }

    @Test func helpIsARequestNotAnError() throws {
        for arguments in [["list", "--help"], ["list", "-h"], ["--json", "list", "--limit", "x", "-h"]] {
            guard case .help(let request) = try CommandLineArguments.authors.parse(arguments) else {
                Issue.record("expected help for \(arguments)")
                continue
            }
            #expect(request.command?.path == ["list"])
            #expect(request.text.contains("USAGE: authors list [--limit N] [--search TEXT]"))
            #expect(request.text.contains("--db PATH"))
        }
        guard case .help(let books) = try CommandLineArguments.authors.parse(["books", "add", "--help"]) else {
            throw TestFailure("expected help")
        }
        #expect(books.text.contains("USAGE: authors books add ID --title TITLE [--year YEAR]"))
        guard case .help(let overview) = try CommandLineArguments.authors.parse(["--help"]) else {
            throw TestFailure("expected help")
        }
        #expect(overview.command == nil)
        for spec in CommandSpec.authorsCommands {
            #expect(overview.text.contains(spec.displayName))
        }
        guard case .help(let importing) = try CommandLineArguments.authors.parse(["import", "-h"]) else {
            throw TestFailure("expected help")
        }
        #expect(importing.text.contains("One of: skip, update, fail. (default: fail)"))
    }
}

@Suite("CommandLineArguments: usage errors")
struct UsageErrorTests {
    @Test func unknownOptionSuggestsTheClosest() {
        let error = usageError(["add", "--nmae", "Ann", "--email", "a@b.c"])
        #expect(error?.kind == .unknownOption("--nmae", suggestion: "--name"))
        #expect(error?.description == "authors add: unknown option '--nmae'; did you mean '--name'?")
        #expect(usageError(["list", "--limt", "3"])?.kind == .unknownOption("--limt", suggestion: "--limit"))
        #expect(usageError(["list", "--jsn"])?.kind == .unknownOption("--jsn", suggestion: "--json"))
        #expect(usageError(["list", "--xyzzy"])?.kind == .unknownOption("--xyzzy", suggestion: nil))
        #expect(usageError(["list", "-x"])?.kind == .unknownOption("-x", suggestion: nil))
        // An option of another command is unknown here.
        #expect(usageError(["show", "1", "--cancel"])?.kind == .unknownOption("--cancel", suggestion: nil))
        #expect(usageError(["--limit", "3", "list"])?.description.hasPrefix("authors: unknown option '--limit'") == true)
    }

    @Test func missingValueNamesTheOption() {
        let error = usageError(["add", "--email", "a@b.c", "--name"])
        #expect(error?.kind == .missingValue(option: "--name"))
        #expect(error?.description == "authors add: missing value for '--name'")
        #expect(usageError(["add", "--name", "--email", "a@b.c"])?.kind == .missingValue(option: "--name"))
        #expect(usageError(["list", "--db"])?.kind == .missingValue(option: "--db"))
    }

    @Test func extraArgumentsAreRefused() {
        let error = usageError(["show", "1", "2"])
        #expect(error?.kind == .unexpectedArgument("2"))
        #expect(error?.description == "authors show: unexpected extra argument '2'")
        #expect(usageError(["list", "everything"])?.kind == .unexpectedArgument("everything"))
        #expect(usageError(["form", "1", "2"])?.kind == .unexpectedArgument("2"))
    }

    @Test func missingRequiredArgumentsAndOptions() {
        let error = usageError(["edit", "--name", "Ann"])
        #expect(error?.kind == .missingArgument("ID"))
        #expect(error?.description == "authors edit: missing required argument 'ID'")
        #expect(usageError(["import"])?.kind == .missingArgument("FILE"))
        #expect(usageError(["add", "--name", "Ann"])?.kind == .missingOption("--email"))
        #expect(usageError(["books", "add", "1"])?.description == "authors books add: missing required option '--title'")
    }

    @Test func invalidIntegersNameTheOptionAndTheText() {
        let error = usageError(["list", "--limit", "ten"])
        #expect(error?.kind == .invalidInteger(option: "--limit", text: "ten"))
        #expect(error?.description == "authors list: invalid integer 'ten' for '--limit'")
        #expect(usageError(["list", "--limit=5x"])?.kind == .invalidInteger(option: "--limit", text: "5x"))
    }

    @Test func invalidChoicesListTheAllowedValues() {
        let error = usageError(["import", "f.csv", "--on-duplicate", "maybe"])
        #expect(error?.kind == .invalidChoice(option: "--on-duplicate", text: "maybe", allowed: ["skip", "update", "fail"]))
        #expect(
            error?.description
                == "authors import: invalid value 'maybe' for '--on-duplicate'; expected one of 'skip', 'update', 'fail'")
        #expect(
            usageError(["export", "--format", "xml"])?.kind
                == .invalidChoice(option: "--format", text: "xml", allowed: ["csv", "json"]))
    }

    @Test func optionsGivenTwiceAreRefusedFlagsAreNot() throws {
        #expect(usageError(["--db", "a", "list", "--db", "b"])?.kind == .repeatedOption("--db"))
        #expect(usageError(["add", "--name", "A", "--email", "a@b.c", "--name=B"])?.kind == .repeatedOption("--name"))
        #expect(try command(["list", "--json", "--json"]).flag("json"))
    }

    @Test func versionIsARequest() throws {
        #expect(try CommandLineArguments.authors.parse(["--version"]) == .version)
        #expect(try CommandLineArguments.authors.parse(["list", "--version"]) == .version)
        guard case .command(let parsed) = try CommandLineArguments.authors.parse(["import", "--", "--version"]) else {
            throw TestFailure("expected a command")
        }
        #expect(parsed.argument("FILE") == "--version")
    }

    @Test func flagsTakeNoValue() {
        let error = usageError(["list", "--json=yes"])
        #expect(error?.kind == .unexpectedValue(flag: "--json", value: "yes"))
        #expect(error?.description == "authors list: '--json' takes no value, but was given 'yes'")
    }

    @Test func commandsMustExist() {
        #expect(usageError([])?.kind == .missingCommand)
        #expect(usageError(["--json"])?.description == "authors: missing command; run with --help to list the commands")
        #expect(usageError(["lsit"])?.kind == .unknownCommand("lsit", suggestion: "list"))
        #expect(usageError(["lsit"])?.description == "authors: unknown command 'lsit'; did you mean 'list'?")
        #expect(usageError(["books"])?.description == "authors books: missing command; run with --help to list the commands")
        #expect(usageError(["books", "ad", "1"])?.kind == .unknownCommand("ad", suggestion: "add"))
        #expect(usageError(["frobnicate"])?.kind == .unknownCommand("frobnicate", suggestion: nil))
    }

    @Test func suggestionDistanceCountsSwapsAsOneEdit() {
        #expect(Suggestion.distance(Array("nmae"), Array("name")) == 1)
        #expect(Suggestion.distance(Array(""), Array("abc")) == 3)
        #expect(Suggestion.distance(Array("kitten"), Array("sitting")) == 3)
    }
}
