import Foundation

/// Writes authors as a JSON array that ``JSONImportReader`` reads back exactly.
///
/// One object per line, keys in the order name, email, bio; a `nil` bio is written as `null`.
/// Strings escape `"` and `\`, every control character (U+0000–U+001F, U+007F) and U+2028/U+2029
/// (so the output is also safe to paste into JavaScript); everything else, non-ASCII included, is written
/// as plain UTF-8 with no byte order mark. The output ends with a line feed.
///
/// ```swift
/// let data = JSONExportWriter.write([ImportRecord(name: "Zoë", email: "zoe@example.com", bio: nil)])
/// // [\n  {"name": "Zoë", "email": "zoe@example.com", "bio": null}\n]\n
/// ```
///
/// - Complexity: O(*n*) in the total length of the values.
enum JSONExportWriter {
    /// Writes the records as a JSON array; ``ImportRecord/number`` is ignored.
    ///
    /// - Parameter records: The authors to write, in order.
    /// - Returns: The JSON file's bytes.
    static func write(_ records: some Sequence<ImportRecord>) -> Data {
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        var isFirst = true
        for record in records {
            bytes.append(contentsOf: isFirst ? "\n  {\"name\": ".utf8 : ",\n  {\"name\": ".utf8)
            isFirst = false
            appendString(record.name, to: &bytes)
            bytes.append(contentsOf: ", \"email\": ".utf8)
            appendString(record.email, to: &bytes)
            bytes.append(contentsOf: ", \"bio\": ".utf8)
            if let bio = record.bio {
                appendString(bio, to: &bytes)
            } else {
                bytes.append(contentsOf: "null".utf8)
            }
            bytes.append(UInt8(ascii: "}"))
        }
        bytes.append(contentsOf: isFirst ? "]\n".utf8 : "\n]\n".utf8)
        return Data(bytes)
    }

    /// Appends `value` as a JSON string literal, quotes included.
    ///
    /// - Parameters:
    ///   - value: The text.
    ///   - bytes: The output.
    static func appendString(_ value: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": bytes.append(contentsOf: "\\\"".utf8)
            case "\\": bytes.append(contentsOf: "\\\\".utf8)
            case "\n": bytes.append(contentsOf: "\\n".utf8)
            case "\r": bytes.append(contentsOf: "\\r".utf8)
            case "\t": bytes.append(contentsOf: "\\t".utf8)
            case "\u{08}": bytes.append(contentsOf: "\\b".utf8)
            case "\u{0C}": bytes.append(contentsOf: "\\f".utf8)
            case "\u{00}"..."\u{1F}", "\u{7F}", "\u{2028}", "\u{2029}":
                let digits = String(scalar.value, radix: 16)
                bytes.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - digits.count) + digits).utf8)
            default:
                bytes.append(contentsOf: scalar.utf8)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
