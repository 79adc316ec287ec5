/// Reads authors from a JSON import file element by element, by the rules of
/// ``JSONImportReader``: the file's bytes are held whole (a JSON document has no record
/// boundary a reader could find without parsing everything before it), but each element
/// becomes an ``ImportItem`` only when asked for, so no array of records is built.
///
/// - Complexity: O(*n*) in the file's size; memory: the file's bytes and one element.
struct JSONRecordStream {
    /// The parser, inside the array.
    private var parser: JSONParser
    /// The file's name, used in errors.
    private let path: String
    /// The number of the last element read.
    private var number = 0
    /// Whether the closing `]` was read.
    private var finished = false

    /// Checks the document opens an array and reads its `[`.
    ///
    /// - Parameters:
    ///   - bytes: The whole file.
    ///   - path: The file's name, used in errors.
    /// - Throws: ``ImportFileError``: ``ImportFileError/Kind/empty``, ``ImportFileError/Kind/notAnArray``.
    init(_ bytes: [UInt8], path: String) throws(ImportFileError) {
        parser = JSONParser(bytes)
        self.path = path
        guard let first = parser.peek() else { throw ImportFileError(path: path, kind: .empty) }
        guard first == UInt8(ascii: "[") else {
            let offset = parser.position
            throw ImportFileError(path: path, line: JSONImportReader.line(of: offset, in: bytes), byteOffset: offset, kind: .notAnArray)
        }
        do throws(JSONParser.SyntaxError) {
            try parser.expect(UInt8(ascii: "["), "to open the array")
            if parser.peek() == UInt8(ascii: "]") { try finish() }
        } catch {
            throw fileError(error)
        }
    }

    /// The next element as a record or a rejection.
    ///
    /// - Returns: The item, or `nil` after the array's closing `]`.
    /// - Throws: ``ImportFileError/Kind/syntax(_:)`` with the line and byte offset of a grammar
    ///   break (trailing text included).
    mutating func next() throws(ImportFileError) -> ImportItem? {
        guard !finished else { return nil }
        let value: JSONValue
        do throws(JSONParser.SyntaxError) {
            number += 1
            value = try parser.parseValue(depth: 1)
            if parser.peek() == UInt8(ascii: ",") {
                try parser.expect(UInt8(ascii: ","), "between records")
            } else {
                try parser.expect(UInt8(ascii: "]"), "or ',' after record \(number)")
                finished = true
                guard parser.isAtEnd() else { throw parser.error("expected nothing after the array's closing ']'") }
            }
        } catch {
            throw fileError(error)
        }
        switch JSONImportReader.record(from: value, number: number) {
        case .success(let record):
            var withoutBio = false
            if case .object(let members) = value { withoutBio = !members.contains { (try? $0.key.get()) == "bio" } }
            return .record(record, withoutBio: withoutBio)
        case .failure(let rejection): return .rejection(rejection)
        }
    }

    /// Reads the closing `]` of an empty array and checks nothing follows.
    private mutating func finish() throws(JSONParser.SyntaxError) {
        try parser.expect(UInt8(ascii: "]"), "to close the array")
        finished = true
        guard parser.isAtEnd() else { throw parser.error("expected nothing after the array's closing ']'") }
    }

    /// A grammar break as the file's error.
    private func fileError(_ error: JSONParser.SyntaxError) -> ImportFileError {
        ImportFileError(
            path: path, line: JSONImportReader.line(of: error.offset, in: parser.bytes), byteOffset: error.offset,
            kind: .syntax(error.reason))
    }
}
