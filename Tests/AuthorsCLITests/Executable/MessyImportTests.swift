import Foundation
import Testing

/// A generated file of a few hundred messy rows, imported by the executable, with the exact outcome.
@Suite("authors import of messy files (subprocess)")
struct MessyImportTests {
    @Test(arguments: ["csv", "json"])
    func allOrNothingRefusesTheFileListingEveryBadRow(format: String) throws {
        let db = try TestDatabase()
        try db.add("Seed Author", "seed@example.com")
        let before = db.snapshot()
        let file = format == "csv" ? MessyImport.csv(rows: 300) : MessyImport.json(rows: 300)
        let path = try db.write("messy.\(format)", file.bytes)
        let result = try db.expect(1, "import", path, "--verbose")
        // Every rejected row and every duplicate (refused by the default policy), in file order.
        let refused = file.rows.filter { $0.outcome != .saved }.map(\.number)
        #expect(result.stdout == "imported 0, updated 0, skipped 0, rejected \(refused.count)\n")
        #expect(Self.rejectedNumbers(result.stderr, path: path) == refused)
        #expect(db.snapshot() == before)
    }

    @Test(arguments: ["csv", "json"])
    func eachWithSkipSavesExactlyTheGoodRows(format: String) throws {
        let db = try TestDatabase()
        try db.add("Seed Author", "seed@example.com")
        let file = format == "csv" ? MessyImport.csv(rows: 300) : MessyImport.json(rows: 300)
        let path = try db.write("messy.\(format)", file.bytes)
        let result = try db.expect(1, "import", path, "--each", "--on-duplicate", "skip", "--verbose")
        let saved = file.rows.filter { $0.outcome == .saved }
        let skipped = file.rows.filter { $0.outcome == .duplicate }.count
        let rejected = file.rows.filter { $0.outcome == .rejected }.map(\.number)
        #expect(result.stdout == "imported \(saved.count), updated 0, skipped \(skipped), rejected \(rejected.count)\n")
        #expect(Self.rejectedNumbers(result.stderr, path: path) == rejected)
        let stored = try db.authors().dropFirst()
        // Names and e-mails are stored in Unicode NFC (Author's fields declare it).
        let composed = saved.map { $0.name.precomposedStringWithCanonicalMapping }
        #expect(stored.map(\.name) == composed)
        #expect(stored.map(\.email) == saved.map(\.email.precomposedStringWithCanonicalMapping))
        #expect(stored.map { $0.bio.map { Array($0.utf8) } } == saved.map { $0.bio.map { Array($0.utf8) } })
        #expect(stored.map { Array($0.name.utf8) } == composed.map { Array($0.utf8) })
        #expect(saved.count > 80 && skipped > 40 && rejected.count > 150, "the generator covers every kind")
    }

    /// The line or record numbers of `path:N: rejected:` / `path: record N: rejected:` lines.
    static func rejectedNumbers(_ stderr: String, path: String) -> [Int] {
        stderr.split(separator: "\n").compactMap { line -> Int? in
            guard line.hasPrefix(path), let end = line.range(of: ": rejected:") else { return nil }
            let location = line[line.index(line.startIndex, offsetBy: path.count)..<end.lowerBound]
            return Int(location.drop { !$0.isNumber })
        }
    }
}
