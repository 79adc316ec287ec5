/// Splits CSV bytes into records of raw fields, following RFC 4180, and counts physical lines.
///
/// The scanner knows nothing of headers or UTF-8: it yields byte fields, remembering for each whether it
/// was quoted, and for each record the line it starts on and, if the record breaks the quoting rules,
/// why. ``CSVReader`` turns these into ``ImportRecord``s.
///
/// Rules (RFC 4180, <https://www.rfc-editor.org/rfc/rfc4180>):
/// - Fields are separated by `,`; records end at CRLF, LF, or a lone CR (each counts as one line break).
/// - A field that starts with `"` is quoted: it may hold commas, quotes written as `""`, and line breaks
///   (kept byte for byte, and counted as physical lines). After the closing quote only a comma, a line
///   break or the end of the file may follow.
/// - A `"` inside an unquoted field, or text after a closing quote, makes the record malformed (the rest
///   of the record is still consumed so the next record starts cleanly).
/// - A quote still open at the end of the file cannot be recovered from: everything after it is in doubt.
///
/// - Complexity: Each byte is looked at a constant number of times: O(*n*) for the whole input.
struct CSVScanner {
    /// One field's bytes, with quotes removed and `""` turned into `"`.
    struct Field {
        /// The field's content bytes (not yet checked as UTF-8).
        var bytes: ArraySlice<UInt8>
        /// Whether the field was written in quotes; an unquoted empty field and `""` differ only in this.
        var isQuoted: Bool
    }

    /// One record's raw fields and where it starts.
    struct Record {
        /// The 1-based physical line the record starts on.
        let line: Int
        /// The fields in order; a record always has at least one (possibly empty) field.
        var fields: [Field] = []
        /// Why the record breaks the quoting rules, or `nil` if it does not.
        var malformation: String?

        /// Whether the line is blank: a single unquoted field of only spaces and tabs (or nothing).
        var isBlank: Bool {
            guard fields.count == 1, let field = fields.first, !field.isQuoted, malformation == nil else {
                return false
            }
            return field.bytes.allSatisfy { $0 == CSVScanner.space || $0 == CSVScanner.tab }
        }
    }

    /// The byte `"`.
    static let quote = UInt8(ascii: "\"")
    /// The byte `,`.
    static let comma = UInt8(ascii: ",")
    /// The byte CR.
    static let carriageReturn = UInt8(ascii: "\r")
    /// The byte LF.
    static let lineFeed = UInt8(ascii: "\n")
    /// The byte space.
    static let space = UInt8(ascii: " ")
    /// The byte horizontal tab.
    static let tab = UInt8(ascii: "\t")

    /// The whole input.
    let bytes: [UInt8]
    /// The index of the next unread byte.
    private(set) var position: Int
    /// The 1-based physical line of the next unread byte.
    private(set) var line = 1

    /// Creates a scanner over `bytes`, skipping a UTF-8 byte order mark (EF BB BF) at the very start.
    ///
    /// - Parameter bytes: The file's content.
    init(_ bytes: [UInt8]) {
        self.init(bytes, line: 1, skipsByteOrderMark: true)
    }

    /// Creates a scanner over a part of a file (``CSVStream``) that starts at a record's start.
    ///
    /// - Parameters:
    ///   - bytes: The part's content.
    ///   - line: The 1-based physical line its first byte is on.
    ///   - skipsByteOrderMark: Whether a UTF-8 byte order mark at its start is skipped (the file's start).
    init(_ bytes: [UInt8], line: Int, skipsByteOrderMark: Bool) {
        self.bytes = bytes
        self.position = skipsByteOrderMark && bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        self.line = line
    }

    /// The number of bytes scanned over.
    var count: Int { bytes.count }

    /// Reads the next record, blank ones included.
    ///
    /// - Returns: The record, or `nil` at the end of the input.
    /// - Throws: The line a quoted field opened on, when that field is not closed before the end of the input.
    mutating func nextRecord() throws(UnterminatedQuote) -> Record? {
        guard position < bytes.count else { return nil }
        var record = Record(line: line)
        while true {
            if position < bytes.count, bytes[position] == Self.quote {
                record.fields.append(try readQuotedField(into: &record))
            } else {
                record.fields.append(readUnquotedField(into: &record))
            }
            guard position < bytes.count else { return record }
            let byte = bytes[position]
            position += 1
            if byte == Self.comma { continue }
            if byte == Self.carriageReturn, position < bytes.count, bytes[position] == Self.lineFeed {
                position += 1
            }
            line += 1
            return record
        }
    }

    /// Thrown when a quoted field is still open at the end of the input.
    struct UnterminatedQuote: Error {
        /// The 1-based line where the opening quote is.
        let line: Int
    }

    /// Reads an unquoted field up to the next comma, line break or end; a quote in it makes the record malformed.
    ///
    /// - Parameter record: The record being read, marked malformed if a quote appears.
    /// - Returns: The field.
    private mutating func readUnquotedField(into record: inout Record) -> Field {
        let start = position
        while position < bytes.count {
            let byte = bytes[position]
            if byte == Self.comma || byte == Self.lineFeed || byte == Self.carriageReturn { break }
            if byte == Self.quote, record.malformation == nil {
                record.malformation =
                    "a quote (\") inside unquoted field \(record.fields.count + 1); "
                    + "a field containing quotes must be quoted as a whole, with each quote doubled"
            }
            position += 1
        }
        return Field(bytes: bytes[start..<position], isQuoted: false)
    }

    /// Reads a quoted field starting at its opening quote, through its closing quote.
    ///
    /// - Parameter record: The record being read, marked malformed if text follows the closing quote.
    /// - Returns: The field's content, quotes removed and `""` collapsed.
    /// - Throws: ``UnterminatedQuote`` with the opening line when the input ends inside the field.
    private mutating func readQuotedField(into record: inout Record) throws(UnterminatedQuote) -> Field {
        let openingLine = line
        position += 1
        var segmentStart = position
        var collapsed: [UInt8] = []
        var hasDoubledQuote = false
        while true {
            guard position < bytes.count else { throw UnterminatedQuote(line: openingLine) }
            let byte = bytes[position]
            if byte == Self.quote {
                if position + 1 < bytes.count, bytes[position + 1] == Self.quote {
                    collapsed.append(contentsOf: bytes[segmentStart...position])
                    hasDoubledQuote = true
                    position += 2
                    segmentStart = position
                    continue
                }
                break
            }
            if byte == Self.lineFeed {
                line += 1
            } else if byte == Self.carriageReturn, position + 1 >= bytes.count || bytes[position + 1] != Self.lineFeed {
                line += 1
            }
            position += 1
        }
        let content: ArraySlice<UInt8>
        if hasDoubledQuote {
            collapsed.append(contentsOf: bytes[segmentStart..<position])
            content = collapsed[...]
        } else {
            content = bytes[segmentStart..<position]
        }
        position += 1
        if position < bytes.count {
            let next = bytes[position]
            if next != Self.comma, next != Self.lineFeed, next != Self.carriageReturn {
                if record.malformation == nil {
                    record.malformation =
                        "text after the closing quote of field \(record.fields.count + 1); "
                        + "a quote inside a quoted field must be doubled"
                }
                _ = readUnquotedField(into: &record)
            }
        }
        return Field(bytes: content, isQuoted: true)
    }
}
