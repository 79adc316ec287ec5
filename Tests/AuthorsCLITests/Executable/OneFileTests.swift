import DraftStore
import Foundation
import Testing

/// Every command leaves the database as one file: no `-wal` or `-shm` beside it, and a copy of the
/// `.sqlite` file alone holds every committed change.
@Suite("authors leaves one database file (subprocess)")
struct OneFileTests {
    /// Each command, with its exit status; run against a database holding author #1 with a book.
    static let commands: [(arguments: [String], status: Int32)] = [
        (["add", "--name", "Bo Li", "--email", "bo@example.com"], 0),
        (["add", "--name", "Bo Li", "--email", "ANN@example.com"], 1),
        (["edit", "1", "--name", "Ann L."], 0),
        (["edit", "1", "--name", "Ann L.", "--cancel"], 0),
        (["edit", "1", "--name", "Ann Lee"], 0),
        (["edit", "9", "--name", "Nobody"], 1),
        (["show", "1"], 0),
        (["list"], 0),
        (["list", "--search", "ann"], 0),
        (["books", "add", "1", "--title", "Sea"], 0),
        (["export"], 0),
        (["export", "--format", "json"], 0),
        (["form"], 1),
        (["delete", "1"], 0),
    ]

    @Test(arguments: commands.indices)
    func eachCommandLeavesOnlyTheDatabaseFile(index: Int) throws {
        let (arguments, status) = Self.commands[index]
        let db = try TestDatabase()
        let id = try db.add("Ann Lee", "ann@example.com")
        try db.expect(0, "books", "add", String(id), "--title", "Kindred")
        #expect(try db.filesBeside() == ["authors.sqlite"])
        try AuthorsExecutable.run(arguments + ["--db", db.path], directory: db.folder.url).expectStatus(status, arguments)
        #expect(try db.filesBeside() == ["authors.sqlite"], "\(arguments)")
    }

    @Test(arguments: [
        ["import", "people.csv"], ["import", "people.csv", "--each"], ["import", "people.csv", "--on-duplicate", "update"],
    ])
    func importLeavesOnlyTheDatabaseFile(arguments: [String]) throws {
        let db = try TestDatabase()
        _ = try db.write("people.csv", "name,email\nAnn Lee,ann@example.com\nBo Li,bo@example.com\n")
        try AuthorsExecutable.run(arguments + ["--db", db.path], directory: db.folder.url).expectStatus(0, arguments)
        #expect(try db.filesBeside() == ["authors.sqlite", "people.csv"])
    }

    @Test func demoWithANewDatabaseLeavesOnlyThatFile() throws {
        let db = try TestDatabase()
        try db.expect(0, "demo")
        #expect(try db.filesBeside() == ["authors.sqlite"])
    }

    @Test func aCopyOfTheFileAloneHoldsTheLastCommittedChange() throws {
        let db = try TestDatabase()
        try db.add("Ann Lee", "ann@example.com")
        try db.expect(0, "edit", "1", "--name", "Ann Lee-Smith")
        let copy = db.folder.path("copy.sqlite")
        try FileManager.default.copyItem(atPath: db.path, toPath: copy)
        let connection = try Connection(path: copy)
        defer { connection.close() }
        let names = try connection.fetch("SELECT name FROM authors") { try $0.text(at: 0) }
        #expect(names == ["Ann Lee-Smith"])
    }
}

extension AuthorsExecutable.Result {
    /// Records an issue unless the run exited with `status`.
    /// - Parameters:
    ///   - status: The expected exit status.
    ///   - arguments: The command line, for the message.
    func expectStatus(_ status: Int32, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(self.status == status, "\(arguments.joined(separator: " "))\n\(self)", sourceLocation: sourceLocation)
    }
}
