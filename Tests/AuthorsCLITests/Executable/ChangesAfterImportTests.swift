import Foundation
import Testing

/// Every way `authors import` writes is a recorded change: after an import in any mode, the
/// other copy takes it through `changes export` / `changes apply` and both hold the same rows.
@Suite("authors changes after an import (subprocess)")
struct ChangesAfterImportTests {
    /// Each mode of `import`: its options.
    static let modes: [[String]] = [
        [], ["--each"], ["--on-duplicate", "update"], ["--on-duplicate", "skip"], ["--each", "--on-duplicate", "update"],
        ["--each", "--on-duplicate", "skip"],
    ]

    @Test(arguments: modes)
    func anImportReachesTheOtherCopy(mode: [String]) throws {
        let (a, b) = try ChangesTests.pair()
        // Two new authors; with --on-duplicate, a repeat of one later in the file and the existing author with new values.
        var csv = "name,email,bio\nJon Bay,jon@example.com,First.\nAnn Lee,ann@example.com,\n"
        if mode.contains("--on-duplicate") { csv += "Jon B.,JON@example.com,Second.\nMira O.,mira@example.com,Changed.\n" }
        let file = try a.write("people.csv", csv)
        let imported = try AuthorsExecutable.run(["import", file, "--db", a.path] + mode, directory: a.folder.url)
        #expect(imported.status == 0, "\(mode)\n\(imported)")
        let exported = a.folder.path("a.changeset")
        let export = try a.expect(0, "changes", "export", "--after", "1", exported)
        #expect(export.stdout.hasPrefix("Exported change #2 "), "\(export)")
        try b.expect(0, "changes", "apply", exported)
        #expect(try b.authors() == a.authors(), "\(mode)")
        #expect(try a.authors().count == 3)
        if mode.contains("update") { #expect(try a.authors()[0].name == "Mira O." && a.authors()[1].name == "Jon B.") }
    }

    @Test func everyWritingCommandReachesTheOtherCopy() throws {
        let (a, b) = try ChangesTests.pair()
        let jon = try a.add("Jon Bay", "jon@example.com")
        try a.expect(0, "books", "add", "1", "--title", "Tide Charts", "--year", "2020")
        try a.expect(0, "edit", "1", "--bio", "Sea.")
        try a.expect(0, "delete", "\(jon)")
        let file = a.folder.path("a.changeset")
        let export = try a.expect(0, "changes", "export", "--after", "1", file)
        #expect(export.stdout.hasPrefix("Exported changes #2–#5 (4 saves)"), "\(export)")
        try b.expect(0, "changes", "apply", file)
        #expect(try b.authors() == a.authors())
        #expect(try b.bookTitles(of: 1) == ["Tide Charts"])
    }

    @Test func anImportRefusedAsAWholeRecordsNothing() throws {
        let (a, _) = try ChangesTests.pair()
        let file = try a.write("people.csv", "name,email\nJon Bay,jon@example.com\nMira Again,mira@example.com\n")
        try a.expect(1, "import", file)
        let export = try a.expect(0, "changes", "export", "--after", "1", a.folder.path("a.changeset"))
        #expect(export.stdout.hasPrefix("No changes after #1"))
    }
}
