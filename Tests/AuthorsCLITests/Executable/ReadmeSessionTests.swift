import Foundation
import Testing

/// The README's "A short session with `authors`" runs as written: each `$ swift run authors …`
/// line, in order, in a fresh folder, prints exactly the lines that follow it (standard output,
/// then standard error), and each `$ echo $?` shows the status of the command before it.
@Suite("README session (subprocess)")
struct ReadmeSessionTests {
    /// One command of the session and what it prints.
    struct Step {
        /// The command line after `$ `.
        var command: String
        /// The lines that follow it, each ending in a newline.
        var output = ""
    }

    /// The steps of the first `console` block after a heading of the README.
    /// - Parameter heading: The heading's line.
    static func steps(after heading: String = "## A short session with `authors`") throws -> [Step] {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appending(path: "README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let section = try #require(text.range(of: heading))
        let open = try #require(text.range(of: "```console\n", range: section.upperBound..<text.endIndex))
        let close = try #require(text.range(of: "\n```", range: open.upperBound..<text.endIndex))
        var steps: [Step] = []
        for line in text[open.upperBound..<close.lowerBound].split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("$ ") {
                steps.append(Step(command: String(line.dropFirst(2))))
            } else if !steps.isEmpty {
                steps[steps.count - 1].output += line + "\n"
            }
        }
        return steps
    }

    /// `command` split into words as a shell would for these examples: spaces separate, double quotes group.
    static func words(_ command: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quoted = false
        var started = false
        for character in command {
            if character == "\"" {
                quoted.toggle()
                started = true
            } else if character == " ", !quoted {
                if started { words.append(current) }
                current = ""
                started = false
            } else {
                current.append(character)
                started = true
            }
        }
        if started { words.append(current) }
        return words
    }

    @Test func theSessionPrintsWhatTheReadmeShows() throws {
        let steps = try Self.steps()
        #expect(steps.count >= 10)
        try Self.run(steps)
    }

    /// The README's two copies kept in step by hand: `--after N` leaves out change N and before.
    @Test func theSharingSessionPrintsWhatTheReadmeShows() throws {
        let steps = try Self.steps(after: "## Sharing changes between copies")
        #expect(steps.contains { $0.command.contains("changes export --after 1") })
        try Self.run(steps)
    }

    /// Runs the steps in order in a fresh folder, checking what each prints and each `echo $?`.
    static func run(_ steps: [Step]) throws {
        let folder = try TemporaryFolder()
        var status: Int32 = 0
        for step in steps {
            if step.command == "echo $?" {
                #expect(step.output == "\(status)\n", "exit status before '\(step.command)'")
                continue
            }
            let words = Self.words(step.command)
            try #require(Array(words.prefix(3)) == ["swift", "run", "authors"], "\(step.command)")
            let result = try AuthorsExecutable.run(Array(words.dropFirst(3)), directory: folder.url)
            status = result.status
            #expect(result.stdout + result.stderr == step.output, "\(step.command)\n\(result)")
        }
    }
}
