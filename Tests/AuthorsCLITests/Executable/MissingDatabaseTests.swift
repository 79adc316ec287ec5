import Foundation
import Testing

/// Reading commands on a path that does not exist: exit 3, a message naming the path, and no file
/// created; writing commands create the database as before.
@Suite("authors on a database that does not exist (subprocess)")
struct MissingDatabaseTests {
    @Test(arguments: [["list"], ["show", "1"], ["export"], ["export", "--format", "json"], ["list", "--search", "a"]])
    func readingCommandsRefuseAndCreateNothing(arguments: [String]) throws {
        let folder = try TemporaryFolder()
        let result = try AuthorsExecutable.run(arguments + ["--db", "typo.sqlite"], directory: folder.url)
        #expect(result.status == 3, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("error: typo.sqlite: no such database."), "\(result)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
        let json = try AuthorsExecutable.run(arguments + ["--db", "typo.sqlite", "--json"], directory: folder.url)
        let object = try #require(try json.errorJSON() as? [String: Any], "\(json)")
        #expect((object["error"] as? [String: Any])?["exitCode"] as? Int == 3)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
    }

    @Test func theEnvironmentsPathIsCheckedTheSameWay() throws {
        let folder = try TemporaryFolder()
        let result = try AuthorsExecutable.run(["list"], environment: ["DRAFTSTORE_DB": "missing.sqlite"], directory: folder.url)
        #expect(result.status == 3, "\(result)")
        #expect(result.stderr.contains("missing.sqlite: no such database"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
    }

    @Test func writingCommandsCreateTheDatabase() throws {
        let db = try TestDatabase()
        try db.expect(0, "add", "--name", "Ann Lee", "--email", "ann@example.com")
        #expect(try db.filesBeside() == ["authors.sqlite"])
        #expect(try db.expect(0, "list").stdout == "#1  Ann Lee <ann@example.com>\n")
        let other = try TestDatabase()
        _ = try other.write("people.csv", "name,email\nBo Li,bo@example.com\n")
        try other.expect(0, "import", "people.csv")
        #expect(try other.authors().map(\.name) == ["Bo Li"])
    }
}
