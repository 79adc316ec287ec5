import DraftStore
import Foundation
import Testing

/// Exit codes 1 (refused, nothing written), 2 (usage) and 3 (storage), in words and as JSON.
@Suite("authors exit codes (subprocess)")
struct ExitCodeTests {
    /// A database holding Mira (#1, with a book) and Jon (#2).
    static func seeded() throws -> TestDatabase {
        let db = try TestDatabase()
        try db.add("Mira Okafor", "mira@example.com")
        try db.add("Jon Bay", "jon@example.com")
        try db.expect(0, "books", "add", "1", "--title", "Tide Charts")
        return db
    }

    /// Each refusal, with the kind `--json` reports and a piece of its message in words.
    static let refusals: [(arguments: [String], kind: String, words: String)] = [
        (["add", "--name", "J", "--email", "jon@"], "invalid", "name: Enter at least 2 characters"),
        (["add", "--name", "Bad\u{0007}Bell", "--email", "b@example.com"], "invalid", "name:"),
        (["add", "--name", "Jon Two", "--email", "JON@Example.com"], "rejected", "email: Another author already has this e-mail"),
        (["edit", "2", "--email", " MIRA@example.com "], "rejected", "(refused by the database)"),
        (["edit", "1", "--name", "   "], "invalid", "name: Fill in this field"),
        (["edit", "9", "--name", "Nobody Here"], "notFound", "There is no author #9"),
        (["edit", "9", "--cancel"], "notFound", "There is no author #9"),
        (["show", "9"], "notFound", "There is no author #9"),
        (["delete", "9"], "notFound", "There is no author #9"),
        (["books", "add", "9", "--title", "Lost"], "notFound", "There is no author #9"),
        (["books", "add", "1", "--title", "Old", "--year", "1200"], "invalid", "year:"),
        (["form", "9"], "notFound", "There is no author #9"),
    ]

    @Test(arguments: refusals.indices)
    func refusedInputExitsOneAndWritesNothing(index: Int) throws {
        let (arguments, kind, words) = Self.refusals[index]
        let db = try Self.seeded()
        let before = try db.authors()
        let books = try db.bookTitles(of: 1)
        let text = try AuthorsExecutable.run(arguments + ["--db", db.path], directory: db.folder.url)
        #expect(text.status == 1, "\(text)")
        #expect(text.stdout.isEmpty)
        #expect(text.stderr.hasPrefix("error: "))
        #expect(text.stderr.contains(words), "\(text)")
        let json = try AuthorsExecutable.run(arguments + ["--db", db.path, "--json"], directory: db.folder.url)
        #expect(json.status == 1)
        #expect(json.stdout.isEmpty)
        let object = try #require(try json.errorJSON() as? [String: Any], "\(json)")
        let error = try #require(object["error"] as? [String: Any])
        #expect(error["kind"] as? String == kind)
        #expect(error["exitCode"] as? Int == 1)
        #expect(try db.authors() == before)
        #expect(try db.bookTitles(of: 1) == books)
    }

    @Test func fieldErrorsAreListedInJSON() throws {
        let db = try Self.seeded()
        let result = try db.expect(1, "add", "--name", "Jon Two", "--email", "jon@EXAMPLE.com", "--json")
        let object = try #require(try result.errorJSON() as? [String: Any])
        let fields = try #require(object["fields"] as? [[String: Any]])
        #expect(fields.count == 1)
        #expect(fields.first?["field"] as? String == "email")
        #expect(fields.first?["code"] as? String == "notUnique")
        #expect(fields.first?["source"] as? String == "store")
    }

    /// Each usage error, with the words its message must contain.
    /// Each usage error, with the words its message must contain and the help it points to.
    static let usageErrors: [(arguments: [String], words: String, help: String)] = [
        (["frobnicate"], "frobnicate", "authors --help"),
        (["lst"], "list", "authors --help"),
        (["edit", "1", "--nme", "X"], "--nme", "authors edit --help"),
        (["add", "--name", "Ann Lee", "--email"], "missing value for '--email'", "authors add --help"),
        (["add", "--name", "Ann Lee"], "--email", "authors add --help"),
        (["edit", "abc", "--name", "Ann Lee"], "abc", "authors edit --help"),
        (["edit", "0", "--name", "Ann Lee"], "'0'", "authors edit --help"),
        (["show"], "ID", "authors show --help"),
        (["list", "--limit", "many"], "many", "authors list --help"),
        (["list", "--limit", "0"], "1 or more", "authors list --help"),
        (["import", "x.csv", "--on-duplicate", "maybe"], "maybe", "authors import --help"),
        (["export", "--format", "xml"], "xml", "authors export --help"),
        (["show", "1", "2"], "2", "authors show --help"),
        (["books", "add", "1", "--title", "Odd", "--year", "20x0"], "--year", "authors books add --help"),
        (["books"], "missing command", "authors books --help"),
        (["books", "ad", "1"], "did you mean 'add'", "authors books --help"),
        (["list", "--db", "a.sqlite"], "'--db' was given more than once", "authors list --help"),
        (["edit", "1", "--name", "A", "--name", "B"], "'--name' was given more than once", "authors edit --help"),
        (["help", "lsit"], "did you mean 'list'", "authors --help"),
        (["completions", "tcsh"], "'bash', 'zsh', 'fish'", "authors completions --help"),
    ]

