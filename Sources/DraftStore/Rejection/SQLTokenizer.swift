/// A small SQL tokenizer for the schema text SQLite keeps in `sqlite_schema`: enough to cut
/// a CHECK's expression out of a `CREATE TABLE`, and the indexed terms and `WHERE` clause out of
/// a `CREATE INDEX`, verbatim. It does not parse SQL; SQLite itself then prepares the pieces
/// (see `Connection/columnsRead(by:)`).
///
/// Tokens: words (keywords and bare identifiers), quoted identifiers (`"a""b"`, `` `a` ``,
/// `[a]`), strings (`'it''s'`), blobs (`x'00'`), numbers, and punctuation; whitespace and
/// comments (`-- …`, `/* … */`) separate tokens. See [Tokenizing SQL](https://www.sqlite.org/lang_keywords.html).
enum SQLTokenizer {
    /// One token and where it is in the text.
    struct Token: Equatable {
        enum Kind: Equatable { case word, quoted, string, number, punctuation }
        let kind: Kind
        /// The token as written.
        let text: String
        /// Its range in the UTF-8 bytes of the text.
        let range: Range<Int>

        /// Whether this is the keyword `word` (case-insensitive).
        func isWord(_ word: String) -> Bool { kind == .word && text.caseInsensitiveCompare(word) == .orderedSame }
        /// Whether this is the punctuation `mark`.
        func isMark(_ mark: String) -> Bool { kind == .punctuation && text == mark }
        /// The identifier it names: unquoted, inner quotes undoubled.
        var identifier: String {
            guard kind == .quoted, text.count >= 2 else { return text }
            let inner = String(text.dropFirst().dropLast())
            switch text.first {
            case "\"": return inner.replacingOccurrences(of: "\"\"", with: "\"")
            case "`": return inner.replacingOccurrences(of: "``", with: "`")
            default: return inner
            }
        }
    }

    /// The tokens of `sql`.
    static func tokens(_ sql: String) -> [Token] {
        var scanner = Scanner(bytes: Array(sql.utf8))
        while scanner.index < scanner.bytes.count { scanner.scanOne() }
        return scanner.tokens
    }

    /// The state of one tokenization: the bytes, where it is, and the tokens so far.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        var tokens: [Token] = []

        /// Whether a byte may be part of a word (an identifier or keyword) or a number.
        static func isWordByte(_ byte: UInt8) -> Bool {
            byte >= 0x80 || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
                || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
        }

        /// Whether the byte after the current one is `byte`.
        func nextIs(_ scalar: Unicode.Scalar) -> Bool {
            index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: scalar)
        }

        /// Adds the token `start..<end` and moves past it.
        mutating func add(_ kind: Token.Kind, _ start: Int, _ end: Int) {
            tokens.append(Token(kind: kind, text: String(decoding: bytes[start..<end], as: UTF8.self), range: start..<end))
            index = end
        }

        /// The end of a quoted run starting at `start` and closed by `close` (doubled to escape, unless `]`).
        func quotedEnd(from start: Int, close: UInt8) -> Int {
            var end = start + 1
            while end < bytes.count {
                if bytes[end] == close {
                    if close != UInt8(ascii: "]"), end + 1 < bytes.count, bytes[end + 1] == close {
                        end += 2
                        continue
                    }
                    return end + 1
                }
                end += 1
            }
            return bytes.count
        }

        /// The end of the run of bytes from the current one that `belongs` accepts.
        func runEnd(_ belongs: (UInt8) -> Bool) -> Int {
            var end = index
            while end < bytes.count, belongs(bytes[end]) { end += 1 }
            return end
        }

        /// Reads the token (or the blank or comment) at the current byte.
        mutating func scanOne() {
            let byte = bytes[index]
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0C, 0x0D:
                index += 1
            case UInt8(ascii: "-") where nextIs("-"):
                index = runEnd { $0 != 0x0A }
            case UInt8(ascii: "/") where nextIs("*"):
                index += 2
                while index + 1 < bytes.count, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) { index += 1 }
                index = min(bytes.count, index + 2)
            case UInt8(ascii: "'"):
                add(.string, index, quotedEnd(from: index, close: byte))
            case UInt8(ascii: "\""), UInt8(ascii: "`"), UInt8(ascii: "["):
                add(.quoted, index, quotedEnd(from: index, close: byte == UInt8(ascii: "[") ? UInt8(ascii: "]") : byte))
            case UInt8(ascii: "x") where nextIs("'"), UInt8(ascii: "X") where nextIs("'"):
                add(.string, index, quotedEnd(from: index + 1, close: UInt8(ascii: "'")))
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                add(.number, index, runEnd { Self.isWordByte($0) || $0 == UInt8(ascii: ".") })
            default:
                if Self.isWordByte(byte) {
                    add(.word, index, runEnd(Self.isWordByte))
                } else {
                    let two = index + 1 < bytes.count ? String(decoding: bytes[index...index + 1], as: UTF8.self) : ""
                    let length = ["||", "<=", ">=", "<>", "!=", "==", "<<", ">>", "->"].contains(two) ? 2 : 1
                    add(.punctuation, index, index + length)
                }
            }
        }
    }

    /// The source text of tokens `range` of `tokens`, verbatim (comments inside included).
    static func text(_ sql: String, _ tokens: ArraySlice<Token>) -> String {
        guard let first = tokens.first, let last = tokens.last else { return "" }
        return String(decoding: Array(sql.utf8)[first.range.lowerBound..<last.range.upperBound], as: UTF8.self)
    }

    /// Splits the tokens between an opening parenthesis at `open` and its match at top-level
    /// commas; returns the parts and the index of the closing parenthesis.
    static func parenthesized(_ tokens: [Token], open: Int) -> (parts: [ArraySlice<Token>], close: Int) {
        var parts: [ArraySlice<Token>] = []
        var depth = 0
        var start = open + 1
        for index in open..<tokens.count {
            if tokens[index].isMark("(") { depth += 1 }
            if tokens[index].isMark(")") {
                depth -= 1
                if depth == 0 {
                    if start < index { parts.append(tokens[start..<index]) }
                    return (parts, index)
                }
            }
            if depth == 1, tokens[index].isMark(",") {
                parts.append(tokens[start..<index])
                start = index + 1
            }
        }
        return (parts, tokens.count)
    }
}
