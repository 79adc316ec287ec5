import Testing

@testable import AuthorsCLI

/// The bytes of a terminal turned into keys: UTF-8 split across reads, escape sequences,
/// bracketed paste, and a lone Esc that waits for the terminal to be quiet.
@Suite("Screen: key decoder")
struct KeyDecoderTests {
    private func keys(_ text: String) -> [ScreenKey] {
        var decoder = KeyDecoder()
        return decoder.feed(Array(text.utf8)) + decoder.flush()
    }

    @Test("Text, control keys and escape sequences")
    func controlAndSequences() {
        #expect(keys("ab\tc") == [.text("ab"), .tab, .text("c")])
        #expect(keys("\u{1B}[Z\r\u{7F}\u{13}\u{1A}\u{19}\u{03}") == [.backTab, .enter, .backspace, .save, .undo, .redo, .interrupt])
        #expect(
            keys("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D\u{1B}[H\u{1B}[F\u{1B}[3~\u{1B}OH\u{1B}[4~") == [
                .up, .down, .right, .left, .home, .end, .delete, .home, .end,
            ])
        #expect(keys("\u{1B}[15~") == [.unknown])
        #expect(keys("\u{01}\u{05}\u{02}") == [.home, .end, .unknown])
    }

    @Test("A lone Esc is pending until flushed; Esc and a key sent together are both seen")
    func loneEscape() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]).isEmpty)
        #expect(decoder.hasPending)
        #expect(decoder.flush() == [.escape])
        #expect(!decoder.hasPending)
        #expect(keys("\u{1B}x") == [.escape, .text("x")])
        // A sequence split across reads is completed by the next read.
        #expect(decoder.feed([0x1B, 0x5B]).isEmpty)
        #expect(decoder.feed([0x5A]) == [.backTab])
    }

    @Test("Multi-byte characters split across reads, emoji and combining marks stay byte-exact")
    func utf8() {
        var decoder = KeyDecoder()
        let family = Array("👩‍👩‍👧".utf8)  // 5 scalars, 18 bytes
        #expect(decoder.feed(Array(family[0..<3])).isEmpty)
        #expect(decoder.feed(Array(family[3...])) == [.text("👩‍👩‍👧")])
        #expect(keys("e\u{301}") == [.text("e\u{301}")])
        if case let .text(text) = keys("e\u{301}").first { #expect(Array(text.utf8) == [0x65, 0xCC, 0x81]) }
        // Bytes that cannot start a character are dropped, not turned into U+FFFD.
        var raw = KeyDecoder()
        #expect(raw.feed([0x61, 0xFF, 0x62]) == [.text("ab")])
    }

    @Test("Bracketed paste keeps line breaks and is one key, even split across reads")
    func bracketedPaste() {
        #expect(keys("\u{1B}[200~line one\nline two\u{1B}[201~x") == [.paste("line one\nline two"), .text("x")])
        var decoder = KeyDecoder()
        #expect(decoder.feed(Array("\u{1B}[200~first\r\nsec".utf8)).isEmpty)
        #expect(decoder.feed(Array("ond\u{1B}[20".utf8)).isEmpty)
        #expect(decoder.feed(Array("1~".utf8)) == [.paste("first\r\nsecond")])
    }
}
