import DraftStore
import Foundation
import Testing

/// `authors changes export` and `authors changes apply`: two database files kept in step by hand.
@Suite("authors changes (subprocess)")
struct ChangesTests {
    /// Two databases that start equal: B is a copy of A's file after one author was added.
    static func pair() throws -> (a: TestDatabase, b: TestDatabase) {
        let a = try TestDatabase()
        try a.add("Mira Okafor", "mira@example.com")
        let b = try TestDatabase()
        try FileManager.default.copyItem(atPath: a.path, toPath: b.path)
        return (a, b)
    }

    @Test func twoCopiesKeptInStepByHand() throws {
        let (a, b) = try Self.pair()
        try a.expect(0, "edit", "1", "--bio", "From A.")
        try a.add("Jon Bay", "jon@example.com")
        try b.expect(0, "edit", "1", "--name", "Mira B")
        let fromA = a.folder.path("a.changeset")
        let exported = try a.expect(0, "changes", "export", "--after", "1", fromA)
        #expect(exported.stdout == "Exported changes #2–#3 (2 saves) to \(fromA). Next time: --after 3\n")
        let applied = try b.expect(0, "changes", "apply", fromA)
        #expect(applied.stdout == "Applied 2 row(s) from \(fromA); 0 already as in the file.\n")
        // B's export holds its own save and what the apply wrote: A takes B's state.
        let fromB = b.folder.path("b.changeset")
        try b.expect(0, "changes", "export", "--after", "1", fromB)
        try a.expect(0, "changes", "apply", fromB)
        #expect(try a.authors() == b.authors())
        #expect(try a.authors().map(\.name) == ["Mira B", "Jon Bay"] && a.authors()[0].bio == "From A.")
    }

    @Test func aFieldChangedOnBothSidesIsReportedAndThePolicyDecides() throws {
        let (a, b) = try Self.pair()
        try a.expect(0, "edit", "1", "--name", "Mira A")
        try b.expect(0, "edit", "1", "--name", "Mira B")
        let file = a.folder.path("a.changeset")
        try a.expect(0, "changes", "export", "--after", "1", file)
        let before = b.snapshot()
        let refused = try b.expect(1, "changes", "apply", file)
        #expect(refused.stderr.contains("authors #1 name: base 'Mira Okafor', here 'Mira B', in the file 'Mira A' (not applied)"))
        #expect(b.snapshot() == before)
        let kept = try b.expect(0, "changes", "apply", "--policy", "store-wins", file, "--json")
        let object = try #require(try kept.outputJSON() as? [String: Any])
        let conflicts = try #require(object["conflicts"] as? [[String: Any]])
        #expect(conflicts.count == 1 && conflicts[0]["kind"] as? String == "changedOnBothSides")
        #expect(conflicts[0]["resolution"] as? String == "mineKept")
        #expect(try b.authors()[0].name == "Mira B")
    }

    /// Issue 27, item 9: a changeset that also adds a `draftstore_migrations` row applies the
    /// app's rows only, says what it skipped, and the copy still opens.
    @Test func theStoresOwnTablesInAChangesetAreSkippedAndSaid() throws {
        let (a, b) = try Self.pair()
        let connection = try Connection(path: a.path)
        let session = try Session(connection: connection)
        try connection.execute(
            "INSERT INTO draftstore_migrations VALUES ('9999_newer', 'x', 0); UPDATE authors SET name = 'Mira A' WHERE id = 1;")
        let data = try session.changeset()
        connection.close()
        let file = a.folder.path("crafted.changeset")
        try data.write(to: URL(filePath: file))
        let applied = try b.expect(0, "changes", "apply", file)
        #expect(applied.stdout.hasPrefix("Applied 1 row(s) from \(file)"))
        #expect(applied.stdout.contains("Skipped 1 change(s) to DraftStore's own tables (draftstore_migrations)"))
        try b.expect(0, "list")
        #expect(try b.authors().map(\.name) == ["Mira A"])
    }

    @Test func badInputIsRefusedAndWritesNothing() throws {
        let (a, _) = try Self.pair()
        let junk = try a.write("junk.changeset", "not a changeset")
        let before = a.snapshot()
        let damaged = try a.expect(1, "changes", "apply", junk)
        #expect(damaged.stderr.contains("The changeset is damaged"))
        #expect(a.snapshot() == before)
        #expect(try a.expect(1, "changes", "apply", a.folder.path("missing.changeset")).stderr.contains("cannot read the changeset"))
        #expect(try a.expect(2, "changes", "export", "--after", "-1", "x").stderr.contains("--after must be 0"))
        #expect(try a.expect(2, "changes", "apply", junk, "--policy", "mine").status == 2)
    }
}
