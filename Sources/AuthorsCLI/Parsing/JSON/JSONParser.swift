/// A strict recursive-descent JSON parser over raw bytes (RFC 8259), for import files.
///
/// The grammar is enforced exactly: no comments, no trailing commas, no single quotes, no leading zeros,
/// nothing after the top-level value but whitespace. A break in the grammar is a ``SyntaxError`` with its
/// byte offset. String contents are decoded separately (``JSONStringDecoder``), so a bad string spoils only
/// the value it is in. A UTF-8 byte order mark at the start is skipped, as RFC 8259 section 8.1 allows.
///
/// See <https://www.rfc-editor.org/rfc/rfc8259>.
///
/// - Complexity: O(*n*) in the size of the document.
struct JSONParser {
    /// A break in the JSON grammar at a byte offset.
    struct SyntaxError: Error {
        /// The 0-based offset of the offending byte (the length of the input for an early end).
        let offset: Int
        /// What was expected, and what was found.
        let reason: String
    }

    /// How deeply arrays and objects may nest before the document is refused.
    static let maximumDepth = 512

    /// The whole document.
    let bytes: [UInt8]
    /// The index of the next unread byte.
    private(set) var position: Int

    /// Creates a parser positioned after a byte order mark, if there is one.
    ///
    /// - Parameter bytes: The document.
    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        self.position = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    /// Skips whitespace and reports whether the input is exhausted.
    mutating func isAtEnd() -> Bool {
        skipWhitespace()
        return position >= bytes.count
    }

    /// Skips whitespace and returns the next byte without consuming it, or `nil` at the end.
    mutating func peek() -> UInt8? {
        skipWhitespace()
        return position < bytes.count ? bytes[position] : nil
    }

    /// Skips whitespace, then consumes `byte`.
    ///
    /// - Parameters:
    ///   - byte: The byte that must come next.
    ///   - context: What it is for, for the message ("after a record").
    /// - Throws: ``SyntaxError`` when another byte, or the end, comes instead.
    mutating func expect(_ byte: UInt8, _ context: String) throws(SyntaxError) {
        guard peek() == byte else {
            throw error("expected '\(Character(UnicodeScalar(byte)))' \(context)")
        }
        position += 1
    }

    /// A syntax error at the current position, naming what was found there.
    ///
    /// - Parameter expectation: What the grammar wanted.
    func error(_ expectation: String) -> SyntaxError {
        let found = position < bytes.count ? "'\(JSONStringDecoder.printable(bytes[position]))'" : "the end of the file"
        return SyntaxError(offset: position, reason: "\(expectation), found \(found)")
    }

    /// Parses one value of any kind.
    ///
    /// - Parameter depth: How many arrays and objects enclose it.
    /// - Returns: The value.
    /// - Throws: ``SyntaxError`` when the bytes do not form a value, or nest too deeply.
    mutating func parseValue(depth: Int = 0) throws(SyntaxError) -> JSONValue {
        guard let byte = peek() else { throw error("expected a value") }
        switch byte {
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "t"): try parseLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try parseLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try parseLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try parseNumber(); return .number
        default: throw error("expected a value")
        }
    }

    /// Parses a string literal at the current position; its content is decoded but may carry a problem.
    ///
    /// - Returns: The decoded text, or the problem with it.
    /// - Throws: ``SyntaxError`` when the string is not closed before the end of the input.
    mutating func parseString() throws(SyntaxError) -> JSONString {
        let opening = position
        position += 1
        let start = position
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "\""):
                let content = start..<position
                position += 1
                return JSONStringDecoder.decode(bytes, content)
            case UInt8(ascii: "\\") where position + 1 < bytes.count:
                position += 2
            default:
                position += 1
            }
        }
        position = bytes.count
        throw SyntaxError(offset: opening, reason: "the string starting here is not closed before the end of the file")
    }

    /// Parses an array whose `[` is at the current position.
    ///
    /// - Parameter depth: The nesting depth of this array.
    /// - Throws: ``SyntaxError`` for a missing `,` or `]`, or nesting beyond ``maximumDepth``.
    private mutating func parseArray(depth: Int) throws(SyntaxError) -> JSONValue {
        guard depth <= Self.maximumDepth else { throw error("arrays and objects nest more than \(Self.maximumDepth) deep") }
        position += 1
        var elements: [JSONValue] = []
        if peek() == UInt8(ascii: "]") {
            position += 1
            return .array(elements)
        }
        while true {
            elements.append(try parseValue(depth: depth))
            if peek() == UInt8(ascii: ",") {
                position += 1
                continue
            }
            try expect(UInt8(ascii: "]"), "or ',' in an array")
            return .array(elements)
        }
    }

    /// Parses an object whose `{` is at the current position.
    ///
    /// - Parameter depth: The nesting depth of this object.
    /// - Throws: ``SyntaxError`` for a key that is not a string, a missing `:`, `,` or `}`, or nesting
    ///   beyond ``maximumDepth``.
    private mutating func parseObject(depth: Int) throws(SyntaxError) -> JSONValue {
        guard depth <= Self.maximumDepth else { throw error("arrays and objects nest more than \(Self.maximumDepth) deep") }
        position += 1
        var members: [(key: JSONString, value: JSONValue)] = []
        if peek() == UInt8(ascii: "}") {
            position += 1
            return .object(members)
        }
        while true {
            guard peek() == UInt8(ascii: "\"") else { throw error("expected a key (a string in double quotes)") }
            let key = try parseString()
            try expect(UInt8(ascii: ":"), "after a key")
            members.append((key, try parseValue(depth: depth)))
            if peek() == UInt8(ascii: ",") {
                position += 1
                continue
            }
            try expect(UInt8(ascii: "}"), "or ',' in an object")
            return .object(members)
        }
    }

    /// Consumes the literal `word` (`true`, `false`, `null`).
    ///
    /// - Parameter word: The literal expected.
    /// - Throws: ``SyntaxError`` when the bytes differ.
    private mutating func parseLiteral(_ word: String) throws(SyntaxError) {
        let utf8 = Array(word.utf8)
        guard bytes[position...].starts(with: utf8) else { throw error("expected '\(word)'") }
        position += utf8.count
    }

    /// Consumes a number: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    ///
    /// - Throws: ``SyntaxError`` when the bytes break that grammar.
    private mutating func parseNumber() throws(SyntaxError) {
        if byte(is: "-") { position += 1 }
        if byte(is: "0") {
            position += 1
        } else {
            guard digits() > 0 else { throw error("expected a digit") }
        }
        if byte(is: ".") {
            position += 1
            guard digits() > 0 else { throw error("expected a digit after '.'") }
        }
        if byte(is: "e") || byte(is: "E") {
            position += 1
            if byte(is: "+") || byte(is: "-") { position += 1 }
            guard digits() > 0 else { throw error("expected a digit in the exponent") }
        }
    }

    /// Consumes ASCII digits and returns how many there were.
    private mutating func digits() -> Int {
        let start = position
        while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) {
            position += 1
        }
        return position - start
    }

    /// Whether the byte at the current position (without skipping whitespace) is `character`.
    ///
    /// - Parameter character: An ASCII character.
    private func byte(is character: Unicode.Scalar) -> Bool {
        position < bytes.count && bytes[position] == UInt8(ascii: character)
    }

    /// Skips JSON whitespace: space, tab, LF and CR.
    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }
}
