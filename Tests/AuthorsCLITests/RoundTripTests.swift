import Foundation
import Testing

@testable import AuthorsCLI

@Suite("Export then import: exact round trips")
struct RoundTripTests {
    @Test(arguments: ImportFormat.allCases)
    func everyMessyValueSurvives(format: ImportFormat) throws {
        var records = MessyValues.names.enumerated().map { index, name in
            ImportRecord(name: name, email: "e\(index)@x.org", bio: MessyValues.bios[index % MessyValues.bios.count])
        }
        records += MessyValues.bios.map { ImportRecord(name: "bio", email: "b@x.org", bio: $0) }
        records += MessyValues.records(count: 500)
        let data = format.write(records)
        let result = try format.read([UInt8](data), path: "export.\(format.rawValue)")
        #expect(result.rejections.isEmpty)
        #expect(result.records.map(ExactValues.init) == records.map(ExactValues.init))
    }

    @Test(arguments: ImportFormat.allCases)
    func anEmptyExportReadsBackEmpty(format: ImportFormat) throws {
        let data = format.write([ImportRecord]())
        #expect(try format.read([UInt8](data), path: "empty").records.isEmpty)
    }

    @Test func csvOutputIsRFC4180() {
        let data = CSVWriter.write([
            ImportRecord(name: "Zoë, Jr.", email: "zoe@x.org", bio: nil),
            ImportRecord(name: " Ann ", email: "a@x.org", bio: ""),
            ImportRecord(name: "Say \"hi\"", email: "s@x.org", bio: "two\nlines"),
        ])
        #expect(
            String(decoding: data, as: UTF8.self) == "name,email,bio\r\n"
                + "\"Zoë, Jr.\",zoe@x.org,\r\n"
                + " Ann ,a@x.org,\"\"\r\n"
                + "\"Say \"\"hi\"\"\",s@x.org,\"two\nlines\"\r\n")
    }

    @Test func jsonOutputEscapesControlsAndKeepsUnicode() {
        let data = JSONExportWriter.write([
            ImportRecord(name: "Zoë 李白 😀", email: "z@x.org", bio: nil),
            ImportRecord(name: "a\"b\\c\n\t\u{1}\u{7F}\u{2028}", email: "q@x.org", bio: "/"),
        ])
        #expect(
            String(decoding: data, as: UTF8.self) == """
                [
                  {"name": "Zoë 李白 😀", "email": "z@x.org", "bio": null},
                  {"name": "a\\"b\\\\c\\n\\t\\u0001\\u007f\\u2028", "email": "q@x.org", "bio": "/"}
                ]

                """)
    }

    @Test(arguments: ImportFormat.allCases)
    func aHundredThousandRowsRoundTrip(format: ImportFormat) throws {
        let records = MessyValues.records(count: 100_000, seed: 7)
        let data = format.write(records)
        let result = try format.read([UInt8](data), path: "big.\(format.rawValue)")
        #expect(result.rejections.isEmpty)
        #expect(result.records.count == 100_000)
        #expect(result.records.last.map(ExactValues.init) == records.last.map(ExactValues.init))
    }

    @Test func formatIsToldByContentWhateverTheName() {
        #expect(ImportFormat.detect(path: "a.CSV", bytes: Array("[".utf8)) == .json)
        #expect(ImportFormat.detect(path: "a.csv", bytes: Array("\n {\"name\": 1}".utf8)) == .json)
        #expect(ImportFormat.detect(path: "a.json", bytes: Array("name,email".utf8)) == .csv)
        #expect(ImportFormat.detect(path: "a.json", bytes: []) == nil)
        #expect(ImportFormat.detect(path: "a.txt", bytes: [0xEF, 0xBB, 0xBF] + Array(" \n[".utf8)) == .json)
        #expect(ImportFormat.detect(path: "a", bytes: Array("name,email".utf8)) == .csv)
        #expect(ImportFormat.detect(path: "a", bytes: Array(" \n".utf8)) == nil)
    }

    @Test func readingAFileNamesItWhenItCannotBeRead() throws {
        let missing = "/nonexistent/authors-\(UUID().uuidString).csv"
        #expect(throws: ImportFileError.self) { try ImportFormat.read(contentsOf: missing) }
        do {
            _ = try ImportFormat.read(contentsOf: missing)
        } catch {
            guard case .unreadable = error.kind else { throw TestFailure("expected unreadable, got \(error)") }
            #expect(error.description.hasPrefix(missing + ": cannot read the file"))
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("authors-\(UUID().uuidString).json")
        try Data(#"[{"name": "a", "email": "b"}]"#.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(try ImportFormat.read(contentsOf: url.path).records.count == 1)
    }
}
