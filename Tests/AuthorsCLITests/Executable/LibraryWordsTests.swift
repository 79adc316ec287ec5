import Bookshelf
import DraftStore
import Foundation
import Testing

/// `authors` shows the library's words for the library's errors, not words of its own.
@Suite("authors shows the library's words (subprocess)")
struct LibraryWordsTests {
    @Test("a missing author is worded as the library words ContextError.missingRow")
    func aMissingAuthorInTheLibrarysWords() throws {
        let db = try TestDatabase()
        try db.add("Mira Okafor", "mira@example.com")
        let library = ContextError.missingRow(entity: Author.validator.label, table: Author.schema.table.name, key: 9)
        for arguments in [["show", "9"], ["edit", "9", "--name", "Nobody"], ["delete", "9"], ["books", "add", "9", "--title", "Lost"]] {
            let result = try AuthorsExecutable.run(arguments + ["--db", db.path], directory: db.folder.url)
            #expect(result.status == 1, "\(result)")
            #expect(result.stderr == "error: \(library.localizedDescription)\n", "\(arguments): \(result)")
        }
    }

    @Test("a file that is not a database is worded as the library words its open failure")
    func aDamagedFileInTheLibrarysWords() throws {
        let db = try TestDatabase()
        try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: db.path))
        let library = try #require(throws: (any Error).self) { try Bookshelf.openStore(path: db.path) }
        let result = try db.expect(3, "list")
        #expect(result.stderr.contains(library.localizedDescription), "\(result)")
        #expect(!result.stderr.contains("migrated") && !result.stderr.contains("try again"), "\(result)")
    }
}
