import Foundation
import Testing

@testable import AuthorsCLI

/// Reads `text` (as UTF-8) with ``CSVReader``.
///
/// - Parameter text: The CSV file's content.
/// - Returns: The reader's result.
/// - Throws: The reader's ``ImportFileError``.
func readCSV(_ text: String) throws -> ImportReadResult {
    try CSVReader.read(Array(text.utf8), path: "t.csv")
}

/// Reads `text` with ``CSVReader``, expecting an ``ImportFileError``, and returns it.
///
/// - Parameter bytes: The CSV file's content.
/// - Returns: The error, or `nil` (after recording an issue) when reading succeeded.
func csvFileError(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> ImportFileError? {
    do {
        let result = try CSVReader.read(bytes, path: "t.csv")
        Issue.record("expected a file error, got \(result)", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

@Suite("CSVReader")
struct CSVReaderTests {
    @Test func readsASimpleFileWithLineNumbers() throws {
        let result = try readCSV("name,email,bio\nAnn,ann@example.com,Poet\nBob,bob@example.com,\n")
        #expect(result.rejections.isEmpty)
        #expect(
            result.records == [
                ImportRecord(number: 2, name: "Ann", email: "ann@example.com", bio: "Poet"),
                ImportRecord(number: 3, name: "Bob", email: "bob@example.com", bio: nil),
            ])
    }

    @Test func skipsTheByteOrderMarkAndAcceptsCRLF() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("Name,EMAIL\r\nAnn,a@x.org\r\n\r\nBob,b@x.org".utf8)
        let result = try CSVReader.read(bytes, path: "t.csv")
        #expect(
            result.records == [
                ImportRecord(number: 2, name: "Ann", email: "a@x.org", bio: nil),
                ImportRecord(number: 4, name: "Bob", email: "b@x.org", bio: nil),
            ])
    }

    @Test func headerColumnsAreTrimmedCaseInsensitiveAndInAnyOrder() throws {
        let result = try readCSV(" Email ,\tBIO, name \nx@y.z,,Zoë\n")
        #expect(result.records == [ImportRecord(number: 2, name: "Zoë", email: "x@y.z", bio: nil)])
    }

    @Test func quotedFieldsHoldCommasNewlinesAndDoubledQuotes() throws {
        let text =
            "name,email,bio\n"
            + "\"Lee, Ann\",ann@x.org,\"She said \"\"hi\"\"\nand left,\r\nfor good\"\n"
            + "Bob,bob@x.org,\"\"\n"
            + "Cy,cy@x.org,plain\n"
        let result = try readCSV(text)
        #expect(result.rejections.isEmpty)
        #expect(
            result.records == [
                ImportRecord(number: 2, name: "Lee, Ann", email: "ann@x.org", bio: "She said \"hi\"\nand left,\r\nfor good"),
                ImportRecord(number: 5, name: "Bob", email: "bob@x.org", bio: ""),
                ImportRecord(number: 6, name: "Cy", email: "cy@x.org", bio: "plain"),
            ])
    }

    @Test func blankLinesAreSkippedButCounted() throws {
        let result = try readCSV("\n\nname,email\n\n   \n\t\nAnn,a@x.org\n\n")
        #expect(result.records == [ImportRecord(number: 7, name: "Ann", email: "a@x.org", bio: nil)])
        #expect(result.rejections.isEmpty)
    }

    @Test func wrongFieldCountsAreRejectedWithTheirLine() throws {
        let text =
            "name,email,bio\n"
            + "Ann,a@x.org\n"
            + "\"multi\nline\",m@x.org,bio\n"
            + "Bob,b@x.org,bio,extra\n"
            + "Cy,c@x.org,ok\n"
        let result = try readCSV(text)
        #expect(result.records.map(\.number) == [3, 6])
        #expect(result.rejections.map(\.number) == [2, 5])
        #expect(result.rejections[0].reason.contains("expected 3 fields (name, email, bio), found 2"))
        #expect(result.rejections[1].reason.contains("found 4"))
    }

    @Test func brokenQuotingRejectsOnlyThatRecord() throws {
        let result = try readCSV("name,email\nO\"Brien,o@x.org\n\"Ann\"x,a@x.org\nBob,b@x.org\n")
        #expect(result.records == [ImportRecord(number: 4, name: "Bob", email: "b@x.org", bio: nil)])
        #expect(result.rejections.map(\.number) == [2, 3])
        #expect(result.rejections[0].reason.contains("inside unquoted field 1"))
        #expect(result.rejections[1].reason.contains("after the closing quote of field 1"))
    }

    @Test func invalidUTF8IsRejectedWithItsLineNeverReplaced() throws {
        var bytes = Array("name,email,bio\n\"a\nb\",ok@x.org,\n".utf8)
        bytes += Array("Bad".utf8) + [0xC3, 0x28] + Array(",bad@x.org,\n".utf8)
        bytes += Array("Ann,a@x.org,".utf8) + [0xED, 0xA0, 0x80] + Array("\n".utf8)  // an encoded surrogate
        bytes += Array("Zoë,z@x.org,\n".utf8)
        let result = try CSVReader.read(bytes, path: "t.csv")
        #expect(result.records.map(\.name) == ["a\nb", "Zoë"])
        #expect(result.rejections.map(\.number) == [4, 5])
        #expect(result.rejections[0].reason == "the 'name' field (column 1) is not valid UTF-8")
        #expect(result.rejections[1].reason == "the 'bio' field (column 3) is not valid UTF-8")
        #expect(!result.records.contains { $0.name.contains("\u{FFFD}") || ($0.bio ?? "").contains("\u{FFFD}") })
    }

    @Test func namesInManyScriptsAndSpacesAreKeptAsWritten() throws {
        let names = [
            "Zoë Ångström-Łukasiewicz", "李白", "山田 太郎", "محمد بن موسى الخوارزمي", "עִבְרִית",
            "👩‍👩‍👧‍👦 Family", "🧑🏽‍💻 Coder", "  spaced  ", "\u{00A0}nbsp\u{00A0}", "Ελληνικά", "Ñandú",
            "e\u{0301}",  // a decomposed é stays decomposed
        ]
        var text = "name,email\n"
        for (index, name) in names.enumerated() { text += "\(name),u\(index)@x.org\n" }
        let result = try readCSV(text)
        #expect(result.rejections.isEmpty)
        #expect(result.records.map(\.name) == names)
        #expect(result.records[8].name.unicodeScalars.first == "\u{00A0}")
        #expect(Array(result.records[11].name.unicodeScalars) == ["e", "\u{0301}"])
    }

    @Test func headerProblemsAreFatal() {
        let unknown = csvFileError(Array("name,email,phone, Fax \nA,a@x.org,1,2\n".utf8))
        #expect(unknown?.kind == .unknownColumns(["phone", "Fax"]))
        #expect(unknown?.line == 1)
        #expect(
            unknown?.description == "t.csv:1: unknown columns 'phone', 'Fax' in the header; "
                + "expected name, email and optionally bio")
        #expect(csvFileError(Array("name,bio\n".utf8))?.kind == .missingColumns(["email"]))
        #expect(csvFileError(Array("\n\nname,Name,email\n".utf8))?.kind == .duplicateColumns(["name"]))
        #expect(csvFileError(Array("\n\nname,Name,email\n".utf8))?.line == 3)
        #expect(csvFileError(Array("".utf8))?.kind == .empty)
        #expect(csvFileError([0xEF, 0xBB, 0xBF, 0x0A, 0x0A])?.kind == .empty)
        #expect(
            csvFileError(Array("na".utf8) + [0xFF] + Array("me,email\n".utf8))?.kind
                == .malformedHeader("column 1 is not valid UTF-8"))
    }

    @Test func anUnterminatedQuoteNamesTheLineItOpensOn() {
        let error = csvFileError(Array("name,email\nAnn,a@x.org\nBob,\"b@x.org\nCy,c@x.org\n\n".utf8))
        #expect(error?.kind == .unterminatedQuote)
        #expect(error?.line == 3)
        #expect(error?.description == "t.csv:3: unterminated quoted field (the quote opens on line 3)")
    }

    @Test func loneCarriageReturnsEndLines() throws {
        let result = try readCSV("name,email\rAnn,a@x.org\r\"x\ry\",b@x.org\rBob,c@x.org")
        #expect(result.records.map(\.number) == [2, 3, 5])
        #expect(result.records[1].name == "x\ry")
    }

    @Test func readsFromData() throws {
        let result = try CSVReader.read(Data("name,email\nA,a@x.org\n".utf8), path: "t.csv")
        #expect(result.records.count == 1)
    }
}
