import Bookshelf
import DraftStore

/// The screen as lines of text, for a terminal of a given size:
///
///     Edit author #1
///     ──────────────
///     ▶ Name    [Mira Okafor              ]  2–120 characters
///       E-mail  [mira@example            ]  An address like name@example.com
///               ✗ Enter an e-mail address like name@example.com
///       Bio     [                          ]  Up to 2,000 characters
///
///     Tab/Shift-Tab move  Ctrl-S save  Esc cancel  Ctrl-Z undo  Ctrl-Y redo
extension ScreenModel {
    /// The keys, as the last line shows them.
    static let keysLine = "Tab/Shift-Tab move  Ctrl-S save  Esc cancel  Ctrl-Z undo  Ctrl-Y redo"
    /// The most lines of the bio shown at once.
    static let bioRows = 5

    /// The smallest window the form is drawn in; below it the screen says so and keys other
    /// than Esc and Ctrl-C are ignored, so nothing is typed into a field the person cannot see.
    static let minimumSize = (width: 40, height: 6)

    /// Draws the form for a terminal of `width` × `height` cells.
    ///
    /// When the form is taller than the window it scrolls: the focused field — the line with the
    /// cursor and the errors under it — is kept in view, and the bio shows fewer lines at once.
    func render(width: Int, height: Int) -> ScreenFrame {
        guard width >= Self.minimumSize.width, height >= Self.minimumSize.height else { return tooSmall(width: width, height: height) }
        var lines: [String] = [title, String(repeating: "─", count: min(width, max(DisplayWidth.of(title), 40)))]
        lines += banner.map { "! " + $0 }
        if let field = conflicts.first { lines += conflictLines(field) }
        if !banner.isEmpty || !conflicts.isEmpty { lines.append("") }
        var cursor: (row: Int, column: Int)?
        let room = height - 2
        let layout = Layout(width: width, bioRows: max(1, min(Self.bioRows, room - 4)))
        var focus: Range<Int>?
        for field in AuthorField.all {
            let (rows, cursorInField) = fieldLines(field, layout)
            if let cursorInField { cursor = (lines.count + cursorInField.row, cursorInField.column) }
            if item.form.focusedField == field.name { focus = lines.count..<(lines.count + rows.count) }
            lines += rows
        }
        lines.append("")
        lines += statusLines()
        let top = Self.scrollTop(lines: lines.count, room: room, focus: conflicts.isEmpty ? focus : nil, cursorRow: cursor?.row)
        var fitted = lines[top...].prefix(room).map { DisplayWidth.truncated($0, to: width) }
        cursor = cursor.map { ($0.row - top, $0.column) }
        if let row = cursor?.row, row < 0 || row >= fitted.count { cursor = nil }
        if !conflicts.isEmpty { cursor = nil }
        while fitted.count < room { fitted.append("") }
        return ScreenFrame(lines: fitted + ["", DisplayWidth.truncated(Self.keysLine, to: width)], cursor: cursor)
    }

    /// The first line shown: 0 when everything fits; else the least scrolling that shows the whole
    /// focused field, or (a field taller than the window) its cursor line and as much below it as fits.
    static func scrollTop(lines: Int, room: Int, focus: Range<Int>?, cursorRow: Int?) -> Int {
        guard lines > room, let focus else { return 0 }
        if focus.count <= room { return min(max(0, focus.upperBound - room), focus.lowerBound) }
        return max(focus.lowerBound, min(cursorRow ?? focus.lowerBound, focus.upperBound - room))
    }

    /// The screen of a window smaller than ``minimumSize``: what it needs, in as much as fits.
    private func tooSmall(width: Int, height: Int) -> ScreenFrame {
        let words = [
            "The form needs a window of at least \(Self.minimumSize.width)×\(Self.minimumSize.height); this one is \(width)×\(height).",
            "Make it larger, or press Esc to cancel.",
        ]
        var lines = words.flatMap { DisplayWidth.wrapped($0, to: max(width, 1)) }.prefix(max(height, 1)).map { $0 }
        while lines.count < height { lines.append("") }
        return ScreenFrame(lines: lines, cursor: nil, isTooSmall: true)
    }

    /// Column positions for a width: the value box, and whether help fits beside it.
    private struct Layout {
        let labelWidth = AuthorField.all.map { DisplayWidth.of($0.descriptor.label) }.max()! + 2
        let boxWidth: Int
        let helpBeside: Bool
        /// The most lines of the bio shown at once (fewer in a low window).
        let bioRows: Int
        /// The column where a value's text starts (after the marker, the label and "[").
        var valueColumn: Int { 2 + labelWidth + 1 }

