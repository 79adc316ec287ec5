/// A problem that makes a whole import file unreadable, so no record of it can be trusted.
///
/// Problems confined to one record are ``ImportRejection``s instead. The description reads like a
/// compiler diagnostic, naming the file and, where known, the line:
///
/// ```text
/// people.csv:12: unterminated quoted field (the quote opens on line 12)
/// people.json:3: syntax error at byte 41: expected ',' or ']' after a record
/// ```
struct ImportFileError: Error, CustomStringConvertible, Equatable, Sendable {
    /// What is wrong with the file.
    enum Kind: Sendable, Equatable {
        /// The file could not be read at all; the associated text is the system's reason.
        case unreadable(String)
        /// The file holds no header row (CSV) or no JSON value.
        case empty
        /// The CSV header names columns other than name, email and bio (as written, trimmed).
        case unknownColumns([String])
        /// The CSV header lacks required columns (`name`, `email`).
        case missingColumns([String])
        /// The CSV header names a column twice (case-insensitively).
        case duplicateColumns([String])
        /// The CSV header row is not valid UTF-8 or is malformed; the text says how.
        case malformedHeader(String)
        /// A quoted CSV field is still open at the end of the file.
        case unterminatedQuote
        /// The JSON text breaks the grammar; the text says what was expected.
        case syntax(String)
        /// The JSON document's top-level value is not an array.
        case notAnArray
    }

    /// The file, as the user named it.
    let path: String
    /// The 1-based line the problem is on, when known.
    let line: Int?
    /// The 0-based byte offset of the problem, when known (JSON syntax errors).
    let byteOffset: Int?
    /// What is wrong.
    let kind: Kind

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - path: The file.
    ///   - line: The 1-based line, if known.
    ///   - byteOffset: The 0-based byte offset, if known.
    ///   - kind: What is wrong.
    init(path: String, line: Int? = nil, byteOffset: Int? = nil, kind: Kind) {
        self.path = path
        self.line = line
        self.byteOffset = byteOffset
        self.kind = kind
    }

    /// `"<path>:<line>: <problem>"`, or `"<path>: <problem>"` without a line.
    var description: String {
        let location = line.map { "\(path):\($0)" } ?? path
        return "\(location): \(problem)"
    }

    /// The problem in words, without the location prefix.
    var problem: String {
        switch kind {
        case .unreadable(let reason):
            return "cannot read the file: \(reason)"
        case .empty:
            return "the file is empty (expected a header row or a JSON array)"
        case .unknownColumns(let names):
            return "unknown column\(names.count == 1 ? "" : "s") \(Self.quoted(names)) in the header; "
                + "expected name, email and optionally bio"
        case .missingColumns(let names):
            return "the header lacks the required column\(names.count == 1 ? "" : "s") \(Self.quoted(names))"
        case .duplicateColumns(let names):
            return "the header names \(Self.quoted(names)) more than once"
        case .malformedHeader(let reason):
            return "malformed header row: \(reason)"
        case .unterminatedQuote:
            return "unterminated quoted field (the quote opens on line \(line.map(String.init) ?? "?"))"
        case .syntax(let reason):
            return "syntax error at byte \(byteOffset.map(String.init) ?? "?"): \(reason)"
        case .notAnArray:
            return "expected a JSON array of author objects (to import one author, wrap its object in [ and ])"
        }
    }

    /// The names in single quotes, separated by commas.
    ///
    /// - Parameter names: The names to list.
    private static func quoted(_ names: [String]) -> String {
        names.map { "'\($0)'" }.joined(separator: ", ")
    }
}
