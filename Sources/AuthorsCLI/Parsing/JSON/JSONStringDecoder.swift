/// Decodes the bytes between a JSON string's quotes, strictly, per RFC 8259 section 7.
///
/// Escapes `\" \\ \/ \b \f \n \r \t` and `\uXXXX` are decoded; a `\uXXXX` high surrogate must be followed
/// at once by a `\uXXXX` low surrogate, and the pair becomes one scalar. A lone surrogate, an unknown
/// escape, a raw control character (below U+0020) or bytes that are not UTF-8 are problems: the string is
/// refused, never repaired with U+FFFD.
///
/// See <https://www.rfc-editor.org/rfc/rfc8259#section-7>.
enum JSONStringDecoder {
    /// Decodes `bytes[range]`, the content of a string literal without its quotes.
    ///
    /// - Parameters:
    ///   - bytes: The whole document.
    ///   - range: The content's bytes; a backslash in it is never the last byte (the parser guarantees it).
    /// - Returns: The text, or the first problem found.
    /// - Complexity: O(*n*) in the length of the range.
    static func decode(_ bytes: [UInt8], _ range: Range<Int>) -> JSONString {
        var output: [UInt8] = []
        output.reserveCapacity(range.count)
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = bytes[index]
            if byte < 0x20 {
                return .failure(
                    JSONStringProblem(
                        "a raw control character U+\(hex(byte, width: 4)) at byte \(index); it must be written as an escape"
                    ))
            }
            guard byte == UInt8(ascii: "\\") else {
                output.append(byte)
                index += 1
                continue
            }
            let escape = bytes[index + 1]
            if let simple = simpleEscape(escape) {
                output.append(simple)
                index += 2
                continue
            }
            guard escape == UInt8(ascii: "u") else {
                return .failure(JSONStringProblem("an invalid escape \\\(printable(escape)) at byte \(index)"))
            }
            guard let unit = hexQuad(bytes, at: index + 2, limit: range.upperBound) else {
                return .failure(JSONStringProblem("an invalid \\u escape at byte \(index); expected four hex digits"))
            }
            let written = String(decoding: bytes[index..<index + 6], as: UTF8.self)
            index += 6
            var scalarValue = UInt32(unit)
            switch unit {
            case 0xD800...0xDBFF:
                guard index + 1 < range.upperBound, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u"),
                    let low = hexQuad(bytes, at: index + 2, limit: range.upperBound), (0xDC00...0xDFFF).contains(low)
                else {
                    return .failure(
                        JSONStringProblem(
                            "a lone high surrogate escape \(written) (not followed by a low surrogate escape)"
                        ))
                }
                scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                index += 6
            case 0xDC00...0xDFFF:
                return .failure(
                    JSONStringProblem(
                        "a lone low surrogate escape \(written) (not preceded by a high surrogate escape)"
                    ))
            default:
                break
            }
            // Every value outside the surrogate range, and every combined pair, is a valid scalar.
            guard let scalar = Unicode.Scalar(scalarValue) else {
                return .failure(JSONStringProblem("an invalid \\u escape \(written)"))
            }
            output.append(contentsOf: scalar.utf8)
        }
        guard let text = String(validating: output, as: UTF8.self) else {
            return .failure(JSONStringProblem("bytes that are not valid UTF-8"))
        }
        return .success(text)
    }

    /// The byte a one-letter escape stands for, or `nil` if `letter` is not one.
    ///
    /// - Parameter letter: The byte after the backslash.
    static func simpleEscape(_ letter: UInt8) -> UInt8? {
        switch letter {
        case UInt8(ascii: "\""): return UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): return UInt8(ascii: "\\")
        case UInt8(ascii: "/"): return UInt8(ascii: "/")
        case UInt8(ascii: "b"): return 0x08
        case UInt8(ascii: "f"): return 0x0C
        case UInt8(ascii: "n"): return 0x0A
        case UInt8(ascii: "r"): return 0x0D
        case UInt8(ascii: "t"): return 0x09
        default: return nil
        }
    }

    /// The value of four hex digits at `start`, or `nil` if they are not all there before `limit`.
    ///
    /// - Parameters:
    ///   - bytes: The document.
    ///   - start: Where the digits start.
    ///   - limit: The end of the string's content.
    static func hexQuad(_ bytes: [UInt8], at start: Int, limit: Int) -> UInt16? {
        guard start + 4 <= limit else { return nil }
        var value: UInt16 = 0
        for byte in bytes[start..<start + 4] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt16(digit)
        }
        return value
    }

    /// `byte` in upper-case hex, zero-padded to `width` digits.
    ///
    /// - Parameters:
    ///   - byte: The value.
    ///   - width: The number of digits.
    static func hex(_ byte: UInt8, width: Int) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// A byte as a printable character, or as `0xNN` when it is not printable ASCII.
    ///
    /// - Parameter byte: The byte.
    static func printable(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte) ? String(UnicodeScalar(byte)) : "0x" + hex(byte, width: 2)
    }
}
