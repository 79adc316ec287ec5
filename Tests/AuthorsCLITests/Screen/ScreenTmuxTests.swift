import DraftStore
import Foundation
import TestTools
import Testing

/// The full-screen form as a person uses it: the built `authors` in a real terminal (tmux),
/// keys sent with `send-keys`, the screen read with `capture-pane`. Skipped, saying so, when
/// tmux is not installed.
@Suite("Screen: through tmux", .requires(.tmux), .serialized)
struct ScreenTmuxTests {
    /// A database with author #1, Mira Okafor, and a trigger recording each UPDATE of a row.
    private func database() throws -> TestDatabase {
        let db = try TestDatabase()
        try db.add("Mira Okafor", "mira@example.com")
        let connection = try Connection(path: db.path)
        defer { connection.close() }
        try connection.execute(
            """
            CREATE TABLE screen_updates (seq INTEGER PRIMARY KEY, new_name TEXT, new_email TEXT);
            CREATE TRIGGER screen_updates_log AFTER UPDATE ON authors BEGIN
              INSERT INTO screen_updates (new_name, new_email) VALUES (new.name, new.email);
            END;
            """)
        // Added outside the migrations on purpose: recorded as the schema the store expects.
        try Migrator.acceptCurrentSchema(on: connection)
        return db
    }

    /// The UPDATEs the trigger recorded: (name, email) after each.
    private func updates(_ db: TestDatabase) throws -> [[String]] {
        let connection = try Connection(path: db.path)
        defer { connection.close() }
        return try connection.fetch("SELECT new_name, new_email FROM screen_updates ORDER BY seq") {
            [try $0.text(at: 0), try $0.text(at: 1)]
        }
    }

    /// Waits for the exit and checks the terminal's mode is as it was before.
    private func expectRestored(_ screen: TmuxScreen, status: Int32, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let exit = try screen.waitForExit()
        #expect(exit.status == status, "\(exit.screen)", sourceLocation: sourceLocation)
        #expect(!exit.before.isEmpty, sourceLocation: sourceLocation)
        #expect(exit.before == exit.after, "stty -g before and after differ", sourceLocation: sourceLocation)
        return exit.screen
    }

    @Test("A bad e-mail shows no error until the field is left, then the error in words; Tab order")
    func errorOnceLeftAndTabOrder() throws {
        let db = try database()
        let screen = try TmuxScreen(["edit", "1", "--screen"], in: db)
        try screen.waitFor("▶ Name    [Mira Okafor")
        try screen.keys("Tab")
        try screen.waitFor("▶ E-mail")
        try screen.keys("End")
        try screen.type("@")
        let typing = try screen.waitFor("[mira@example.com@")
        #expect(!typing.contains("✗"))
        try screen.keys("Tab")
        let left = try screen.waitFor("✗ Enter an e-mail address like name@example.com")
        #expect(left.contains("▶ Bio"))
        for (key, focus) in [("Tab", "Name"), ("BTab", "Bio"), ("BTab", "E-mail")] {
            try screen.keys(key)
            try screen.waitFor("▶ " + focus)
        }
        try screen.keys("Escape")
        let after = try expectRestored(screen, status: 0)
        #expect(after.contains("Cancelled: nothing was written."))
        #expect(try db.authors().map(\.email) == ["mira@example.com"])
    }

    @Test("Ctrl-S refused with its reasons and focus on the first bad field; fixed, Ctrl-S saves in one UPDATE")
    func refusedThenSaved() throws {
        let db = try database()
        let screen = try TmuxScreen(["edit", "1", "--screen"], in: db)
        try screen.waitFor("▶ Name")
        try screen.keys("End", "BSpace", "BSpace", "BSpace", "BSpace", "BSpace", "BSpace", "BSpace", "BSpace", "BSpace", "BSpace")
        try screen.keys("Tab", "End")
        try screen.type("@")
        try screen.keys("Tab", "C-s")
        let refused = try screen.waitFor("Not saved: 2 problems to fix first.")
        #expect(refused.contains("Ctrl-S is disabled until these are fixed:"))
        #expect(refused.contains("- Name: Enter at least 2 characters"))
        #expect(refused.contains("- E-mail: Enter an e-mail address like name@example.com"))
        #expect(refused.contains("▶ Name    [M "))
        #expect(try updates(db).isEmpty)
        try screen.type("ira K")
        try screen.keys("Tab", "End", "BSpace", "C-s")
        let after = try expectRestored(screen, status: 0)
        #expect(after.contains("Saved author #1  Mira K <mira@example.com>"))
        #expect(try updates(db) == [["Mira K", "mira@example.com"]])
    }

    @Test("Esc on another edit writes nothing: the database file is byte-identical")
    func escapeWritesNothing() throws {
        let db = try database()
        let before = db.snapshot()
        let screen = try TmuxScreen(["edit", "1", "--screen"], in: db)
        try screen.waitFor("▶ Name")
        try screen.type(" changed")
        try screen.keys("Tab", "Tab")
        try screen.paste("a bio\nof two lines")
        try screen.waitFor("[of two lines")
        try screen.keys("Escape")
        let after = try expectRestored(screen, status: 0)
        #expect(after.contains("Cancelled: nothing was written."))
        #expect(db.snapshot() == before)
    }

