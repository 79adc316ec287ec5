import Bookshelf
import DraftStore
import Foundation
import Testing

@testable import AuthorsCLI

/// The full-screen form without a terminal: keys in, the draft and the drawn lines out.
@Suite("Screen: model")
struct ScreenModelTests {
    /// An in-memory store holding author #1, and a form editing it.
    private func editing() throws -> (DraftStore, ScreenModel) {
        let store = try Bookshelf.openStore(path: nil)
        let context = store.newChildContext()
        try context.insert(Author(name: "Mira Okafor", email: "mira@example.com"))
        try context.save()
        return (store, ScreenModel(item: try store.presentEdit(Author.self, id: 1)))
    }

    /// Renames author #1 (and makes any other change) in a context of its own, saved: another writer.
    private func changeElsewhere(_ store: DraftStore, _ change: (inout Author) -> Void = { _ in }) throws {
        let other = store.newChildContext()
        var theirs = try #require(try other.fetch(Author.self, id: 1))
        theirs.name = "Mira Theirs"
        change(&theirs)
        try other.update(theirs)
        try other.save()
    }

    private func type(_ keys: ScreenKey..., into model: ScreenModel) throws {
        for key in keys { try model.handle(key) }
    }

    private func screen(_ model: ScreenModel, width: Int = 100, height: Int = 30) -> String {
        model.render(width: width, height: height).text
    }

    @Test("The first frame: title, fields in the validator's order with labels and help, the keys")
    func firstFrame() throws {
        let (_, model) = try editing()
        let frame = model.render(width: 100, height: 30)
        #expect(frame.lines.count == 30)
        #expect(frame.lines[0] == "Edit author #1")
        #expect(frame.lines[2].hasPrefix("▶ Name    [Mira Okafor"))
        #expect(frame.lines[2].hasSuffix("]  2–120 characters"))
        #expect(frame.lines[3].hasPrefix("  E-mail  [mira@example.com"))
        #expect(frame.lines[4].hasPrefix("  Bio     ["))
        #expect(frame.lines[29] == ScreenModel.keysLine)
        #expect(frame.cursor?.row == 2)
        #expect(frame.cursor?.column == 11 + "Mira Okafor".count)
    }

    @Test("Each key sets the draft; a bad e-mail shows its error only once the field is left")
    func errorOnceLeft() throws {
        let (_, model) = try editing()
        try type(.tab, .end, .backspace, .backspace, .backspace, .backspace, into: model)
        try type(.text("@"), into: model)
        #expect(model.item.draft.email == "mira@example@")
        #expect(!screen(model).contains("✗"))
        try type(.tab, into: model)
        #expect(model.item.form.focusedField == "bio")
        #expect(screen(model).contains("✗ Enter an e-mail address like name@example.com"))
    }

    @Test("Tab and Shift-Tab follow field order and wrap; Return moves on except in the bio")
    func tabOrder() throws {
        let (_, model) = try editing()
        var seen: [String?] = []
        for _ in 0..<3 {
            try model.handle(.tab)
            seen.append(model.item.form.focusedField)
        }
        #expect(seen == ["email", "bio", "name"])
        try type(.backTab, into: model)
        #expect(model.item.form.focusedField == "bio")
        try type(.text("a"), .enter, .text("b"), into: model)
        #expect(model.item.draft.bio == "a\nb")
        try type(.up, .up, into: model)
        #expect(model.item.form.focusedField == "email")
        try type(.enter, into: model)
        #expect(model.item.form.focusedField == "bio")
    }

    @Test("Ctrl-S refused: the reasons in words, focus on the first field needing attention")
    func refusedSave() throws {
        let (store, model) = try editing()
        try type(.tab, .tab, .text("bio"), .backTab, .end, .text("@"), .backTab, .end, into: model)
        for _ in 0..<10 { try model.handle(.backspace) }
        try type(.tab, .tab, .save, into: model)
        #expect(model.outcome == nil)
        #expect(model.item.form.focusedField == "name")
        let text = screen(model)
        #expect(text.contains("✗ Not saved: 2 problems to fix first."))
        #expect(text.contains("Ctrl-S is disabled until these are fixed:"))
        #expect(text.contains("  - Name: Enter at least 2 characters"))
        #expect(text.contains("  - E-mail: Enter an e-mail address like name@example.com"))
        // The status belongs to its revision: the next edit hides it, the reasons stay live.
        try type(.text("Mira K"), into: model)
        #expect(!screen(model).contains("Not saved"))
        #expect(!screen(model).contains("Name: Enter"))
        #expect(try store.fetch(Author.self, id: 1)?.name == "Mira Okafor")
    }

    @Test("Fixed, Ctrl-S saves; Esc cancels and writes nothing")
    func saveAndCancel() throws {
        let (store, model) = try editing()
        try type(.text(" Jr"), .save, into: model)
        guard case let .saved(author)? = model.outcome else { Issue.record("not saved"); return }
        #expect(author.name == "Mira Okafor Jr")
        #expect(try store.fetch(Author.self, id: 1)?.name == "Mira Okafor Jr")
        try type(.text("ignored"), into: model)
        let other = ScreenModel(item: try store.presentEdit(Author.self, id: 1))
        try type(.text("zzz"), .escape, into: other)
        guard case .cancelled? = other.outcome else { Issue.record("not cancelled"); return }
        #expect(try store.fetch(Author.self, id: 1)?.name == "Mira Okafor Jr")
    }

