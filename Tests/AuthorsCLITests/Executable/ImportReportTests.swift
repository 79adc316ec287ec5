import Foundation
import Testing

/// What `import` reports: a capped list of rejected rows, counts that tell the truth, the format
/// told by the content, and `--each` saving in groups with every row judged on its own.
@Suite("authors import reports (subprocess)")
struct ImportReportTests {
    /// A CSV of `good` valid rows followed by `bad` rows without an e-mail.
    static func csv(good: Int, bad: Int) -> String {
        var text = "name,email\n"
        for index in 0..<good { text += "Author \(index),author\(index)@example.com\n" }
        for index in 0..<bad { text += "Nameless \(index),\n" }
        return text
    }

    @Test func theRejectedRowsAreCappedUnlessVerbose() throws {
        let db = try TestDatabase()
        let path = try db.write("people.csv", Self.csv(good: 2, bad: 25))
        let capped = try db.expect(1, "import", path)
        let lines = capped.stderr.split(separator: "\n")
        #expect(lines.filter { $0.contains(": rejected: ") }.count == 20, "\(capped)")
        #expect(lines.contains("… and 5 more rejected rows (use --verbose to list every one)."))
        #expect(capped.stdout == "imported 0, updated 0, skipped 0, rejected 25\n")
        let verbose = try db.expect(1, "import", path, "--verbose")
        #expect(verbose.stderr.split(separator: "\n").filter { $0.contains(": rejected: ") }.count == 25)
        #expect(!verbose.stderr.contains("more rejected rows"))
        let json = try db.expect(1, "import", path, "--json")
        let object = try #require(try json.outputJSON() as? [String: Any])
        #expect((object["rejected"] as? [Any])?.count == 25, "JSON lists every rejection")
        #expect(try db.authors().isEmpty)
    }

    @Test func eachSavesInGroupsAndJudgesEveryRow() throws {
        let db = try TestDatabase()
        var text = "name,email\n"
        for index in 0..<2_500 { text += index % 500 == 7 ? "Nameless,\n" : "Author \(index),author\(index)@example.com\n" }
        let path = try db.write("people.csv", text)
        let result = try db.expect(1, "import", path, "--each")
        #expect(result.stdout == "imported 2495, updated 0, skipped 0, rejected 5\n", "\(result)")
        #expect(result.stderr.split(separator: "\n").filter { $0.contains(": rejected: ") }.map { $0.prefix { $0 != ":" } }.count == 5)
        #expect(result.stderr.contains("people.csv:9: rejected: email"))
        let stored = try db.authors()
        #expect(stored.count == 2495)
        #expect(stored.first?.name == "Author 0" && stored.last?.name == "Author 2499")
    }

    @Test func updateCountsOnlyRowsWhoseValuesChanged() throws {
        let db = try TestDatabase()
        let path = try db.write("people.csv", "name,email,bio\nAnn Lee,ann@example.com,Poet.\nBo Li,bo@example.com,\n")
        try db.expect(0, "import", path)
        let again = try db.expect(0, "import", path, "--on-duplicate", "update")
        #expect(again.stdout == "imported 0, updated 0, unchanged 2, skipped 0, rejected 0\n")
        let changed = try db.write("changed.csv", "name,email,bio\nAnn Lee,ANN@example.com,Poet.\nBo Li,bo@example.com,Sea.\n")
        let json = try db.expect(0, "import", changed, "--on-duplicate", "update", "--json")
        let object = try #require(try json.outputJSON() as? [String: Any])
        #expect(object["updated"] as? Int == 2)
        #expect(object["unchanged"] as? Int == 0)
        let once = try db.write("once.csv", "name,email,bio\nAnn Lee,ann@example.com,Poet.\nBo Li,bo@example.com,Sea.\n")
        #expect(
            try db.expect(0, "import", once, "--on-duplicate", "update", "--each").stdout.hasPrefix("imported 0, updated 1, unchanged 1,"))
        #expect(try db.authors().map(\.email) == ["ann@example.com", "bo@example.com"])
    }

    @Test func theFormatIsToldByTheContent() throws {
        let db = try TestDatabase()
        let object = try db.write("one.json", "{\"name\": \"Ann Lee\", \"email\": \"ann@example.com\"}\n")
        let refused = try db.expect(1, "import", object)
        #expect(refused.stderr.contains("expected a JSON array of author objects"), "\(refused)")
        #expect(!refused.stderr.contains("header"), "not read as CSV")
        let misnamed = try db.write("people.csv", "[{\"name\": \"Ann Lee\", \"email\": \"ann@example.com\"}]\n")
        #expect(try db.expect(0, "import", misnamed).stdout == "imported 1, updated 0, skipped 0, rejected 0\n")
        let csvNamedJSON = try db.write("people.json", "name,email\nBo Li,bo@example.com\n")
        #expect(try db.expect(0, "import", csvNamedJSON).stdout == "imported 1, updated 0, skipped 0, rejected 0\n")
    }

    @Test func anEmailWithoutADotInItsDomainIsImportedWithANote() throws {
        let db = try TestDatabase()
        let path = try db.write("people.csv", "name,email\nMia Wong,mia@examplecom\nAnn Lee,ann@example.com\n")
        let result = try db.expect(0, "import", path)
        #expect(result.stdout == "imported 2, updated 0, skipped 0, rejected 0\n")
        #expect(
            result.stderr
                == "\(path):2: note: the e-mail address 'mia@examplecom' has no dot in its domain; it was accepted, but check it.\n",
            "\(result)")
        #expect(try db.authors().map(\.email) == ["mia@examplecom", "ann@example.com"])
    }
}