    @Test("A second process renames the author while the form is open: the banner offers keep mine / take theirs")
    func changedByAnotherProcess() throws {
        let db = try database()
        let screen = try TmuxScreen(["edit", "1", "--screen"], in: db)
        try screen.waitFor("▶ Name")
        try screen.type(" Mine")
        try screen.waitFor("[Mira Okafor Mine")
        try db.expect(0, "edit", "1", "--name", "Mira Theirs", "--bio", "Their bio")
        try screen.keys("C-s")
        let banner = try screen.waitFor("Press M to keep mine, T to take theirs.")
        #expect(banner.contains("! This author changed elsewhere while the form was open."))
        #expect(banner.contains("! Bio: took theirs, “Their bio” (you had not changed it)."))
        #expect(banner.contains("was “Mira Okafor”, yours “Mira Okafor Mine”, theirs “Mira Theirs”"))
        try screen.type("m")
        try screen.waitFor("All decided. Press Ctrl-S to save.")
        try screen.keys("C-s")
        _ = try expectRestored(screen, status: 0)
        #expect(try db.authors().map(\.name) == ["Mira Okafor Mine"])
        #expect(try db.authors().map(\.bio) == ["Their bio"])
    }

    @Test("A 5-scalar emoji, a combining accent and a pasted multi-line bio are saved byte-exact (add --screen)")
    func unicodeByteExact() throws {
        let db = try database()
        let screen = try TmuxScreen(["add", "--screen"], in: db)
        try screen.waitFor("New author")
        try screen.type("Zoe\u{301} ")
        try screen.type("👩‍👩‍👧")
        try screen.keys("Tab")
        try screen.type("zoe@example.com")
        try screen.keys("Tab")
        try screen.paste("first line\nsecond 👩‍👩‍👧 line")
        try screen.waitFor("second")
        try screen.keys("C-s")
        let after = try expectRestored(screen, status: 0)
        #expect(after.contains("Added author #2"))
        let row = try #require(try db.authors().last)
        // The name field stores Unicode NFC (the accent composed); the emoji's five scalars are kept.
        #expect(Array(row.name.utf8) == Array("Zoe\u{301} 👩‍👩‍👧".precomposedStringWithCanonicalMapping.utf8))
        #expect("👩‍👩‍👧".unicodeScalars.count == 5)
        #expect(row.bio.map { Array($0.utf8) } == Array("first line\nsecond 👩‍👩‍👧 line".utf8))
    }

    @Test("The form redraws for a new window size; Ctrl-C cancels like Esc")
    func resize() throws {
        let db = try database()
        let screen = try TmuxScreen(["edit", "1", "--screen"], in: db)
        try screen.waitFor("[Mira Okafor")
        #expect(try screen.capture().contains("]  2–120 characters"))
        try screen.resize(width: 44, height: 20)
        try screen.waitUntil("the help under the name") { text in text.contains("\n          2–120 characters") }
        try screen.keys("C-c")
        let after = try expectRestored(screen, status: 0)
        #expect(after.contains("Cancelled: nothing was written."))
    }

    @Test("At 60×7 the focused last field and its error stay in view; below 40×6 the form asks for a larger window")
    func smallWindowKeepsTheFocusInView() throws {
        let db = try database()
        let screen = try TmuxScreen(["edit", "1", "--screen"], in: db, width: 60, height: 7)
        try screen.waitFor("▶ Name")
        try screen.keys("Tab")
        try screen.keys("Tab")
        try screen.waitFor("▶ Bio")
        try screen.paste(String(repeating: "x", count: 2001))
        try screen.keys("C-s")
        let refused = try screen.waitFor("✗ ")
        #expect(refused.contains("▶ Bio"), "\(refused)")
        try screen.keys("BSpace")
        try screen.type("END")
        let typed = try screen.waitFor("xxxEND")
        #expect(typed.contains("▶ Bio"))
        try screen.resize(width: 39, height: 6)
        try screen.waitFor("this one is 39×6.")
        try screen.type("ignored")
        try screen.resize(width: 60, height: 7)
        let back = try screen.waitFor("xxxEND")
        #expect(!back.contains("ignored"))
        try screen.keys("Escape")
        let after = try expectRestored(screen, status: 0)
        #expect(after.contains("Cancelled: nothing was written."))
        #expect(try db.authors().map(\.bio) == [nil])
    }

    @Test(
        "The terminal's mode is restored when the process is killed by a signal",
        arguments: [
            ("INT", SIGINT), ("TERM", SIGTERM), ("HUP", SIGHUP), ("SEGV", SIGSEGV), ("ABRT", SIGABRT), ("ILL", SIGILL), ("TRAP", SIGTRAP),
        ])
    func restoredOnSignal(name: String, number: Int32) throws {
        let db = try database()
        let before = db.snapshot()
        let screen = try TmuxScreen(["edit", "1", "--screen"], in: db)
        try screen.waitFor("▶ Name")
        try screen.type(" unsaved")
        try screen.waitFor("[Mira Okafor unsaved")
        #expect(kill(try screen.authorsPID(), number) == 0, "kill -\(name)")
        let after = try expectRestored(screen, status: 128 + number)
        #expect(!after.contains("Tab/Shift-Tab move"), "the form's screen was left")
        #expect(db.snapshot() == before)
    }
}
