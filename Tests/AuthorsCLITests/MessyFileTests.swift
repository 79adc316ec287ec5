import Foundation
import Testing

@testable import AuthorsCLI

/// A generated import file and what a correct reader must make of it.
struct MessyFile {
    /// The file's bytes.
    var bytes: [UInt8] = []
    /// The records expected, with their numbers.
    var records: [ImportRecord] = []
    /// The numbers of the records expected to be rejected.
    var rejected: [Int] = []
}

/// Writes messy CSV by hand (not with ``CSVWriter``): random quoting, CRLF or LF, blank lines, a BOM, and
/// bad rows (a missing column, an extra column, bytes that are not UTF-8), tracking physical line numbers.
///
/// - Parameters:
///   - count: How many data rows.
///   - seed: The generator's seed.
func messyCSV(count: Int, seed: UInt64) -> MessyFile {
    var random = SeededGenerator(seed: seed)
    var file = MessyFile(bytes: [0xEF, 0xBB, 0xBF] + Array(" NAME ,Email,bio\r\n".utf8))
    var line = 2
    // Quotes a value when it must be, and at random otherwise.
    func field(_ value: String, random: inout SeededGenerator) -> [UInt8] {
        let needs = value.unicodeScalars.contains { ",\"\r\n".unicodeScalars.contains($0) }
        guard needs || Bool.random(using: &random) else { return Array(value.utf8) }
        return [CSVScanner.quote] + Array(value.replacingOccurrences(of: "\"", with: "\"\"").utf8) + [CSVScanner.quote]
    }
    // The physical line breaks inside a value: LF, CRLF and lone CR each count once.
    func breaks(in value: String) -> Int {
        let scalars = Array(value.unicodeScalars)
        return scalars.indices.filter { index in
            scalars[index] == "\n" || (scalars[index] == "\r" && (index + 1 == scalars.count || scalars[index + 1] != "\n"))
        }.count
    }
    for (index, record) in MessyValues.records(count: count, seed: seed).enumerated() {
        while Int.random(in: 0..<8, using: &random) == 0 {
            file.bytes += Array((Bool.random(using: &random) ? "\r\n" : "  \n").utf8)
            line += 1
        }
        let start = line
        var row: [UInt8]
        switch index % 37 {
        case 5:
            row = field(record.name, random: &random) + [CSVScanner.comma] + field(record.email, random: &random)
            file.rejected.append(start)
        case 11:
            row = field(record.name, random: &random) + Array(",\(record.email),bio,extra".utf8)
            file.rejected.append(start)
        case 23:
            row = Array("Bad ".utf8) + [0xFF, 0xFE] + Array(",\(record.email),".utf8)
            file.rejected.append(start)
        default:
            row = field(record.name, random: &random) + [CSVScanner.comma] + field(record.email, random: &random)
            row.append(CSVScanner.comma)
            if let bio = record.bio { row += bio.isEmpty ? [CSVScanner.quote, CSVScanner.quote] : field(bio, random: &random) }
            file.records.append(ImportRecord(number: start, name: record.name, email: record.email, bio: record.bio))
        }
        // Count the line breaks inside what was written: row 23 replaces the name, rows 5, 11 and 23 drop the bio.
        line += (index % 37 == 23 ? 0 : breaks(in: record.name)) + breaks(in: record.email)
        if ![5, 11, 23].contains(index % 37) { line += breaks(in: record.bio ?? "") }
        file.bytes += row + Array((Bool.random(using: &random) ? "\r\n" : "\n").utf8)
        line += 1
    }
    return file
}

/// Writes a messy JSON array: random `\u` escapes (surrogate pairs for astral scalars), random spacing,
/// and bad records (lone surrogates, a duplicate key, a number for a name).
///
/// - Parameters:
///   - count: How many records.
///   - seed: The generator's seed.
func messyJSON(count: Int, seed: UInt64) -> MessyFile {
    var random = SeededGenerator(seed: seed)
    // A JSON string literal for the value, escaping some non-ASCII scalars at random.
    func literal(_ value: String, random: inout SeededGenerator) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            let escapeIt =
                scalar.value < 0x20 || scalar == "\"" || scalar == "\\" || scalar.value == 0x2028
                || (scalar.value > 0x7F && Bool.random(using: &random))
            guard escapeIt else { out.unicodeScalars.append(scalar); continue }
            for unit in String(scalar).utf16 { out += "\\u" + String(format: "%04X", unit) }
        }
        return out + "\""
    }
    var text = "\u{FEFF}[\n"
    var file = MessyFile()
    for (index, record) in MessyValues.records(count: count, seed: seed).enumerated() {
        let number = index + 1
        let space = Bool.random(using: &random) ? " " : "\n\t"
        let name = literal(record.name, random: &random)
        let email = literal(record.email, random: &random)
        let bio = record.bio.map { literal($0, random: &random) } ?? "null"
        switch index % 29 {
        case 3: text += #"{"name": "x\uD83D", "email": \#(email)}"#; file.rejected.append(number)
        case 9: text += #"{"name": \#(name), "email": "\uDE00y"}"#; file.rejected.append(number)
        case 15: text += #"{"name": \#(name), "name": \#(name), "email": \#(email)}"#; file.rejected.append(number)
        case 21: text += #"{"name": 42,\#(space)"email": \#(email)}"#; file.rejected.append(number)
        default:
            text += "{\(space)\"bio\":\(bio),\(space)\"email\" : \(email), \"name\":\(name)\(space)}"
            file.records.append(ImportRecord(number: number, name: record.name, email: record.email, bio: record.bio))
        }
        text += index == count - 1 ? "\n]\n" : ",\(space)"
    }
    file.bytes = Array(text.utf8)
    return file
}

@Suite("Generated messy files")
struct MessyFileTests {
    @Test func aFewHundredMessyCSVRows() throws {
        let file = messyCSV(count: 400, seed: 2024)
        let result = try CSVReader.read(file.bytes, path: "messy.csv")
        #expect(result.rejections.map(\.number) == file.rejected)
        #expect(result.records.map(\.number) == file.records.map(\.number))
        #expect(result.records.map(ExactValues.init) == file.records.map(ExactValues.init))
        #expect(file.rejected.count == 33)
    }

    @Test func aFewHundredMessyJSONRecords() throws {
        let file = messyJSON(count: 400, seed: 99)
        let result = try JSONImportReader.read(file.bytes, path: "messy.json")
        #expect(result.rejections.map(\.number) == file.rejected)
        #expect(result.records == file.records)
        #expect(result.records.map(ExactValues.init) == file.records.map(ExactValues.init))
        #expect(result.rejections.filter { $0.reason.contains("surrogate") }.count == 28)
    }
}