        init(width: Int, bioRows: Int) {
            self.bioRows = bioRows
            let help = AuthorField.all.map { DisplayWidth.of($0.descriptor.help ?? "") }.max()!
            let beside = width - (2 + labelWidth + 2) - 2 - help
            if beside >= 20 {
                boxWidth = min(beside, 48)
                helpBeside = true
            } else {
                boxWidth = max(width - (2 + labelWidth + 2), 4)
                helpBeside = false
            }
        }
    }

    /// A field's rows (label, value lines, help, errors) and the cursor within them if focused.
    private func fieldLines(_ field: AuthorField, _ layout: Layout) -> ([String], (row: Int, column: Int)?) {
        let isFocused = item.form.focusedField == field.name
        let text = field.text(in: item.draft)
        let indent = String(repeating: " ", count: layout.valueColumn - 1)
        let help = field.descriptor.help ?? ""
        var rows: [String] = []
        var cursor: (row: Int, column: Int)?
        let valueLines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let (cursorLine, cursorColumn) = TextEditing.position(of: self.cursor(of: field), in: text)
        let first = field.isMultiline ? max(0, min(cursorLine - layout.bioRows + 1, valueLines.count - layout.bioRows)) : 0
        let shown = field.isMultiline ? Array(valueLines[first..<min(valueLines.count, first + layout.bioRows)]) : [text]
        for (offset, line) in shown.enumerated() {
            let isCursorLine = isFocused && (!field.isMultiline || first + offset == cursorLine)
            let (box, column) =
                isCursorLine ? window(line, cursorColumn, layout.boxWidth) : (DisplayWidth.truncated(line, to: layout.boxWidth), 0)
            if isCursorLine { cursor = (rows.count, layout.valueColumn + column) }
            let head =
                offset == 0
                ? (isFocused ? "▶ " : "  ") + DisplayWidth.padded(field.descriptor.label, to: layout.labelWidth)
                : String(repeating: " ", count: 2 + layout.labelWidth)
            let beside = offset == 0 && layout.helpBeside && !help.isEmpty ? "  " + help : ""
            rows.append(head + "[" + DisplayWidth.padded(box, to: layout.boxWidth) + "]" + beside)
        }
        if field.isMultiline, valueLines.count > layout.bioRows {
            rows.append(indent + "(line \(cursorLine + 1) of \(valueLines.count))")
        }
        if !layout.helpBeside, !help.isEmpty { rows.append(indent + help) }
        for error in item.form.visibleErrors(for: field.name) {
            let source = error.source == .store ? " (refused by the database)" : ""
            rows.append(indent + "✗ " + error.message + source)
        }
        return (rows, cursor)
    }

    /// The part of a line shown in a box of `width` columns, scrolled so the cursor is inside,
    /// and the cursor's column in the box.
    private func window(_ line: String, _ cursor: Int, _ width: Int) -> (String, Int) {
        let characters = Array(line)
        var start = 0
        while DisplayWidth.of(String(characters[start..<min(cursor, characters.count)])) > width - 1 { start += 1 }
        let visible = DisplayWidth.prefix(String(characters[start...]), fitting: width)
        return (visible, DisplayWidth.of(String(characters[start..<min(cursor, characters.count)])))
    }

    /// The question of a field changed both here and elsewhere.
    private func conflictLines(_ field: ConflictError.Field) -> [String] {
        let label = Self.label(field.name)
        let count = conflicts.count
        return [
            "? \(label) was changed both here and elsewhere\(count > 1 ? " (1 of \(count))" : ""):",
            "    was \(Self.shown(field.base)), yours \(Self.shown(field.mine)), theirs \(Self.shown(field.theirs))",
            "    Press M to keep mine, T to take theirs.",
        ]
    }

    /// The status line and, after a save attempt, why Ctrl-S is disabled.
    private func statusLines() -> [String] {
        var lines: [String] = []
        if let status = item.form.status {
            lines.append((status.kind == .failure ? "✗ " : "") + status.message)
        }
        if item.form.saveAttempted, !item.canSave {
            lines.append("Ctrl-S is disabled until these are fixed:")
            lines += item.saveBlockers.map { "  - " + $0 }
        }
        return lines
    }
}