    @Test("Undo and redo go through the item; the cursor stays inside the text")
    func undoRedo() throws {
        let (_, model) = try editing()
        try type(.undo, into: model)
        #expect(screen(model).contains("Nothing to undo."))
        try type(.text(" Jr"), .undo, into: model)
        #expect(!screen(model).contains("Nothing to undo."))
        #expect(model.item.draft.name == "Mira Okafor")
        try type(.redo, into: model)
        #expect(model.item.draft.name == "Mira Okafor Jr")
        try type(.redo, into: model)
        #expect(screen(model).contains("Nothing to redo."))
        #expect(model.cursor(of: AuthorField.named("name")!) == 14)
    }

    @Test("Paste: line breaks kept in the bio, spaces in one-line fields; an emoji and a combining accent byte-exact")
    func pasteAndUnicode() throws {
        let (store, model) = try editing()
        try type(.paste("\r\nA"), .text("e\u{301}"), .text("👩‍👩‍👧"), .tab, .tab, .paste("one\r\ntwo\rthree"), into: model)
        #expect(model.item.draft.name == "Mira Okafor Ae\u{301}👩‍👩‍👧")
        #expect(model.item.draft.bio == "one\ntwo\nthree")
        #expect(screen(model).contains("        [three"))
        try type(.save, into: model)
        let saved = try #require(try store.fetch(Author.self, id: 1))
        // The name field stores Unicode NFC (the accent composed); the emoji's five scalars are kept.
        #expect(Array(saved.name.utf8) == Array("Mira Okafor Ae\u{301}👩‍👩‍👧".precomposedStringWithCanonicalMapping.utf8))
    }

    @Test("Changed elsewhere: the banner takes theirs where only they changed and asks keep mine / take theirs")
    func changedElsewhere() throws {
        let (store, model) = try editing()
        try changeElsewhere(store) { $0.bio = "Their bio" }
        try type(.text(" Mine"), .save, into: model)
        #expect(model.outcome == nil)
        let text = screen(model)
        #expect(text.contains("! This author changed elsewhere while the form was open."))
        #expect(text.contains("! Bio: took theirs, “Their bio” (you had not changed it)."))
        #expect(text.contains("? Name was changed both here and elsewhere:"))
        #expect(text.contains("was “Mira Okafor”, yours “Mira Okafor Mine”, theirs “Mira Theirs”"))
        #expect(text.contains("Press M to keep mine, T to take theirs."))
        try type(.text("x"), into: model)
        #expect(screen(model).contains("Press M to keep yours or T to take theirs for Name first."))
        try type(.text("t"), into: model)
        #expect(model.item.draft.name == "Mira Theirs")
        #expect(screen(model).contains("All decided. Press Ctrl-S to save."))
        try type(.save, into: model)
        #expect(try store.fetch(Author.self, id: 1)?.name == "Mira Theirs")
        #expect(try store.fetch(Author.self, id: 1)?.bio == "Their bio")
    }

    @Test("Keep mine saves mine over theirs; a row deleted elsewhere is saved as new on the next Ctrl-S")
    func keepMineAndDeleted() throws {
        let (store, model) = try editing()
        try changeElsewhere(store)
        try type(.text(" Mine"), .save, .text("M"), .save, into: model)
        #expect(try store.fetch(Author.self, id: 1)?.name == "Mira Okafor Mine")

        let gone = ScreenModel(item: try store.presentEdit(Author.self, id: 1))
        let deleter = store.newChildContext()
        _ = try deleter.fetch(Author.self, id: 1)
        try deleter.delete(Author.self, id: 1)
        try deleter.save()
        try type(.save, into: gone)
        #expect(screen(gone).contains("! This author was deleted elsewhere while the form was open."))
        try type(.save, into: gone)
        guard case let .saved(author)? = gone.outcome else { Issue.record("not saved as new"); return }
        #expect(author.name == "Mira Okafor Mine")
        #expect(try store.fetch(Author.self, id: try #require(author.id))?.email == "mira@example.com")
    }

    @Test("A new author: every error after Ctrl-S; narrow screens put the help under the field")
    func newAuthorNarrow() throws {
        let store = try Bookshelf.openStore(path: nil)
        let model = ScreenModel(item: try store.presentNew(Author()))
        #expect(screen(model).hasPrefix("New author"))
        try type(.tab, into: model)
        // The name, focused and left without a change, shows its error; the e-mail not yet.
        #expect(
            screen(model).contains(
                "  Name    [                                                ]  2–120 characters\n          ✗ Fill in this field\n▶ E-mail"))
        try type(.save, into: model)
        let narrow = model.render(width: 40, height: 24)
        #expect(narrow.lines.allSatisfy { DisplayWidth.of($0) <= 40 })
        #expect(narrow.text.contains("          2–120 characters"))
        #expect(narrow.text.contains("✗ Fill in this field"))
        try type(.text(String(repeating: "x", count: 60)), into: model)
        let scrolled = model.render(width: 40, height: 24)
        #expect(scrolled.cursor.map { $0.column < 40 } == true)
        #expect(model.render(width: 40, height: 5).lines.count == 5)
    }
}
