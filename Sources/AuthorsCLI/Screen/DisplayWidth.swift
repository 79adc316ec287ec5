/// How many terminal columns text takes: 0 for a combining mark alone, 2 for emoji and East
/// Asian wide characters, 1 otherwise. One character (grapheme cluster) is measured by its
/// first scalar, so `e` + U+0301 is one column and a family emoji joined by ZWJ is two.
enum DisplayWidth {
    /// The columns of one character.
    static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if scalars.contains(where: { $0.properties.isEmojiPresentation }) || scalars.contains("\u{FE0F}") { return 2 }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: break
        }
        return isWide(first.value) ? 2 : 1
    }

    /// The columns of a string.
    static func of(_ text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    /// The longest prefix of `text` that fits in `columns`.
    static func prefix(_ text: some StringProtocol, fitting columns: Int) -> String {
        var used = 0
        var result = ""
        for character in text {
            let width = of(character)
            if used + width > columns { break }
            used += width
            result.append(character)
        }
        return result
    }

    /// `text` cut to `columns`, ending with "…" when it was cut.
    static func truncated(_ text: String, to columns: Int) -> String {
        guard of(text) > columns else { return text }
        guard columns > 0 else { return "" }
        return prefix(text, fitting: columns - 1) + "…"
    }

    /// `text` padded with spaces to `columns` (cut first if longer).
    static func padded(_ text: String, to columns: Int) -> String {
        let cut = of(text) > columns ? prefix(text, fitting: columns) : text
        return cut + String(repeating: " ", count: max(0, columns - of(cut)))
    }

    /// `text` broken into lines of at most `columns` columns, at spaces where it can; a word
    /// wider than a line is cut.
    static func wrapped(_ text: String, to columns: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            let candidate = line.isEmpty ? String(word) : line + " " + word
            if of(candidate) <= columns {
                line = candidate
                continue
            }
            if !line.isEmpty { lines.append(line) }
            var rest = String(word)
            while of(rest) > columns {
                let part = prefix(rest, fitting: columns)
                let cut = part.isEmpty ? String(rest.prefix(1)) : part
                lines.append(cut)
                rest = String(rest.dropFirst(cut.count))
            }
            line = rest
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// East Asian Wide and Fullwidth ranges (the main blocks).
    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
            0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
