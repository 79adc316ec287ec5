import Foundation
import Testing

/// `authors demo` never touches an existing database, and says what it did.
@Suite("authors demo and existing databases (subprocess)")
struct DemoSafetyTests {
    @Test func anExistingDatabaseIsRefusedAndLeftAlone() throws {
        let db = try TestDatabase()
        try db.add("Ann Lee", "ann@example.com")
        let before = db.snapshot()
        let result = try db.expect(2, "demo")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("error: authors demo: \(db.path) already exists; the demo writes its own authors"), "\(result)")
        #expect(result.stderr.hasSuffix("Run 'authors demo --help' for usage.\n"))
        #expect(db.snapshot() == before)
        #expect(try db.authors().map(\.name) == ["Ann Lee"])
    }

    @Test func theEnvironmentsDatabaseIsHonouredAndRefusedTheSameWay() throws {
        let db = try TestDatabase()
        try db.add("Ann Lee", "ann@example.com")
        let result = try AuthorsExecutable.run(["demo"], environment: ["DRAFTSTORE_DB": db.path], directory: db.folder.url)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("already exists"))
        #expect(try db.authors().count == 1)
    }

    @Test func aNewPathIsCreatedKeptAndNamed() throws {
        let db = try TestDatabase()
        let result = try db.expect(0, "demo")
        #expect(result.stdout.contains("== Created \(db.path) and applied the migrations 0001_create_authors"), "\(result)")
        #expect(result.stdout.contains("The database is in \(db.path)."))
        #expect(try db.authors().map(\.name) == ["Octavia E. Butler", "Jon Bay", "Someone Else"])
        // A second run refuses instead of failing half-way.
        #expect(try db.expect(2, "demo").stderr.contains("already exists"))
    }

    @Test func withoutAPathItUsesATemporaryDatabaseAndRemovesIt() throws {
        let folder = try TemporaryFolder()
        let result = try AuthorsExecutable.run(["demo"], directory: folder.url)
        #expect(result.status == 0, "\(result)")
        let line = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("== Created a temporary database, ") })
        let path = String(line.dropFirst("== Created a temporary database, ".count).prefix { $0 != "," })
        #expect(!FileManager.default.fileExists(atPath: path), "\(path) was left behind")
        #expect(result.stdout.contains("The temporary database was removed."))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
    }
}
