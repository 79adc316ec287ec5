import Foundation
import Testing

/// The completion scripts, loaded in a real shell: bash sources the script and calls its function.
@Suite("authors completions (subprocess)")
struct CompletionTests {
    /// Sources `authors completions bash` in a bash subprocess, completes `words` (the last one being
    /// completed) and returns the candidates.
    /// - Parameter words: The command line so far, starting with `authors`.
    static func complete(_ words: [String], in folder: TemporaryFolder) throws -> [String] {
        let script = try AuthorsExecutable.run(["completions", "bash"])
        #expect(script.status == 0, "\(script)")
        let path = folder.path("authors.bash")
        try Data(script.stdout.utf8).write(to: URL(fileURLWithPath: path))
        let quoted = words.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [
            "--norc", "--noprofile", "-c",
            "source '\(path)' && COMP_WORDS=(\(quoted)) && COMP_CWORD=\(words.count - 1) && _authors && printf '%s\\n' \"${COMPREPLY[@]}\"",
        ]
        process.currentDirectoryURL = folder.url
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test func bashCompletesCommandsOptionsChoicesAndFiles() throws {
        let folder = try TemporaryFolder()
        #expect(try Self.complete(["authors", "ed"], in: folder) == ["edit"])
        #expect(try Self.complete(["authors", "edit", "--n"], in: folder) == ["--name"])
        #expect(try Self.complete(["authors", "--db", "x.sqlite", "edit", "1", "--c"], in: folder) == ["--cancel"])
        #expect(try Self.complete(["authors", "books", ""], in: folder).first == "add")
        #expect(try Self.complete(["authors", "books", "add", "1", "--t"], in: folder) == ["--title"])
        #expect(try Self.complete(["authors", "export", "--format", ""], in: folder) == ["csv", "json"])
        #expect(try Self.complete(["authors", "import", "f.csv", "--on-duplicate", "u"], in: folder) == ["update"])
        #expect(try Self.complete(["authors", "completions", "z"], in: folder) == ["zsh"])
        #expect(try Self.complete(["authors", "changes", ""], in: folder).prefix(2) == ["export", "apply"])
        #expect(try Self.complete(["authors", "changes", "apply", "--policy", "s"], in: folder) == ["store-wins"])
        #expect(try Self.complete(["authors", "--v"], in: folder) == ["--version"])
        try Data().write(to: URL(fileURLWithPath: folder.path("people.csv")))
        #expect(try Self.complete(["authors", "import", "peo"], in: folder) == ["people.csv"])
        #expect(try Self.complete(["authors", "list", "--db", "peo"], in: folder) == ["people.csv"])
        #expect(try Self.complete(["authors", "add", "--name", ""], in: folder).isEmpty, "a name is free text")
    }

    /// Whether fish is installed (Debian package `fish`).
    static let hasFish = FileManager.default.isExecutableFile(atPath: "/usr/bin/fish")

    /// Loads `authors completions fish` in fish and returns the candidates (without descriptions)
    /// for the command line `line`, completed at its end.
    static func completeInFish(_ line: String, in folder: TemporaryFolder) throws -> [String] {
        let script = try AuthorsExecutable.run(["completions", "fish"])
        let path = folder.path("authors.fish")
        try Data(script.stdout.utf8).write(to: URL(fileURLWithPath: path))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/fish")
        process.arguments = ["--no-config", "-c", "source '\(path)'; complete -C '\(line)'"]
        process.currentDirectoryURL = folder.url
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
    }

    @Test(.enabled(if: hasFish, "fish is not installed (Debian package: fish)"))
    func fishOffersFilesOnlyWhereAFileIsExpectedAndEachValueOnce() throws {
        let folder = try TemporaryFolder()
        try Data().write(to: URL(fileURLWithPath: folder.path("people.csv")))
        #expect(try Self.completeInFish("authors import ", in: folder) == ["authors.fish", "people.csv"])
        #expect(try Self.completeInFish("authors list --db peo", in: folder) == ["people.csv"])
        #expect(try Self.completeInFish("authors changes apply ", in: folder) == ["authors.fish", "people.csv"])
        // Values that are not files: free text offers nothing, choices each once.
        #expect(try Self.completeInFish("authors add --name ", in: folder).isEmpty)
        #expect(try Self.completeInFish("authors list --search ", in: folder).isEmpty)
        #expect(try Self.completeInFish("authors list ", in: folder).isEmpty)
        #expect(try Self.completeInFish("authors import people.csv --on-duplicate ", in: folder) == ["fail", "skip", "update"])
        #expect(try Self.completeInFish("authors export --format ", in: folder) == ["csv", "json"])
        #expect(try Self.completeInFish("authors changes apply --policy s", in: folder) == ["store-wins"])
        #expect(try Self.completeInFish("authors help ", in: folder).contains("import"))
    }

    @Test func zshAndFishScriptsNameEveryCommandAndOption() throws {
        for shell in ["zsh", "fish"] {
            let script = try AuthorsExecutable.run(["completions", shell])
            #expect(script.status == 0, "\(script)")
            for word in [
                "demo", "add", "edit", "delete", "show", "list", "books", "form", "import", "export", "changes", "apply", "help",
                "completions",
            ] {
                #expect(script.stdout.contains(word), "\(shell): \(word)")
            }
            for option in [
                "name", "email", "bio", "cancel", "limit", "search", "title", "year", "on-duplicate", "each", "format", "db", "after",
                "policy",
            ] {
                #expect(script.stdout.contains(shell == "fish" ? "-l \(option)" : "--\(option)"), "\(shell): --\(option)")
            }
        }
        #expect(try AuthorsExecutable.run(["completions", "zsh"]).stdout.hasPrefix("#compdef authors\n"))
    }
}
