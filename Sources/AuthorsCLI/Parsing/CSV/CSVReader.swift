import Foundation

/// Reads authors from CSV bytes: a header row naming the columns, then one author per record.
///
/// Strict RFC 4180 (see ``CSVScanner`` for the quoting rules), plus what real files need:
/// - A UTF-8 byte order mark at the start is skipped; CRLF, LF and lone CR line ends are accepted.
/// - Blank lines (nothing, or only spaces and tabs, outside quotes) are skipped anywhere.
/// - The first non-blank record is the header. Its column names are trimmed and matched without regard
///   to case: `name` and `email` are required, `bio` is optional, in any order; any other name, or a
///   name given twice, makes the file unreadable (``ImportFileError``).
/// - Each record carries the physical line it starts on (lines inside quoted fields count).
/// - A record with too few or too many fields, broken quoting, or a field that is not valid UTF-8 is
///   rejected with its line number; the other records are still read. Bytes are never replaced by U+FFFD.
/// - Values are not trimmed or normalized: that is the domain's job.
/// - `bio`: an unquoted empty field means no bio (`nil`); a quoted empty field (`""`) means an empty bio.
///   ``CSVWriter`` writes them that way, so a round trip is exact.
///
/// ```swift
/// let result = try CSVReader.read(Data(contentsOf: url), path: url.path)
/// print(result.records.count, "read;", result.rejections.count, "rejected")
/// ```
///
/// - Complexity: O(*n*) in the size of the input.
enum CSVReader {
    /// The columns an import file may have, in the order ``CSVWriter`` writes them.
    static let knownColumns = ["name", "email", "bio"]

    /// Reads CSV from `data`.
    ///
    /// - Parameters:
    ///   - data: The file's content.
    ///   - path: The file's name, used in errors.
    /// - Returns: The records read and the records rejected, in file order.
    /// - Throws: ``ImportFileError`` when there is no header row, the header is malformed or names unknown,
    ///   duplicate or too few columns, or a quoted field is still open at the end (naming its line).
    static func read(_ data: Data, path: String) throws(ImportFileError) -> ImportReadResult {
        try read([UInt8](data), path: path)
    }

    /// Reads CSV from `bytes`.
    ///
    /// - Parameters:
    ///   - bytes: The file's content.
    ///   - path: The file's name, used in errors.
    /// - Returns: The records read and the records rejected, in file order.
    /// - Throws: ``ImportFileError``, as for ``read(_:path:)-(Data,_)``.
    static func read(_ bytes: [UInt8], path: String) throws(ImportFileError) -> ImportReadResult {
        var records = try CSVRecordStream(ImportByteSource(bytes: bytes), path: path)
        var result = ImportReadResult()
        while let item = try records.next() { result.append(item) }
        return result
    }

    /// Decodes a field's bytes as UTF-8, refusing invalid sequences rather than repairing them.
    ///
    /// - Parameter field: The raw field.
    /// - Returns: The text, or `nil` when the bytes are not valid UTF-8.
    static func decode(_ field: CSVScanner.Field) -> String? {
        String(validating: field.bytes, as: UTF8.self)
    }
}
