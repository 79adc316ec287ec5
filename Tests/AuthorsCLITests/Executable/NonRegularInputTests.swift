import Foundation
import Testing

/// Input that is not a plain file: a pipe or `/dev/null` given to `import`, and piped `form`
/// answers saved by a Windows editor (a byte order mark, CRLF line ends).
@Suite("authors with piped and special-file input (subprocess)")
struct NonRegularInputTests {
    /// Runs `authors import SPECIAL --db …` from a shell, with `file` piped to its standard input.
    private func importThroughShell(_ db: TestDatabase, special: String, piping file: String) throws
        -> AuthorsExecutable.Result
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments =
            ["-c", "cat \"$1\" | \"$0\" import \"$2\" --db \"$3\"", AuthorsExecutable.url.path, file, special, db.path]
        process.currentDirectoryURL = db.folder.url
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        let stderr = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return AuthorsExecutable.Result(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    @Test(arguments: ["/dev/stdin", "/dev/fd/0"])
    func importReadsAPipe(special: String) throws {
        let db = try TestDatabase()
        let file = try db.write(
            "people.csv", "\u{FEFF}name,email,bio\r\nAnn Lee,ann@example.com,\"\"\r\nJosé Álvarez,jose@example.com,\r\n")
        let result = try importThroughShell(db, special: special, piping: file)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "imported 2, updated 0, skipped 0, rejected 0\n")
        #expect(
            try db.authors() == [
                .init(id: 1, name: "Ann Lee", email: "ann@example.com", bio: ""),
                .init(id: 2, name: "José Álvarez", email: "jose@example.com", bio: nil),
            ])
    }

    @Test func aPipedImportStillNamesItsRejectedLines() throws {
        let db = try TestDatabase()
        let file = try db.write("people.csv", "name,email\nAnn Lee,ann@example.com\nBo,ANN@example.com\n")
        let result = try importThroughShell(db, special: "/dev/stdin", piping: file)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.hasPrefix("/dev/stdin:3: rejected: email: ANN@example.com repeats an earlier row of the file\n"))
        #expect(try db.authors().isEmpty)
    }

    @Test func importOfDevNullSaysItIsEmpty() throws {
        let db = try TestDatabase()
        let result = try db.expect(1, "import", "/dev/null")
        #expect(result.stderr == "error: /dev/null: the file is empty (expected a header row or a JSON array)\n")
        #expect(!result.stderr.contains("permission"))
    }

    @Test func aByteOrderMarkOnTheFirstFormAnswerIsNotPartOfTheName() throws {
        let db = try TestDatabase()
        let input = Data([0xEF, 0xBB, 0xBF] + Array("Bob Ray\r\nbob@example.com\r\n\r\ns\r\n".utf8))
        let result = try AuthorsExecutable.run(["form", "--db", db.path], inputBytes: input, directory: db.folder.url)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("Name (2–120 characters) []: Bob Ray\n"))
        #expect(!result.stdout.contains("\u{FEFF}"))
        #expect(try db.authors() == [.init(id: 1, name: "Bob Ray", email: "bob@example.com", bio: nil)])
    }

    @Test func anEmptyFirstAnswerWithAByteOrderMarkKeepsTheValue() throws {
        let db = try TestDatabase()
        try db.add("Mira Okafor", "mira@example.com", bio: "Sea.")
        let input = Data([0xEF, 0xBB, 0xBF] + Array("\r\nm@example.com\r\n\r\nsave\r\n".utf8))
        let result = try AuthorsExecutable.run(["form", "1", "--db", db.path], inputBytes: input, directory: db.folder.url)
        #expect(result.status == 0, "\(result)")
        #expect(!result.stdout.contains("✗"))
        #expect(try db.authors() == [.init(id: 1, name: "Mira Okafor", email: "m@example.com", bio: "Sea.")])
    }
}
