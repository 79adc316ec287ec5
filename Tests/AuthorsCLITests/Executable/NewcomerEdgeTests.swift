import DraftStore
import Foundation
import Testing

/// The edges a new user met: what is created when, read-only files, `-` for the standard
/// streams, in-memory databases, and an import summary that adds up.
@Suite("authors: a newcomer's edges (subprocess)")
struct NewcomerEdgeTests {
    /// The names of the files in `folder`, sorted.
    static func files(_ folder: TemporaryFolder) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
    }

    @Test(arguments: [":memory:", "file::memory:", "file:x?mode=memory"])
    func anInMemoryDatabaseIsRefusedSinceNothingWouldBeKept(path: String) throws {
        let folder = try TemporaryFolder()
        let added = try AuthorsExecutable.run(
            ["add", "--name", "Ann Lee", "--email", "ann@example.com", "--db", path], directory: folder.url)
        #expect(added.status == 2, "\(added)")
        #expect(added.stderr.contains("in-memory database") && added.stderr.contains("nothing written to it would be kept"))
        #expect(!added.stdout.contains("Added"))
        let listed = try AuthorsExecutable.run(["list", "--db", path], directory: folder.url)
        #expect(listed.status == 2 && listed.stderr.contains("in-memory database"), "\(listed)")
        #expect(try Self.files(folder).isEmpty)
    }

    @Test func readingCommandsCreateNothingNotEvenTheChangesetFile() throws {
        let folder = try TemporaryFolder()
        for arguments in [["list"], ["show", "1"], ["export"], ["changes", "export", "out.changeset"], ["changes", "export", "-"]] {
            let result = try AuthorsExecutable.run(arguments + ["--db", "a.sqlite"], directory: folder.url)
            #expect(result.status == 3, "\(arguments) \(result)")
        }
        #expect(try Self.files(folder).isEmpty)
    }

    @Test func aWritingCommandCreatesTheDatabaseOnlyAfterItsInputWasRead() throws {
        let db = try TestDatabase()
        let missing = try db.expect(1, "import", "missing.csv")
        #expect(missing.stderr == "error: missing.csv: no such file\n")
        _ = try db.write("empty.csv", "")
        _ = try db.write("bad.json", "{\"not\": \"an array\"}")
        try db.expect(1, "import", "empty.csv")
        try db.expect(1, "import", "bad.json")
        try db.expect(1, "import", "-", input: "")
        try db.expect(1, "changes", "apply", "missing.changeset")
        #expect(try db.filesBeside() == ["bad.json", "empty.csv"])
    }

    @Test func aReadOnlyFileIsReadAndNothingIsLeftBesideIt() throws {
        let db = try TestDatabase()
        try db.add("Ann Lee", "ann@example.com")
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: db.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: db.path) }
        let before = db.snapshot()
        #expect(try db.expect(0, "list").stdout == "#1  Ann Lee <ann@example.com>\n")
        try db.expect(0, "show", "1")
        #expect(try db.expect(0, "export").stdout.contains("ann@example.com"))
        try db.expect(0, "changes", "export", "-")
        #expect(try db.filesBeside() == ["authors.sqlite"])
        let refused = try db.expect(3, "add", "--name", "Bo Li", "--email", "bo@example.com")
        #expect(refused.stderr.contains("cannot be written: it is read-only"), "\(refused)")
        #expect(db.snapshot() == before)
        #expect(try db.filesBeside() == ["authors.sqlite"])
    }

    @Test func aReadOnlyFileThatAnotherConnectionHasOpenIsReadThroughItsLog() throws {
        let db = try TestDatabase()
        try db.add("Ann Lee", "ann@example.com")
        // Another program has the database open and committed a row still in its write-ahead log.
        let other = try Connection(path: db.path)
        defer { other.close() }
        try other.execute("PRAGMA wal_autocheckpoint = 0")
        try other.run("UPDATE authors SET name = 'Ann B. Lee' WHERE id = 1")
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: db.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: db.path) }
        #expect(try db.expect(0, "list").stdout == "#1  Ann B. Lee <ann@example.com>\n")
    }

    @Test func aDashIsStandardInputForImportAndApplyAndStandardOutputForExport() throws {
        let a = try TestDatabase()
        let imported = try a.expect(0, "import", "-", input: "name,email\nAnn Lee,ann@example.com\nBo Li,bo@example\n")
        #expect(imported.stdout == "imported 2, updated 0, skipped 0, rejected 0\n")
        #expect(imported.stderr.contains("<stdin>:3: note: the e-mail address 'bo@example' has no dot"), "\(imported)")
        let b = try TestDatabase()
        // A pipe from one copy's export to the other's apply.
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        let program = AuthorsExecutable.url.path
        shell.arguments = ["-c", "'\(program)' changes export - --db '\(a.path)' | '\(program)' changes apply - --db '\(b.path)'"]
        let output = Pipe()
        shell.standardOutput = output
        try shell.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 0, "\(printed)")
        #expect(printed == "Applied 2 row(s) from -; 0 already as in the file.\n")
        #expect(try b.authors() == a.authors())
        // `export -` is standard output, as `export` alone; `export FILE` writes the file.
        let exported = try a.expect(0, "export", "-")
        #expect(exported.stdout == (try a.expect(0, "export").stdout) && exported.stdout.contains("bo@example"))
        try a.expect(0, "export", "--format", "json", a.folder.path("all.json"))
        let back = try TestDatabase()
        try back.expect(0, "import", a.folder.path("all.json"))
        #expect(try back.authors() == a.authors())
    }

    /// The numbers of the summary line `imported 2, updated 1, …`, by word.
    static func counts(_ line: String) -> [String: Int] {
        var counts: [String: Int] = [:]
        for part in line.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",") {
            let words = part.split(separator: " ")
            if words.count == 2, let number = Int(words[1]) { counts[String(words[0])] = number }
        }
        return counts
    }

    @Test(arguments: [["--on-duplicate", "update"], ["--on-duplicate", "skip"], ["--on-duplicate", "fail"]])
    func theSummaryAddsUpToTheRowsRead(policy: [String]) throws {
        let db = try TestDatabase()
        try db.add("Ann Lee", "ann@example.com")
        try db.add("Bo Li", "bo@example.com")
        // 1,000 new rows fill the first group of --each; the last rows repeat e-mails of the file
        // (of the first group and of the last) and of the database, and one is invalid.
        var csv = "name,email\n"
        for number in 1...1000 { csv += "Person \(number),p\(number)@example.com\n" }
        csv += "Again,P1@example.com\nAnn Lee,ann@example.com\nBo Li Changed,bo@example.com\nNew,new@example.com\n"
        csv += "New Again,NEW@example.com\nNo Mail,\n"
        let file = try db.write("people.csv", csv)
        let result = try AuthorsExecutable.run(["import", file, "--each", "--db", db.path] + policy, directory: db.folder.url)
        let counts = Self.counts(result.stdout)
        #expect(counts.values.reduce(0, +) == 1006, "\(result)")
        if policy.last == "update" {
            #expect(counts == ["imported": 1001, "updated": 1, "unchanged": 1, "skipped": 0, "repeated": 2, "rejected": 1])
            #expect(try db.authors().first { $0.email.lowercased() == "p1@example.com" }?.name == "Again")
        }
    }
}
