/// Edits of one field's text at a cursor, counted in characters (grapheme clusters). Pure: the
/// text comes from the draft and the result goes straight back to it; only the cursor is kept.
///
/// Insertion keeps every scalar as typed (no normalization), so a combining accent typed after
/// `e` is stored as `e` + U+0301, byte for byte.
enum TextEditing {
    /// Inserts text at the cursor.
    /// - Returns: The new text and the cursor after the inserted text.
    static func insert(_ inserted: String, into text: String, at cursor: Int) -> (text: String, cursor: Int) {
        let index = text.index(text.startIndex, offsetBy: min(cursor, text.count))
        let before = String(text[..<index]) + inserted
        // A combining mark merges with the character before it: count what is before the cursor again.
        return (before + text[index...], before.count)
    }

    /// Deletes the character before the cursor.
    static func backspace(_ text: String, at cursor: Int) -> (text: String, cursor: Int) {
        let cursor = min(cursor, text.count)
        guard cursor > 0 else { return (text, 0) }
        var copy = text
        copy.remove(at: copy.index(copy.startIndex, offsetBy: cursor - 1))
        return (copy, cursor - 1)
    }

    /// Deletes the character under the cursor.
    static func delete(_ text: String, at cursor: Int) -> String {
        guard cursor < text.count else { return text }
        var copy = text
        copy.remove(at: copy.index(copy.startIndex, offsetBy: cursor))
        return copy
    }

    /// The line and column (both in characters) of a cursor in text with line breaks.
    static func position(of cursor: Int, in text: String) -> (line: Int, column: Int) {
        var line = 0
        var column = 0
        for character in text.prefix(cursor) {
            if character == "\n" {
                line += 1
                column = 0
            } else {
                column += 1
            }
        }
        return (line, column)
    }

    /// The cursor at a line and column, the column clamped to the line's length; `nil` when the line does not exist.
    static func cursor(line target: Int, column: Int, in text: String) -> Int? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard target >= 0, target < lines.count else { return nil }
        let start = lines.prefix(target).reduce(0) { $0 + $1.count + 1 }
        return start + min(column, lines[target].count)
    }

    /// The start (`toEnd` false) or end of the cursor's line.
    static func lineEdge(of cursor: Int, in text: String, toEnd: Bool) -> Int {
        let (line, _) = position(of: cursor, in: text)
        return self.cursor(line: line, column: toEnd ? Int.max : 0, in: text) ?? cursor
    }
}
