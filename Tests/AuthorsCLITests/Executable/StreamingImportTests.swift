import Foundation
import Testing

/// `authors import` of a file of several parts and several batches (a CI size of the 1 GB
/// measurement in README): the same rows as small imports of it, and still all or nothing.
@Suite("authors import streams its file in batches (subprocess)")
struct StreamingImportTests {
    /// Rows of the file: two batches of the importer (10,000 rows each) and more, over two parts
    /// of the reader (1 MiB each).
    static let count = 21_000

    /// Row `i` in the shapes `scripts/make-import-csv` writes (multi-byte names, a comma in a quoted
    /// name, quoted bios with a doubled quote or a line break), and the lines it spans.
    static func row(_ i: Int) -> (text: String, lines: Int) {
        let names = ["Zoë Ångström", "Ана Петрова", "Νίκος Καζαντζάκης", "محمد الخوارزمي", "李白", "Octavia Butler", "O'Brien, Flann"]
        let name = names[i % names.count]
        let nameField = name.contains(",") ? "\"\(name) \(i)\"" : "\(name) \(i)"
        let bio: String
        switch i % 4 {
        case 0: bio = ""
        case 1: bio = "\"Wrote \(i) books, or \"\"so\"\" they say\""
        case 2: bio = "\"First line \(i)\nsecond line\""
        default: bio = "\"First line \(i)\r\nsecond line — ünïcödé\""
        }
        return ("\(nameField),author\(i)@example.com,\(bio)\n", i % 4 >= 2 ? 2 : 1)
    }

    /// A CSV file of rows `rows`, with some rows replaced; and the line each row starts on.
    static func file(_ rows: ClosedRange<Int>, replacing: [Int: String] = [:]) -> (text: String, lines: [Int: Int]) {
        var text = "name,email,bio\n"
        var lines: [Int: Int] = [:]
        var line = 2
        for i in rows {
            lines[i] = line
            if let replacement = replacing[i] {
                text += replacement
                line += 1
            } else {
                let (row, spanned) = row(i)
                text += row
                line += spanned
            }
        }
        return (text, lines)
    }

    @Test func aFileOfManyBatchesImportsAsSmallImportsOfItsRowsDo() throws {
        let large = try TestDatabase()
        let (text, _) = Self.file(1...Self.count)
        #expect(text.utf8.count > 1 << 20)
        let path = try large.write("large.csv", text)
        let imported = try large.expect(0, "import", path)
        #expect(imported.stdout == "imported \(Self.count), updated 0, skipped 0, rejected 0\n")

        let small = try TestDatabase()
        for start in stride(from: 1, through: Self.count, by: 3_000) {
            let piece = try small.write("piece-\(start).csv", Self.file(start...min(start + 2_999, Self.count)).text)
            try small.expect(0, "import", piece)
        }
        #expect(try large.authors() == small.authors())
        #expect(try large.expect(0, "export").stdout == small.expect(0, "export").stdout)
        #expect(try large.authors().count == Self.count)
    }

    @Test func aBadRowLateInTheFileRejectsAllOfItNamingItsLine() throws {
        let db = try TestDatabase()
        try db.add("Mira Okafor", "mira@example.com")
        let before = db.snapshot()
        let late = Self.count - 500
        let (text, lines) = Self.file(1...Self.count, replacing: [late: "Late Row,not-an-address,\n"])
        let path = try db.write("large.csv", text)
        let refused = try db.expect(1, "import", path)
        #expect(refused.stdout == "imported 0, updated 0, skipped 0, rejected 1\n")
        #expect(refused.stderr.contains("\(path):\(lines[late]!): rejected: email"))
        #expect(refused.stderr.contains("Nothing was written"))
        #expect(db.snapshot() == before)
    }

    @Test func aRepeatOfARowOfAnEarlierBatchIsFoundInTheDatabase() throws {
        let db = try TestDatabase()
        let late = Self.count - 10
        let (text, lines) = Self.file(1...Self.count, replacing: [late: "Again,AUTHOR7@example.com,\n"])
        let path = try db.write("large.csv", text)
        let refused = try db.expect(1, "import", path)
        #expect(refused.stderr.contains("\(path):\(lines[late]!): rejected: email: AUTHOR7@example.com repeats an earlier row of the file"))
        #expect(try db.authors().isEmpty)
        let skipped = try db.expect(0, "import", "--on-duplicate", "skip", path)
        #expect(skipped.stdout == "imported \(Self.count - 1), updated 0, skipped 1, rejected 0\n")
    }
}
