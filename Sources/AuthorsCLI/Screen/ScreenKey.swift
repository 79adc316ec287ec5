/// One key (or one pasted text) as the full-screen form understands it, decoded from the
/// terminal's bytes by ``KeyDecoder``.
enum ScreenKey: Equatable, Sendable {
    /// Typed text: one or more characters (a typed emoji, a combining mark, a fast burst of keys).
    case text(String)
    /// Text pasted with the terminal's bracketed paste mode; it may hold line breaks.
    case paste(String)
    /// Tab: the next field.
    case tab
    /// Shift-Tab: the previous field.
    case backTab
    /// Return.
    case enter
    /// Backspace: delete the character before the cursor.
    case backspace
    /// Delete: delete the character under the cursor.
    case delete
    /// Cursor left.
    case left
    /// Cursor right.
    case right
    /// Cursor up (the previous line of the bio, else the previous field).
    case up
    /// Cursor down (the next line of the bio, else the next field).
    case down
    /// Home or Ctrl-A: the start of the line.
    case home
    /// End or Ctrl-E: the end of the line.
    case end
    /// Ctrl-S: save.
    case save
    /// Esc: cancel.
    case escape
    /// Ctrl-Z: undo.
    case undo
    /// Ctrl-Y: redo.
    case redo
    /// Ctrl-C: cancel, like Esc (the terminal's interrupt key is off while the form runs).
    case interrupt
    /// A key the form does not use.
    case unknown
}
