import Foundation

/// Writes authors as CSV that ``CSVReader`` reads back exactly.
///
/// - The header is `name,email,bio`; every line ends with CRLF, as RFC 4180 asks.
/// - A field is quoted when it contains a comma, a quote, CR or LF, or starts with a byte order mark
///   or is made only of spaces and tabs (which could otherwise read as a blank line or lose its mark);
///   quotes inside are doubled. Other fields, leading and trailing spaces included, are written as is.
/// - A `nil` bio is an empty unquoted field; an empty bio is `""`, so the two stay distinct.
/// - Text is written as UTF-8, with no byte order mark.
///
/// ```swift
/// let data = CSVWriter.write([ImportRecord(name: "Zoë, Jr.", email: "zoe@example.com", bio: nil)])
/// // name,email,bio\r\n"Zoë, Jr.",zoe@example.com,\r\n
/// ```
///
/// - Complexity: O(*n*) in the total length of the values.
enum CSVWriter {
    /// Writes a header row and one row per record; ``ImportRecord/number`` is ignored.
    ///
    /// - Parameter records: The authors to write, in order.
    /// - Returns: The CSV file's bytes.
    static func write(_ records: some Sequence<ImportRecord>) -> Data {
        var bytes: [UInt8] = []
        bytes.append(contentsOf: "name,email,bio\r\n".utf8)
        for record in records {
            append(record.name, to: &bytes)
            bytes.append(CSVScanner.comma)
            append(record.email, to: &bytes)
            bytes.append(CSVScanner.comma)
            if let bio = record.bio {
                append(bio, to: &bytes, quoteIfEmpty: true)
            }
            bytes.append(CSVScanner.carriageReturn)
            bytes.append(CSVScanner.lineFeed)
        }
        return Data(bytes)
    }

    /// Appends one field, quoted if it needs to be.
    ///
    /// - Parameters:
    ///   - value: The field's text.
    ///   - bytes: The output.
    ///   - quoteIfEmpty: Whether an empty value is written as `""` (used for a present but empty bio).
    static func append(_ value: String, to bytes: inout [UInt8], quoteIfEmpty: Bool = false) {
        let utf8 = value.utf8
        guard needsQuotes(utf8) || (quoteIfEmpty && utf8.isEmpty) else {
            bytes.append(contentsOf: utf8)
            return
        }
        bytes.append(CSVScanner.quote)
        for byte in utf8 {
            if byte == CSVScanner.quote { bytes.append(CSVScanner.quote) }
            bytes.append(byte)
        }
        bytes.append(CSVScanner.quote)
    }

    /// Whether a field must be quoted to be read back exactly.
    ///
    /// - Parameter utf8: The field's bytes.
    /// - Returns: `true` for a comma, quote, CR or LF anywhere, a leading byte order mark, or a non-empty
    ///   value of only spaces and tabs.
    static func needsQuotes(_ utf8: String.UTF8View) -> Bool {
        if utf8.starts(with: [0xEF, 0xBB, 0xBF]) { return true }
        var onlyBlanks = !utf8.isEmpty
        for byte in utf8 {
            switch byte {
            case CSVScanner.comma, CSVScanner.quote, CSVScanner.carriageReturn, CSVScanner.lineFeed:
                return true
            case CSVScanner.space, CSVScanner.tab:
                continue
            default:
                onlyBlanks = false
            }
        }
        return onlyBlanks
    }
}
