import Foundation
import Testing

@testable import AuthorsCLI

/// `--screen` on the command line: accepted by `add` (without `--name` / `--email`) and `edit`,
/// and a usage error without a terminal, before any database file is made.
@Suite("Screen: the --screen flag")
struct ScreenFlagTests {
    @Test("add --screen needs no --name or --email; add alone still does")
    func addWaivesRequiredOptions() throws {
        guard case let .command(parsed) = try CommandLineArguments.authors.parse(["add", "--screen"]) else {
            Issue.record("expected a command")
            return
        }
        #expect(parsed.flag("screen"))
        guard case .command = try CommandLineArguments.authors.parse(["edit", "3", "--screen", "--name", "Ann"]) else {
            Issue.record("expected a command")
            return
        }
        #expect(throws: UsageError.self) { try CommandLineArguments.authors.parse(["add", "--name", "Ann"]) }
        #expect(throws: UsageError.self) { try CommandLineArguments.authors.parse(["list", "--screen"]) }
    }

    @Test("--screen without a terminal is a usage error (exit 2) and creates no database")
    func notATerminal() throws {
        let db = try TestDatabase()
        for arguments in [["edit", "1", "--screen"], ["add", "--screen"]] {
            let result = try AuthorsExecutable.run(arguments + ["--db", db.path], directory: db.folder.url)
            #expect(result.status == 2, "\(result)")
            #expect(result.stderr.contains("--screen needs a terminal"), "\(result)")
            #expect(!FileManager.default.fileExists(atPath: db.path))
        }
    }
}