    @Test(arguments: usageErrors.indices)
    func usageErrorsExitTwoNamingTheArgument(index: Int) throws {
        let (arguments, words, help) = Self.usageErrors[index]
        let db = try Self.seeded()
        let before = db.snapshot()
        let text = try AuthorsExecutable.run(arguments + ["--db", db.path], directory: db.folder.url)
        #expect(text.status == 2, "\(text)")
        #expect(text.stdout.isEmpty)
        #expect(text.stderr.contains(words), "\(text)")
        #expect(text.stderr.hasSuffix("Run '\(help)' for usage.\n"), "\(text)")
        let json = try AuthorsExecutable.run(arguments + ["--db", db.path, "--json"], directory: db.folder.url)
        #expect(json.status == 2)
        let object = try #require(try json.errorJSON() as? [String: Any], "\(json)")
        #expect((object["error"] as? [String: Any])?["kind"] as? String == "usage")
        #expect(db.snapshot() == before)
    }

    @Test func anEmptyDatabasePathIsAUsageErrorAndCreatesNothing() throws {
        let folder = try TemporaryFolder()
        let result = try AuthorsExecutable.run(["list", "--db", ""], directory: folder.url)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("--db"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
    }

    /// A database file and what `--db` is given, for each storage failure.
    enum BadDatabase: String, CaseIterable {
        case textFile, directory, missingFolder, newerSchema, truncated
    }

    @Test(arguments: BadDatabase.allCases)
    func storageFailuresExitThreeNamingThePathAndLeaveTheFileAlone(kind: BadDatabase) throws {
        let folder = try TemporaryFolder()
        var path = folder.path("bad.sqlite")
        switch kind {
        case .textFile: try Data("name,email\nnot a database\n".utf8).write(to: URL(fileURLWithPath: path))
        case .directory: try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        case .missingFolder: path = folder.path("no-such-folder/bad.sqlite")
        case .newerSchema, .truncated:
            let db = try TestDatabase()
            try db.add("Mira Okafor", "mira@example.com")
            if kind == .newerSchema {
                try db.otherWriter("INSERT INTO draftstore_migrations VALUES ('9999_from_the_future', 'x', 0)")
            }
            var bytes = try Data(contentsOf: URL(fileURLWithPath: db.path))
            if kind == .truncated { bytes = bytes.prefix(bytes.count / 2) }
            try bytes.write(to: URL(fileURLWithPath: path))
        }
        let before = FileManager.default.contents(atPath: path)
        // An import reads its file before it opens the database: the file is there and sound.
        try Data("name,email\nBo Li,bo@example.com\n".utf8).write(to: URL(fileURLWithPath: folder.path("people.csv")))
        let listing = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
        for arguments in [["list"], ["add", "--name", "Ann Lee", "--email", "ann@example.com"], ["import", "people.csv"], ["export"]] {
            let text = try AuthorsExecutable.run(arguments + ["--db", path], directory: folder.url)
            #expect(text.status == 3, "\(arguments) \(text)")
            #expect(text.stdout.isEmpty)
            #expect(text.stderr.hasPrefix("error: ") && text.stderr.contains(path), "\(text)")
            let json = try AuthorsExecutable.run(arguments + ["--db", path, "--json"], directory: folder.url)
            #expect(json.status == 3)
            let error = try #require((try json.errorJSON() as? [String: Any])?["error"] as? [String: Any], "\(json)")
            #expect(error["kind"] as? String == "storage")
            #expect((error["message"] as? String)?.contains(path) == true)
        }
        #expect(FileManager.default.contents(atPath: path) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == listing)
    }
}
