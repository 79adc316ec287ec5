import Testing

@testable import AuthorsCLI

/// Editing a field's text at a cursor counted in characters, and the columns text takes.
@Suite("Screen: text editing and display width")
struct ScreenTextTests {
    @Test("Insertion keeps scalars as typed; a combining mark joins the character before it")
    func insertion() {
        let (text, cursor) = TextEditing.insert("\u{301}", into: "Rene", at: 4)
        #expect(Array(text.unicodeScalars) == ["R", "e", "n", "e", "\u{301}"])
        #expect(cursor == 4)
        let emoji = TextEditing.insert("👩‍👩‍👧", into: "ab", at: 1)
        #expect(emoji.text == "a👩‍👩‍👧b")
        #expect(emoji.cursor == 2)
        #expect(TextEditing.insert("x", into: "ab", at: 99) == ("abx", 3))
    }

    @Test("Backspace and Delete remove whole characters")
    func deletion() {
        #expect(TextEditing.backspace("a👩‍👩‍👧", at: 2) == ("a", 1))
        #expect(TextEditing.backspace("ab", at: 0) == ("ab", 0))
        #expect(TextEditing.delete("ae\u{301}b", at: 1) == "ab")
        #expect(TextEditing.delete("ab", at: 2) == "ab")
    }

    @Test("Lines and columns of a cursor in multi-line text")
    func lines() {
        let text = "one\ntwo three\n"
        #expect(TextEditing.position(of: 6, in: text) == (1, 2))
        #expect(TextEditing.cursor(line: 0, column: 9, in: text) == 3)
        #expect(TextEditing.cursor(line: 2, column: 0, in: text) == 14)
        #expect(TextEditing.cursor(line: 3, column: 0, in: text) == nil)
        #expect(TextEditing.lineEdge(of: 6, in: text, toEnd: true) == 13)
        #expect(TextEditing.lineEdge(of: 6, in: text, toEnd: false) == 4)
    }

    @Test("Display width: wide and emoji characters take two columns, combining marks none")
    func displayWidth() {
        #expect(DisplayWidth.of("abc") == 3)
        #expect(DisplayWidth.of("e\u{301}") == 1)
        #expect(DisplayWidth.of("👩‍👩‍👧") == 2)
        #expect(DisplayWidth.of("日本") == 4)
        #expect(DisplayWidth.truncated("abcdef", to: 4) == "abc…")
        #expect(DisplayWidth.truncated("abc", to: 4) == "abc")
        #expect(DisplayWidth.padded("日本", to: 5) == "日本 ")
        #expect(DisplayWidth.prefix("a日b", fitting: 2) == "a")
    }
}
