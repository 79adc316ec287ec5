import Foundation
import Testing

/// `authors import` and `authors export` run as the built executable.
@Suite("authors import and export (subprocess)")
struct ImportExportTests {
    /// Values that are hard to carry through a file: scripts, commas, quotes, line breaks, empty vs missing bio.
    static let tricky: [TestDatabase.Row] = [
        .init(id: 1, name: "Zoë Ångström", email: "zoe@example.com", bio: nil),
        .init(id: 2, name: "Lee, \"Ann\"", email: "ann@example.com", bio: ""),
        .init(id: 3, name: "محمد الخوارزمي", email: "m@example.com", bio: "Line one,\nline \"two\"\r\nthree"),
        .init(id: 4, name: "李白", email: "li@example.com", bio: "👩‍👩‍👧‍👦 e\u{301} é\ttab"),
        .init(id: 5, name: "O'Brien", email: "ob@example.com", bio: ",\"\","),
    ]

    @Test(arguments: ["csv", "json"])
    func exportThenImportIsExact(format: String) throws {
        let source = try TestDatabase()
        let seed = [
            "name,email,bio",
            "Zoë Ångström,zoe@example.com,",
            #""Lee, ""Ann""",ann@example.com,"""#,
            "محمد الخوارزمي,m@example.com,\"Line one,\nline \"\"two\"\"\r\nthree\"",
            "李白,li@example.com,\"👩‍👩‍👧‍👦 e\u{301} é\ttab\"",
            #"O'Brien,ob@example.com,","""",""#,
        ]
        let file = try source.write("seed.csv", seed.joined(separator: "\n") + "\n")
        let seeded = try source.expect(0, "import", file)
        #expect(seeded.stdout == "imported 5, updated 0, skipped 0, rejected 0\n")
        #expect(try source.authors() == Self.tricky)

        let exported = try source.expect(0, "export", "--format", format)
        let copy = try TestDatabase()
        let path = try copy.write("export.\(format)", exported.stdout)
        try copy.expect(0, "import", path)
        #expect(try copy.authors() == Self.tricky)
        #expect(try copy.authors().map { $0.bio.map { Array($0.utf8) } } == Self.tricky.map { $0.bio.map { Array($0.utf8) } })
        #expect(try copy.expect(0, "export", "--format", format).stdout == exported.stdout)
        if format == "json" {
            let records = try #require(try JSONSerialization.jsonObject(with: Data(exported.stdout.utf8)) as? [[String: Any]])
            #expect(records.map { $0["name"] as? String } == Self.tricky.map(\.name))
            #expect(try copy.expect(0, "export", "--json").stdout == exported.stdout)
        }
    }

    @Test func oneBadRowAmongGoodOnesLeavesTheDatabaseUnchanged() throws {
        let db = try TestDatabase()
        try db.add("Mira Okafor", "mira@example.com")
        let before = db.snapshot()
        let file = try db.write(
            "people.csv",
            "name,email,bio\nAnn Lee,ann@example.com,\nB,bo@example.com,\nCy Young,cy@@example.com,\nDi Ng,di@example.com\nEd Li,MIRA@example.com,\n"
        )
        let result = try db.expect(1, "import", file)
        #expect(result.stdout == "imported 0, updated 0, skipped 0, rejected 4\n")
        #expect(
            result.stderr == """
                \(file):3: rejected: name: Enter at least 2 characters
                \(file):4: rejected: email: Enter an e-mail address like name@example.com
                \(file):5: rejected: expected 3 fields (name, email, bio), found 2; a field is missing (a value containing a comma must be quoted)
                \(file):6: rejected: email: MIRA@example.com is already used by author #1
                Nothing was written: the import is all or nothing (use --each to save the valid rows).

                """)
        #expect(db.snapshot() == before)

