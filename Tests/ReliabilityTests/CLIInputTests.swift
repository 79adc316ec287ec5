import Bookshelf
import DraftStore
import Foundation
import Testing

/// Item 5, through the built `authors` CLI: lone surrogates in JSON and invalid UTF-8 in
/// CSV are refused with the record or line number, nothing is written, and no U+FFFD
/// replacement ever reaches the database.
@Suite("Bad input through the CLI")
struct CLIInputTests {
    func importFile(_ bytes: [UInt8], named name: String) throws -> (ProcessResult, Int) {
        let folder = try TemporaryDirectory()
        let file = folder.path(name)
        let db = folder.path("cli.sqlite")
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        let result = try ChildProcess.run(try Executables.url("authors"), ["import", file, "--db", db])
        let store = try Bookshelf.openStore(path: db)
        defer { store.close() }
        let authors = try store.fetch(FetchRequest<Author>.all)
        #expect(!authors.contains { ($0.name + $0.email + ($0.bio ?? "")).unicodeScalars.contains("\u{FFFD}") })
        return (result, authors.count)
    }

    @Test(
        "a lone surrogate escape in JSON is refused with its record number",
        arguments: ["\\ud800", "\\udfff", "\\ud800x", "\\ud800\\u0041"])
    func loneSurrogate(escape: String) throws {
        let json = #"[{"name":"Mira Okafor","email":"mira@example.com"},{"name":"Bad \#(escape) Name","email":"bad@example.com"}]"#
        let (result, count) = try importFile(Array(json.utf8), named: "authors.json")
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect((result.stdout + result.stderr).contains("surrogate"), "\(result.stdout)\(result.stderr)")
        #expect((result.stdout + result.stderr).contains("2"), "no record number: \(result.stderr)")
        #expect(count == 0, "an all-or-nothing import wrote rows")
    }

    @Test(
        "invalid UTF-8 in a CSV is refused with its line number",
        arguments: [[0xFF] as [UInt8], [0xC3], [0xED, 0xA0, 0x80], [0xF8, 0x88, 0x80, 0x80, 0x80], [0xC0, 0xAF]])
    func invalidUTF8(bad: [UInt8]) throws {
        let bytes = Array("name,email\nMira Okafor,mira@example.com\nJon ".utf8) + bad + Array(" Bay,jon@example.com\n".utf8)
        let (result, count) = try importFile(bytes, named: "authors.csv")
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        let text = result.stdout + result.stderr
        #expect(text.contains("line 3") || text.contains("Line 3") || text.contains("3:"), "no line number: \(text)")
        #expect(text.contains("UTF-8"), "\(text)")
        #expect(count == 0)
    }

    @Test("NUL bytes and control characters in a CSV are field errors, never stored")
    func nulInCSV() throws {
        let bytes = Array("name,email\nAl".utf8) + [0] + Array("ex,alex@example.com\nBo\u{1B}b,bob@example.com\n".utf8)
        let (result, count) = try importFile(bytes, named: "authors.csv")
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(count == 0)
    }
}
