import Foundation
import Testing

@testable import AuthorsCLI

/// Reads `text` (as UTF-8) with ``JSONImportReader``.
///
/// - Parameter text: The JSON file's content.
/// - Returns: The reader's result.
/// - Throws: The reader's ``ImportFileError``.
func readJSON(_ text: String) throws -> ImportReadResult {
    try JSONImportReader.read(Array(text.utf8), path: "t.json")
}

/// Reads `text` with ``JSONImportReader``, expecting an ``ImportFileError``, and returns it.
///
/// - Parameter text: The JSON file's content.
/// - Returns: The error, or `nil` (after recording an issue) when reading succeeded.
func jsonFileError(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> ImportFileError? {
    do {
        let result = try JSONImportReader.read(Array(text.utf8), path: "t.json")
        Issue.record("expected a file error, got \(result)", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

@Suite("JSONImportReader")
struct JSONImportReaderTests {
    @Test func readsRecordsNumberedFromOne() throws {
        let result = try readJSON(
            """
            [
              {"name": "Ann", "email": "ann@x.org", "bio": "Poet"},
              {"email": "bob@x.org", "name": "Bob", "bio": null},
              {"name": "Cy", "email": "cy@x.org"},
              {"name": "Di", "email": "di@x.org", "bio": ""}
            ]
            """)
        #expect(result.rejections.isEmpty)
        #expect(
            result.records == [
                ImportRecord(number: 1, name: "Ann", email: "ann@x.org", bio: "Poet"),
                ImportRecord(number: 2, name: "Bob", email: "bob@x.org", bio: nil),
                ImportRecord(number: 3, name: "Cy", email: "cy@x.org", bio: nil),
                ImportRecord(number: 4, name: "Di", email: "di@x.org", bio: ""),
            ])
        #expect(try readJSON(" [ ] ").records.isEmpty)
    }

    @Test func decodesEscapes() throws {
        let result = try readJSON(#"[{"name": "a\nb\tc\"d\\e\/f\u00e9\u00E9\b\f\r", "email": "x@y.z"}]"#)
        #expect(result.records.first?.name == "a\nb\tc\"d\\e/féé\u{08}\u{0C}\r")
    }

    @Test func surrogatePairsDecodeToOneScalar() throws {
        let result = try readJSON(#"[{"name": "\ud83d\ude00 \uD834\uDD1E", "email": "x@y.z"}]"#)
        #expect(result.records.first?.name == "😀 𝄞")
        #expect(result.records.first?.name.unicodeScalars.first?.value == 0x1F600)
    }

    @Test func loneSurrogatesRejectThatRecordOnly() throws {
        let result = try readJSON(
            #"""
            [
              {"name": "ok", "email": "a@x.org"},
              {"name": "\ud800", "email": "b@x.org"},
              {"name": "x", "email": "c@x.org", "bio": "\udc00 low"},
              {"name": "\ud800\u0041", "email": "d@x.org"},
              {"name": "\uD800\uD800", "email": "e@x.org"},
              {"name": "tail \uDBFF", "email": "f@x.org"},
              {"name": "fine", "email": "g@x.org"}
            ]
            """#)
        #expect(result.records.map(\.number) == [1, 7])
        #expect(result.rejections.map(\.number) == [2, 3, 4, 5, 6])
        #expect(
            result.rejections[0].reason
                == #"record 2: the 'name' value contains a lone high surrogate escape \ud800 (not followed by a low surrogate escape)"#)
        #expect(
            result.rejections[1].reason
                == #"record 3: the 'bio' value contains a lone low surrogate escape \udc00 (not preceded by a high surrogate escape)"#)
        #expect(result.rejections[2].reason.contains("lone high surrogate"))
        #expect(result.rejections[3].reason.contains(#"\uD800"#))
        #expect(result.rejections[4].reason.contains(#"\uDBFF"#))
    }

    @Test func invalidUTF8RejectsTheRecord() throws {
        var bytes = Array(#"[{"name": "ok", "email": "a@x.org"}, {"name": "b"#.utf8)
        bytes += [0xC0, 0xAF] + Array(#"", "email": "b@x.org"}, {"name": "c", "email": "c@x.org"}]"#.utf8)
        let result = try JSONImportReader.read(bytes, path: "t.json")
        #expect(result.records.map(\.name) == ["ok", "c"])
        #expect(
            result.rejections == [
                ImportRejection(number: 2, reason: "record 2: the 'name' value contains bytes that are not valid UTF-8")
            ])
    }

    @Test func recordShapeProblemsAreRejectedPerRecord() throws {
        let result = try readJSON(
            #"""
            [
              {"name": "a", "name": "b", "email": "x@y.z"},
              {"name": 5, "email": "x@y.z"},
              {"name": "a", "email": "x@y.z", "phone": "1"},
              {"name": "a"},
              {"name": null, "email": "x@y.z"},
              {"name": "a", "email": "x@y.z", "bio": ["x"]},
              "just a string",
              {"name": "a", "email": "x@y.z", "bio": "raw	tab"},
              {"name": "a\q", "email": "x@y.z"},
              {"name": "ok", "email": "x@y.z", "bio": {"nested": true}}
            ]
            """#)
        #expect(result.records.isEmpty)
        let reasons = result.rejections.map(\.reason)
        #expect(result.rejections.map(\.number) == Array(1...10))
        #expect(reasons[0] == "record 1: the key 'name' appears more than once")
        #expect(reasons[1] == "record 2: the 'name' value must be a string, found a number")
        #expect(reasons[2] == "record 3: unknown key 'phone'; expected name, email and optionally bio")
        #expect(reasons[3] == "record 4: the key 'email' is missing")
        #expect(reasons[4] == "record 5: the 'name' value must be a string, found null")
        #expect(reasons[5] == "record 6: the 'bio' value must be a string or null, found an array")
        #expect(reasons[6] == "record 7: expected an object with name, email and bio, found a string")
        #expect(reasons[7].contains("raw control character U+0009"))
        #expect(reasons[8].contains(#"invalid escape \q"#))
        #expect(reasons[9].contains("found an object"))
    }

    @Test func syntaxErrorsAreFatalWithOffsetAndLine() {
        let trailingComma = jsonFileError("[\n  {\"name\": \"a\", \"email\": \"b\"},\n]")
        #expect(trailingComma?.line == 3)
        #expect(trailingComma?.byteOffset == 33)
        #expect(trailingComma?.description == "t.json:3: syntax error at byte 33: expected a value, found ']'")
        let missingComma = jsonFileError(#"[{"name": "a", "email": "b"} {"name": "c"}]"#)
        #expect(missingComma?.kind == .syntax("expected ']' or ',' after record 1, found '{'"))
        #expect(jsonFileError(#"[{"name" "a"}]"#)?.kind == .syntax("expected ':' after a key, found '\"'"))
        #expect(jsonFileError(#"[{"name": "a""#)?.kind == .syntax("expected '}' or ',' in an object, found the end of the file"))
        #expect(jsonFileError(#"[{"name": "a}]"#)?.byteOffset == 10)
        #expect(jsonFileError("[01]")?.kind == .syntax("expected ']' or ',' after record 1, found '1'"))
        #expect(jsonFileError("[1.]")?.kind == .syntax("expected a digit after '.', found ']'"))
        #expect(jsonFileError("[tru]")?.kind == .syntax("expected 'true', found 't'"))
        #expect(jsonFileError("[] x")?.kind == .syntax("expected nothing after the array's closing ']', found 'x'"))
        #expect(jsonFileError("[{'name': 1}]") != nil)
        #expect(
            jsonFileError(String(repeating: "[", count: 600))?.kind
                == .syntax("arrays and objects nest more than 512 deep, found '['"))
        #expect(jsonFileError("")?.kind == .empty)
        #expect(jsonFileError("  \n ")?.kind == .empty)
        #expect(jsonFileError(#"{"name": "a"}"#)?.kind == .notAnArray)
    }

    @Test func acceptsAByteOrderMarkAndNumbersElsewhere() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(#"[{"name": "a", "email": "b"}, -1.5e+3, [true, false, null]]"#.utf8)
        let result = try JSONImportReader.read(bytes, path: "t.json")
        #expect(result.records.count == 1)
        #expect(result.rejections.map(\.number) == [2, 3])
    }
}
