import AuthorsCLI
import Foundation
import Testing

/// `--version`, `help [command]`, and help for a group, as a user types them.
@Suite("authors help and version (subprocess)")
struct HelpTests {
    @Test func versionPrintsTheVersionAndExitsZero() throws {
        for arguments in [["--version"], ["list", "--version"]] {
            let result = try AuthorsExecutable.run(arguments)
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout == "authors \(AuthorsTool.version)\n")
            #expect(result.stderr.isEmpty)
        }
    }

    @Test(arguments: [["add"], ["edit"], ["books", "add"], ["import"], ["completions"], ["books"], ["changes"], ["changes", "apply"], []])
    func helpCommandPrintsWhatDashDashHelpPrints(words: [String]) throws {
        let viaHelp = try AuthorsExecutable.run(["help"] + words)
        let viaFlag = try AuthorsExecutable.run(words + ["--help"])
        #expect(viaHelp.status == 0, "\(viaHelp)")
        #expect(viaFlag.status == 0, "\(viaFlag)")
        #expect(viaHelp.stdout == viaFlag.stdout)
        #expect(!viaHelp.stdout.isEmpty)
    }

    @Test func aGroupsHelpListsItsCommandsNotTheWholeProgram() throws {
        let books = try AuthorsExecutable.run(["books", "--help"])
        #expect(books.stdout.hasPrefix("Work with an author's books.\n\nUSAGE: authors books <command> [options]\n"), "\(books)")
        #expect(books.stdout.contains("  books add  Add a book to an author."))
        #expect(!books.stdout.contains("demo"))
        let overview = try AuthorsExecutable.run(["--help"])
        #expect(overview.stdout.contains("  demo "))
        #expect(overview.stdout.contains("  completions "))
        #expect(overview.stdout.contains("--version"))
    }

    @Test func anUnknownHelpTopicIsAUsageErrorWithASuggestion() throws {
        let result = try AuthorsExecutable.run(["help", "ad"])
        #expect(result.status == 2)
        #expect(result.stderr == "error: authors help: unknown command 'ad'; did you mean 'add'?\nRun 'authors --help' for usage.\n")
    }
}