/// `--each` when the database itself refuses rows the file's checks let through.
@Suite("authors import --each and rows the database refuses (subprocess)")
struct ImportEachRefusalTests {
    @Test func aRefusedRowIsRejectedAloneAndItsGroupIsSaved() throws {
        let db = try TestDatabase()
        try db.add("Seed Author", "seed@example.com")
        try db.otherWriter(
            "CREATE TRIGGER refuse_some BEFORE INSERT ON authors WHEN NEW.name LIKE 'Refused%' BEGIN SELECT RAISE(ABORT, 'refused'); END")
        var text = "name,email\n"
        for index in 0..<2_500 { text += "\(index % 1000 == 3 ? "Refused" : "Author") \(index),author\(index)@example.com\n" }
        let path = try db.write("people.csv", text)
        let result = try db.expect(1, "import", path, "--each")
        #expect(result.stdout == "imported 2497, updated 0, skipped 0, rejected 3\n", "\(result)")
        let rejected = result.stderr.split(separator: "\n").filter { $0.contains(": rejected: ") }.map { $0.split(separator: ":")[1] }
        #expect(rejected == ["5", "1005", "2005"], "\(result)")
        #expect(try db.authors().count == 2498)
        #expect(try db.authors().allSatisfy { !$0.name.hasPrefix("Refused") })
        #expect(result.stderr.contains("\(path):5: rejected: refused (refused by the database)"), "\(result)")
        let allOrNothing = try db.expect(1, "import", try db.write("again.csv", "name,email\nRefused Again,again@example.com\n"))
        #expect(allOrNothing.stdout == "imported 0, updated 0, skipped 0, rejected 1\n", "\(allOrNothing)")
        #expect(try db.authors().count == 2498)
    }

    @Test func aFailureOfTheDatabaseItselfStopsAndSaysWhatWasSaved() throws {
        let db = try TestDatabase()
        try db.add("Seed Author", "seed@example.com")
        // Every INSERT now fails to compile: an error of the database, not a refusal of a row.
        try db.otherWriter("CREATE TRIGGER broken BEFORE INSERT ON authors BEGIN SELECT no_such_function(); END")
        let path = try db.write("people.csv", "name,email\nAnn Lee,ann@example.com\nBo Li,bo@example.com\n")
        let result = try db.expect(3, "import", path, "--each")
        #expect(result.stdout == "imported 0, updated 0, skipped 0, rejected 0\n", "\(result)")
        #expect(result.stderr.hasPrefix("error: The database failed while importing ("), "\(result)")
        #expect(result.stderr.hasSuffix("): the rows counted above were saved; \(path):2 and the rows after it were not.\n"))
        #expect(try db.authors().map(\.name) == ["Seed Author"])
    }
}
