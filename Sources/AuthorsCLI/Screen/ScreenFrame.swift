/// One drawing of the screen: its lines of plain text (each fitting the width) and where the
/// terminal's cursor goes. Errors, focus and the banner are in words and marks, not colour.
struct ScreenFrame: Equatable {
    /// The lines, top to bottom, at most the screen's height.
    var lines: [String]
    /// The cursor's row and column (0-based, in terminal columns); `nil` to hide it.
    var cursor: (row: Int, column: Int)?
    /// Whether the window is too small for the form (the frame says so): keys other than Esc and Ctrl-C are ignored.
    var isTooSmall = false

    static func == (a: ScreenFrame, b: ScreenFrame) -> Bool {
        a.lines == b.lines && a.cursor?.row == b.cursor?.row && a.cursor?.column == b.cursor?.column && a.isTooSmall == b.isTooSmall
    }

    /// The lines joined by line breaks, trailing spaces removed (as `tmux capture-pane` shows them).
    var text: String {
        lines.map { line in String(line.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n")
    }
}