        let json = try db.expect(1, "import", file, "--json")
        let object = try #require(try json.outputJSON() as? [String: Any])
        #expect(object["imported"] as? Int == 0)
        #expect((object["rejected"] as? [[String: Any]])?.map { $0["line"] as? Int } == [3, 4, 5, 6])
        #expect(db.snapshot() == before)
    }

    @Test func eachSavesTheGoodRowsAndListsTheBad() throws {
        let db = try TestDatabase()
        let file = try db.write(
            "people.json",
            #"""
            [{"name": "Ann Lee", "email": "ann@example.com"},
             {"name": "x\ud800", "email": "x@example.com"},
             {"name": "B", "email": "bo@example.com"},
             {"name": "Cy Young", "email": "cy@example.com", "bio": "Pitcher."}]
            """#)
        let result = try db.expect(1, "import", file, "--each")
        #expect(result.stdout == "imported 2, updated 0, skipped 0, rejected 2\n")
        #expect(result.stderr.contains("\(file): record 2: rejected: the 'name' value contains a lone high surrogate escape \\ud800"))
        #expect(result.stderr.contains("\(file): record 3: rejected: name: Enter at least 2 characters"))
        #expect(try db.authors().map(\.name) == ["Ann Lee", "Cy Young"])
        let again = try db.expect(1, "import", file, "--each", "--on-duplicate", "skip", "--json")
        #expect((try again.outputJSON() as? [String: Any])?["skipped"] as? Int == 2)
    }

    /// Duplicates against the database (Mira) and within the file (ann, in another case).
    static let duplicates = "name,email\nMira O.,MIRA@example.COM\nAnn Lee,ann@example.com\nAnn Two,ANN@Example.com\n"

    @Test func onDuplicateFailRefusesTheWholeFile() throws {
        let db = try TestDatabase()
        try db.add("Mira Okafor", "mira@example.com", bio: "Sea.")
        let before = db.snapshot()
        let file = try db.write("dupes.csv", Self.duplicates)
        let result = try db.expect(1, "import", file, "--on-duplicate", "fail")
        #expect(result.stderr.contains("\(file):2: rejected: email: MIRA@example.COM is already used by author #1"))
        #expect(result.stderr.contains("\(file):4: rejected: email: ANN@Example.com repeats an earlier row of the file"))
        #expect(db.snapshot() == before)
        #expect(try db.expect(1, "import", file).stdout == result.stdout)  // fail is the default
    }

    @Test func onDuplicateSkipKeepsTheFirst() throws {
        let db = try TestDatabase()
        try db.add("Mira Okafor", "mira@example.com", bio: "Sea.")
        let result = try db.expect(0, "import", try db.write("dupes.csv", Self.duplicates), "--on-duplicate", "skip")
        #expect(result.stdout == "imported 1, updated 0, skipped 2, rejected 0\n")
        #expect(
            try db.authors() == [
                .init(id: 1, name: "Mira Okafor", email: "mira@example.com", bio: "Sea."),
                .init(id: 2, name: "Ann Lee", email: "ann@example.com", bio: nil),
            ])
    }

    @Test func onDuplicateUpdateTakesTheLastAndKeepsABioTheFileDoesNotMention() throws {
        let db = try TestDatabase()
        try db.add("Mira Okafor", "mira@example.com", bio: "Sea.")
        let result = try db.expect(0, "import", try db.write("dupes.csv", Self.duplicates), "--on-duplicate", "update")
        #expect(result.stdout == "imported 1, updated 1, skipped 0, repeated 1, rejected 0\n")
        #expect(
            try db.authors() == [
                .init(id: 1, name: "Mira O.", email: "MIRA@example.COM", bio: "Sea."),
                .init(id: 2, name: "Ann Two", email: "ANN@Example.com", bio: nil),
            ])
        let withBio = try db.write("bio.csv", "name,email,bio\nMira O.,mira@example.com,\n")
        try db.expect(0, "import", withBio, "--on-duplicate", "update")
        #expect(try db.authors().first?.bio == nil)
    }

    @Test(
        arguments: [
            ("missing.csv", nil, "no such file"),
            ("empty.csv", "", "the file is empty"),
            ("header.csv", "name,phone\nAnn,1\n", "unknown column 'phone'"),
            ("open.csv", "name,email\n\"Ann,a@x.org\n", "unterminated quoted field"),
            ("broken.json", "[{\"name\": \"Ann\",]", "syntax error"),
        ] as [(String, String?, String)])
    func anUnreadableFileIsRefusedNamingIt(name: String, content: String?, words: String) throws {
        let db = try TestDatabase()
        let path = try content.map { try db.write(name, $0) } ?? db.folder.path(name)
        let result = try db.expect(1, "import", path)
        #expect(result.stderr.hasPrefix("error: \(path)"), "\(result)")
        #expect(result.stderr.contains(words), "\(result)")
        // A file refused at its start (missing, empty, a bad header) creates no database; one
        // refused further on leaves the database it created empty.
        let refusedAtStart = !["open.csv", "broken.json"].contains(name)
        #expect(FileManager.default.fileExists(atPath: db.path) == !refusedAtStart)
        if !refusedAtStart { #expect(try db.authors().isEmpty) }
    }
}
