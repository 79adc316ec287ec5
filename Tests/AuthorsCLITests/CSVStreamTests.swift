import Foundation
import Testing

@testable import AuthorsCLI

/// ``CSVStream`` reads a file a part at a time: whatever the part size — so wherever a part ends,
/// inside a quoted field, between the CR and LF of a line break, inside a multi-byte character —
/// it finds the same records, with the same lines, as reading the whole file at once.
@Suite("CSVStream")
struct CSVStreamTests {
    /// A file with every case a cut can fall into: a byte order mark, CRLF and lone CR line ends,
    /// quoted fields holding commas, doubled quotes and line breaks of each kind, two-, three- and
    /// four-byte UTF-8, blank lines, a record with too few fields and one with broken quoting.
    static let file: [UInt8] = Array(
        ("\u{FEFF}name,email,bio\r\n"
            + "Zoë Ångström,zoe@example.com,\"Wrote, \"\"mostly\"\", at night\"\r\n"
            + "李白,li@example.com,\"Line one\r\nline two\nline three\rline four\"\n"
            + "\r\n"
            + "  \t\n"
            + "محمد,m@example.com,👩‍👩‍👧‍👦\r"
            + "Too,few\n"
            + "Bro\"ken,b@example.com,\n"
            + "\"Ана\",\"ana@example.com\",\"\"\r\n"
            + "Last,last@example.com,no line end").utf8)

    /// Every item of `bytes`, read with parts of `partSize` bytes.
    static func items(_ bytes: [UInt8], partSize: Int) throws(ImportFileError) -> [ImportItem] {
        var stream = try CSVRecordStream(ImportByteSource(bytes: bytes), path: "t.csv", partSize: partSize)
        var items: [ImportItem] = []
        while let item = try stream.next() { items.append(item) }
        return items
    }

    @Test func everyPartSizeReadsWhatTheWholeFileReads() throws {
        let whole = try Self.items(Self.file, partSize: Self.file.count)
        #expect(whole.count == 7)
        let records = whole.compactMap { if case .record(let record, _) = $0 { record } else { nil } }
        #expect(records.map(\.number) == [2, 3, 9, 12, 13])
        #expect(records[1].bio == "Line one\r\nline two\nline three\rline four")
        #expect(records[2].bio == "👩‍👩‍👧‍👦")
        #expect(records[3].bio == "")
        for partSize in 1...(Self.file.count + 1) {
            #expect(try Self.items(Self.file, partSize: partSize) == whole, "part size \(partSize)")
        }
    }

    @Test func anUnterminatedQuoteNamesItsLineWhateverThePartSize() {
        let bytes = Array("name,email\nAnn,ann@example.com\nBo,\"bo@example.com\nmore\r\nand more".utf8)
        for partSize in [1, 2, 3, 7, 16, 31, bytes.count, 1 << 20] {
            #expect(throws: ImportFileError(path: "t.csv", line: 3, kind: .unterminatedQuote)) {
                try Self.items(bytes, partSize: partSize)
            }
        }
    }

    @Test func aMultiByteCharacterCutByAPartIsNotRejected() throws {
        // "Zoë" is 5A 6F C3 AB: a part of 14 bytes ends between C3 and AB.
        let bytes = Array("name,email\nZoë,z@example.com\n".utf8)
        #expect(bytes[13] == 0xC3 && bytes[14] == 0xAB)
        let items = try Self.items(bytes, partSize: 14)
        #expect(items == [.record(ImportRecord(number: 2, name: "Zoë", email: "z@example.com", bio: nil), withoutBio: true)])
    }

    @Test func aFileOfOnlyBlankLinesHasNoHeader() {
        for partSize in [1, 4, 1 << 20] {
            #expect(throws: ImportFileError(path: "t.csv", kind: .empty)) { try Self.items(Array("\n \r\n\t\n".utf8), partSize: partSize) }
        }
    }
}
