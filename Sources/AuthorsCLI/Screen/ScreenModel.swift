import Bookshelf
import DraftStore

/// The full-screen author form without a terminal: its state, what each key does, and (in
/// ScreenModel+Render.swift) the screen as lines of text. ``TerminalScreen`` only feeds it keys
/// and draws its lines, so every behaviour is testable in memory.
///
/// The values live in the draft alone: each keystroke sets `item.draft`, and the model keeps
/// only cursors. Focus, visited fields, the field needing attention and the status line are the
/// library's ``FormState`` (`item.form`).
final class ScreenModel {
    /// How the form ended.
    enum Outcome {
        /// Saved: the author as stored.
        case saved(Author)
        /// Cancelled: nothing was written.
        case cancelled
    }

    /// The presentation edited.
    let item: PresentedItem<Author>
    /// The cursor of each field, in characters.
    var cursors: [String: Int] = [:]
    /// Lines about changes made elsewhere, shown in the banner.
    var banner: [String] = []
    /// Fields changed both here and elsewhere, waiting for keep mine / take theirs (the first is asked).
    var conflicts: [ConflictError.Field] = []
    /// What changed elsewhere that ``conflicts`` are about, for taking theirs as the property's type.
    var changedElsewhere: StaleObject?
    /// Whether the row was deleted elsewhere: the next Ctrl-S saves it as a new author.
    var deletedElsewhere = false
    /// How the form ended; `nil` while open.
    var outcome: Outcome?

    /// Makes the model of a form over an item, focused on its first field.
    init(item: PresentedItem<Author>) {
        self.item = item
        for field in AuthorField.all { cursors[field.name] = field.text(in: item.draft).count }
        item.form.focus(item.form.field(after: nil))
    }

    /// The focused field.
    var focused: AuthorField? { item.form.focusedField.flatMap(AuthorField.named) }

    /// The title line: what is edited.
    var title: String {
        if case .edit = item.mode, let id = item.draft.id { return "Edit author #\(id)" }
        return "New author"
    }

    /// Does what a key means.
    /// - Throws: A storage failure of a save or of the staleness check (the form cannot go on).
    func handle(_ key: ScreenKey) throws {
        guard outcome == nil else { return }
        if !conflicts.isEmpty { return try decide(key) }
        switch key {
        case .tab: move(to: item.form.field(after: item.form.focusedField))
        case .backTab: move(to: item.form.field(before: item.form.focusedField))
        case .enter:
            if focused?.isMultiline == true { insert("\n") } else { move(to: item.form.field(after: item.form.focusedField)) }
        case let .text(text): insert(text)
        case let .paste(text): insert(text)
        case .backspace: editFocused { TextEditing.backspace($0, at: $1) }
        case .delete: editFocused { (TextEditing.delete($0, at: $1), $1) }
        case .left: moveCursor { _, cursor in max(0, cursor - 1) }
        case .right: moveCursor { text, cursor in min(text.count, cursor + 1) }
        case .home: moveCursor { text, cursor in TextEditing.lineEdge(of: cursor, in: text, toEnd: false) }
        case .end: moveCursor { text, cursor in TextEditing.lineEdge(of: cursor, in: text, toEnd: true) }
        case .up: moveLine(by: -1)
        case .down: moveLine(by: 1)
        case .undo: undoOrRedo(undo: true)
        case .redo: undoOrRedo(undo: false)
        case .save: try save()
        case .escape, .interrupt: cancel()
        case .unknown: break
        }
    }

    /// Moves the focus (the field left becomes visited), the cursor to the end of the new field.
    func move(to field: String?) {
        guard let field, let screenField = AuthorField.named(field) else { return }
        item.form.focus(field)
        cursors[field] = screenField.text(in: item.draft).count
    }

    /// Cancels: the item is dropped, nothing is written.
    func cancel() {
        try? item.cancel()
        outcome = .cancelled
    }

    // MARK: Editing

    private func insert(_ typed: String) {
        guard let field = focused else { return }
        var text = typed.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        if !field.isMultiline { text = text.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\t", with: " ") }
        editFocused { TextEditing.insert(text, into: $0, at: $1) }
    }

    /// Applies an edit to the focused field's text, straight into the draft.
    private func editFocused(_ edit: (String, Int) -> (text: String, cursor: Int)) {
        guard let field = focused else { return }
        let (text, cursor) = edit(field.text(in: item.draft), cursor(of: field))
        field.set(text, in: item)
        cursors[field.name] = cursor
    }

    private func moveCursor(_ move: (String, Int) -> Int) {
        guard let field = focused else { return }
        cursors[field.name] = move(field.text(in: item.draft), cursor(of: field))
    }

    /// Up and down: a line of the bio, else the previous or next field.
    private func moveLine(by delta: Int) {
        guard let field = focused else { return }
        let text = field.text(in: item.draft)
        let (line, column) = TextEditing.position(of: cursor(of: field), in: text)
        if field.isMultiline, let target = TextEditing.cursor(line: line + delta, column: column, in: text) {
            cursors[field.name] = target
            return
        }
        let current = item.form.focusedField
        move(to: delta < 0 ? item.form.field(before: current) : item.form.field(after: current))
    }

    private func undoOrRedo(undo: Bool) {
        guard undo ? item.canUndo : item.canRedo else {
            item.form.setStatus(undo ? "Nothing to undo." : "Nothing to redo.")
            return
        }
        if undo { item.undo() } else { item.redo() }
        for field in AuthorField.all { cursors[field.name] = min(cursors[field.name] ?? 0, field.text(in: item.draft).count) }
        if let field = focused { cursors[field.name] = field.text(in: item.draft).count }
    }

    /// The cursor of a field, clamped to its text.
    func cursor(of field: AuthorField) -> Int {
        min(cursors[field.name] ?? 0, field.text(in: item.draft).count)
    }
}
