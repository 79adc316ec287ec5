import Foundation
import Testing

/// The one-shot commands, run as the built executable: what they print, what they write, their exit codes.
@Suite("authors commands (subprocess)")
struct CommandTests {
    @Test func helpListsEveryCommandAndEachCommandHasHelp() throws {
        let help = try AuthorsExecutable.run(["--help"])
        #expect(help.status == 0)
        for command in ["demo", "add", "edit", "delete", "show", "list", "books add", "form", "import", "export", "--db", "--json"] {
            #expect(help.stdout.contains(command), "\(command) missing from help")
        }
        let edit = try AuthorsExecutable.run(["edit", "--help"])
        #expect(edit.status == 0)
        #expect(edit.stdout.contains("--cancel"))
    }

    @Test func demoWalksThroughOnAFreshDatabase() throws {
        let result = try AuthorsExecutable.run(["demo"])
        #expect(result.status == 0, "\(result)")
        for step in [
            "1. Add", "2. Edit and cancel", "3. Edit and save", "4. A conflict", "5. A duplicate", "base 'Octavia Butler'", "Done.",
        ] {
            #expect(result.stdout.contains(step), "\(step) missing")
        }
        #expect(result.stderr.isEmpty)
    }

    @Test func addTrimsAndSavesThenShowAndListReadIt() throws {
        let db = try TestDatabase()
        let added = try db.expect(0, "add", "--name", " Mira Okafor ", "--email", "mira@example.com")
        #expect(added.stdout == "Added author #1  Mira Okafor <mira@example.com>\n")
        try db.expect(0, "add", "--name", "Jon Bay", "--email", "jon@example.com", "--bio", "Poet.")
        #expect(
            try db.authors() == [
                .init(id: 1, name: "Mira Okafor", email: "mira@example.com", bio: nil),
                .init(id: 2, name: "Jon Bay", email: "jon@example.com", bio: "Poet."),
            ])
        #expect(try db.expect(0, "show", "2").stdout == "#2  Jon Bay <jon@example.com> — Poet.\n")
        #expect(try db.expect(0, "list").stdout == "#2  Jon Bay <jon@example.com> — Poet.\n#1  Mira Okafor <mira@example.com>\n")
        #expect(try db.expect(0, "list", "--limit", "1").stdout == "#2  Jon Bay <jon@example.com> — Poet.\n")
        #expect(try db.expect(0, "list", "--search", "MIRA").stdout == "#1  Mira Okafor <mira@example.com>\n")
        #expect(try db.expect(0, "list", "--search", "nobody").stdout == "No authors.\n")
    }

    @Test func editSavesAndEditCancelShowsTheDiffAndWritesNothing() throws {
        let db = try TestDatabase()
        try db.add("Mira Okafor", "mira@example.com")
        let before = db.snapshot()
        let cancelled = try db.expect(0, "edit", "1", "--name", "Mira O.", "--bio", "Sea.", "--cancel")
        #expect(
            cancelled.stdout
                == "Would have saved:\n  name: 'Mira Okafor' → 'Mira O.'\n  bio: (none) → 'Sea.'\nCancelled: nothing was written.\n")
        #expect(db.snapshot() == before)
        let json = try db.expect(0, "edit", "1", "--email", "m@example.com", "--cancel", "--json")
        let object = try #require(try json.outputJSON() as? [String: Any])
        #expect(object["cancelled"] as? Bool == true)
        let changes = try #require(object["changes"] as? [[String: Any]])
        #expect(changes.count == 1)
        #expect(changes.first?["field"] as? String == "email")
        #expect(changes.first?["old"] as? String == "mira@example.com")
        #expect(changes.first?["new"] as? String == "m@example.com")
        #expect(db.snapshot() == before)

        let saved = try db.expect(0, "edit", "1", "--bio", "Writes about the sea.")
        #expect(saved.stdout == "Saved author #1  Mira Okafor <mira@example.com> — Writes about the sea.\n")
        try db.expect(0, "edit", "1", "--bio", "")
        #expect(try db.authors() == [.init(id: 1, name: "Mira Okafor", email: "mira@example.com", bio: nil)])
    }

    @Test func booksAddShowAndDeleteCascade() throws {
        let db = try TestDatabase()
        let mira = try db.add("Mira Okafor", "mira@example.com")
        let book = try db.expect(0, "books", "add", "\(mira)", "--title", "Tide Charts", "--year", "2020")
        #expect(book.stdout == "Added book #1 “Tide Charts” to author #1.\n")
        try db.expect(0, "books", "add", "\(mira)", "--title", " Salt Roads ")
        #expect(try db.bookTitles(of: mira) == ["Tide Charts", "Salt Roads"])
        #expect(try db.expect(0, "show", "1").stdout == "#1  Mira Okafor <mira@example.com>\n  - Salt Roads\n  - Tide Charts (2020)\n")
        let shown = try #require(try db.expect(0, "show", "1", "--json").outputJSON() as? [String: Any])
        let books = try #require(shown["books"] as? [[String: Any]])
        #expect(books.map { $0["title"] as? String } == ["Salt Roads", "Tide Charts"])
        #expect(books.map { $0["year"] is NSNull } == [true, false])

        #expect(try db.expect(0, "delete", "1").stdout == "Deleted author #1 and 2 books.\n")
        #expect(try db.authors().isEmpty)
        #expect(try db.bookTitles(of: mira).isEmpty)
    }

    @Test func jsonResultsParse() throws {
        let db = try TestDatabase()
        let added = try #require(
            try db.expect(0, "add", "--name", "李白", "--email", "li@example.com", "--json").outputJSON() as? [String: Any])
        #expect(added["id"] as? Int == 1)
        #expect(added["name"] as? String == "李白")
        #expect(added["bio"] is NSNull)
        #expect(added["createdAt"] is String)
        let list = try #require(try db.expect(0, "list", "--json").outputJSON() as? [[String: Any]])
        #expect(list.map { $0["email"] as? String } == ["li@example.com"])
        let book = try #require(try db.expect(0, "books", "add", "1", "--title", "Poems", "--json").outputJSON() as? [String: Any])
        #expect(book["authorId"] as? Int == 1)
        let deleted = try #require(try db.expect(0, "delete", "1", "--json").outputJSON() as? [String: Any])
        #expect(deleted["deleted"] as? Int == 1)
        #expect(deleted["booksDeleted"] as? Int == 1)
        #expect(try db.expect(0, "list", "--json").outputJSON() as? [Any] != nil)
    }

    @Test func theDefaultDatabaseIsDraftStoreDBElseAuthorsSqliteHere() throws {
        let folder = try TemporaryFolder()
        let env = folder.path("from-env.sqlite")
        let viaEnv = try AuthorsExecutable.run(
            ["add", "--name", "Ann Lee", "--email", "a@example.com"], environment: ["DRAFTSTORE_DB": env], directory: folder.url)
        #expect(viaEnv.status == 0, "\(viaEnv)")
        #expect(FileManager.default.fileExists(atPath: env))
        #expect(!FileManager.default.fileExists(atPath: folder.path("authors.sqlite")))
        let listed = try AuthorsExecutable.run(["list"], environment: ["DRAFTSTORE_DB": env], directory: folder.url)
        #expect(listed.stdout == "#1  Ann Lee <a@example.com>\n", "\(listed)")
        let here = try AuthorsExecutable.run(["add", "--name", "Bo Li", "--email", "bo@example.com"], directory: folder.url)
        #expect(here.status == 0, "\(here)")
        #expect(FileManager.default.fileExists(atPath: folder.path("authors.sqlite")))
        #expect(try AuthorsExecutable.run(["list"], directory: folder.url).stdout == "#1  Bo Li <bo@example.com>\n")
    }
}
