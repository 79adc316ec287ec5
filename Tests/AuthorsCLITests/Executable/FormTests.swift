import DraftStore
import Foundation
import Testing

/// `authors form`, driven through piped standard input, and a conflict made while it is open.
@Suite("authors form (subprocess)")
struct FormTests {
    @Test func aFieldErrorIsShownAtOnceThenFixedThenSaved() throws {
        let db = try TestDatabase()
        let result = try db.expect(0, "form", input: "X\nXavier Li\nbad@\n xx@example.com \n\nmaybe\ns\n")
        #expect(
            result.stdout == """
                New author. Press Return to leave the bio empty.
                Name (2–120 characters) []: X
                  ✗ Name: Enter at least 2 characters
                Name (2–120 characters) [X]: Xavier Li
                E-mail (An address like name@example.com) []: bad@
                  ✗ E-mail: Enter an e-mail address like name@example.com
                E-mail (An address like name@example.com) [bad@]:  xx@example.com 
                Bio (Up to 2,000 characters) []: 
                Save, cancel, or edit again? [s/c/e]: maybe
                  Please answer c, e, s.
                Save, cancel, or edit again? [s/c/e]: s
                Saved: #1  Xavier Li <xx@example.com>

                """)
        #expect(try db.authors() == [.init(id: 1, name: "Xavier Li", email: "xx@example.com", bio: nil)])
    }

    @Test func editAgainThenCancelWritesNothing() throws {
        let db = try TestDatabase()
        try db.add("Mira Okafor", "mira@example.com", bio: "Sea.")
        let before = try db.authors()
        let result = try db.expect(0, "form", "1", input: "Mira O.\n\n-\ne\n\nm@example.com\nNew bio\nc\n")
        #expect(result.stdout.contains("Bio (Up to 2,000 characters) [Sea.]: -\n"))
        #expect(result.stdout.contains("E-mail (An address like name@example.com) [mira@example.com]: m@example.com\n"))
        #expect(result.stdout.hasSuffix("Cancelled: nothing was written.\n"))
        // The app's rows are as before; the form's draft journal kept nothing.
        #expect(try db.authors() == before)
        #expect(try db.journalEntries() == 0)
    }

    @Test func editAgainThenSaveKeepsEveryAnswer() throws {
        let db = try TestDatabase()
        try db.add("Mira Okafor", "mira@example.com", bio: "Sea.")
        try db.expect(0, "form", "1", input: "Mira O.\n\n-\nedit\n\nm@example.com\n\nSAVE\n")
        #expect(try db.authors() == [.init(id: 1, name: "Mira O.", email: "m@example.com", bio: nil)])
    }

    @Test func aDuplicateEmailRefusedByTheStoreIsAskedAgain() throws {
        let db = try TestDatabase()
        try db.add("Mira Okafor", "mira@example.com")
        let result = try db.expect(0, "form", input: "Jon Bay\nMIRA@example.com\n\ns\n\njon@example.com\ns\n")
        #expect(
            result.stdout.contains(
                """
                Save, cancel, or edit again? [s/c/e]: s
                  ✗ E-mail: Another author already has this e-mail; enter a different one.
                E-mail (An address like name@example.com) [MIRA@example.com]: 
                  ✗ E-mail: Another author already has this e-mail; enter a different one.
                E-mail (An address like name@example.com) [MIRA@example.com]: jon@example.com
                Save, cancel, or edit again? [s/c/e]: s
                Saved: #2  Jon Bay <jon@example.com>
                """))
        #expect(try db.authors().map(\.email) == ["mira@example.com", "jon@example.com"])
    }

    @Test(arguments: ["", "Ann Lee\n", "Ann Lee\nann@example.com\n\n", "Ann Lee\nann@example.com\n\ne\nBo Bo\n"])
    func theEndOfInputCancelsExitsOneAndWritesNothing(input: String) throws {
        let db = try TestDatabase()
        try db.add("Mira Okafor", "mira@example.com")
        let before = try db.authors()
        let bytes = db.snapshot()
        let result = try db.expect(1, "form", input: input)
        #expect(result.stderr == "error: Input ended before the form was saved: cancelled, nothing was written.\n")
        // The app's rows are as before; the form's draft journal kept nothing.
        #expect(try db.authors() == before)
        #expect(try db.journalEntries() == 0)
        let edit = try db.expect(1, "form", "1", input: input)
        #expect(edit.stderr.contains("nothing was written"))
        #expect(try db.authors() == before)
        #expect(try db.journalEntries() == 0)
        // Without an edit the journal wrote nothing at all: the file is byte for byte as before.
        if input.isEmpty { #expect(db.snapshot() == bytes) }
    }

    /// A second connection changes the row while the form waits at its save prompt.
    @Test(arguments: ["m", "t"])
    func aConflictIsNamedFieldByFieldAndResolvedKeepMineOrTakeTheirs(answer: String) throws {
        let db = try TestDatabase()
        try db.add("Mira Okafor", "mira@example.com", bio: "Sea.")
        let form = try InteractiveRun(["form", "1", "--db", db.path], directory: db.folder.url)
        try form.waitFor("[Mira Okafor]: ")
        form.send("Mira O.")
        try form.waitFor("[mira@example.com]: ")
        form.send("")
        try form.waitFor("[Sea.]: ")
        form.send("")
        try form.waitFor("[s/c/e]: ")
        try db.otherWriter("UPDATE authors SET name = 'M. Okafor', bio = 'Rivers.' WHERE id = 1")
        form.send("s")
        let conflict = try form.waitFor("[m/t]: ")
        #expect(conflict.contains("Changed elsewhere while the form was open: Name, Bio."))
        #expect(conflict.contains("Bio: took theirs, 'Rivers.' (you had not changed it)"))
        #expect(conflict.contains("Name: was 'Mira Okafor', mine 'Mira O.', theirs 'M. Okafor'"))
        form.send(answer)
        let result = try form.finish()
        #expect(result.status == 0, "\(result)")
        let name = answer == "m" ? "Mira O." : "M. Okafor"
        #expect(result.stdout.hasSuffix("Saved: #1  \(name) <mira@example.com> — Rivers.\n"), "\(result)")
        #expect(try db.authors() == [.init(id: 1, name: name, email: "mira@example.com", bio: "Rivers.")])
    }

    @Test func aRowDeletedWhileTheFormIsOpenCanBeSavedAsNew() throws {
        let db = try TestDatabase()
        try db.add("Mira Okafor", "mira@example.com")
        let form = try InteractiveRun(["form", "1", "--db", db.path], directory: db.folder.url)
        try form.waitFor("[Mira Okafor]: ")
        form.send("Mira O.")
        form.send("")
        form.send("")
        try form.waitFor("[s/c/e]: ")
        try db.otherWriter("DELETE FROM authors WHERE id = 1")
        form.send("s")
        let question = try form.waitFor("[y/n]: ")
        #expect(question.contains("This author was deleted elsewhere while the form was open."))
        form.send("y")
        let result = try form.finish()
        #expect(result.status == 0, "\(result)")
        #expect(try db.authors().map(\.name) == ["Mira O."])
    }
}
