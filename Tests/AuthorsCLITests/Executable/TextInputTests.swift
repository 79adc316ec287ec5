import Foundation
import Testing

/// How what a person types is read: search in any case (full Unicode case folding), a blank bio as
/// none, an e-mail without a dot in its domain accepted with a note, no SQL words in the form.
@Suite("authors text input (subprocess)")
struct TextInputTests {
    @Test func searchIgnoresCaseBeyondASCII() throws {
        let db = try TestDatabase()
        try db.add("Jörg Göttsche", "goettsche@example.org")
        try db.add("Änne Brandt", "aenne@example.org")
        try db.add("Heinz Strauß", "heinz@example.org")
        try db.add("Ann Lee", "ann@example.com")
        #expect(try db.expect(0, "list", "--search", "GÖTTSCHE").stdout == "#1  Jörg Göttsche <goettsche@example.org>\n")
        #expect(try db.expect(0, "list", "--search", "änne").stdout == "#2  Änne Brandt <aenne@example.org>\n")
        #expect(try db.expect(0, "list", "--search", "STRAUSS").stdout == "#3  Heinz Strauß <heinz@example.org>\n")
        // A decomposed ä (a + U+0308) finds the precomposed one.
        #expect(try db.expect(0, "list", "--search", "A\u{308}NNE").stdout == "#2  Änne Brandt <aenne@example.org>\n")
        #expect(try db.expect(0, "list", "--search", "EXAMPLE.ORG", "--limit", "2").stdout.split(separator: "\n").count == 2)
        #expect(try db.expect(0, "list", "--search", "zzz").stdout == "No authors.\n")
    }

    @Test func aBlankBioIsNoBio() throws {
        let db = try TestDatabase()
        let added = try db.expect(0, "add", "--name", "Ann Lee", "--email", "ann@example.com", "--bio", "   ")
        #expect(added.stdout == "Added author #1  Ann Lee <ann@example.com>\n")
        try db.expect(0, "edit", "1", "--bio", "Poet.")
        let cleared = try db.expect(0, "edit", "1", "--bio", " \t\n ")
        #expect(cleared.stdout == "Saved author #1  Ann Lee <ann@example.com>\n")
        #expect(try db.authors() == [.init(id: 1, name: "Ann Lee", email: "ann@example.com", bio: nil)])
        try db.expect(0, "edit", "1", "--bio", "Poet.")
        let form = try db.expect(0, "form", "1", input: "\n\n   \ns\n")
        #expect(form.stdout.hasSuffix("Saved: #1  Ann Lee <ann@example.com>\n"), "\(form)")
        #expect(try db.authors().first?.bio == nil)
    }

    @Test func aBioOnSeveralLinesIsListedOnOne() throws {
        let db = try TestDatabase()
        try db.add("Ann Lee", "ann@example.com", bio: "Line one\nline two")
        #expect(try db.expect(0, "list").stdout == "#1  Ann Lee <ann@example.com> — Line one line two\n")
        #expect(try db.authors().first?.bio == "Line one\nline two")
    }

    @Test func anEmailWithoutADotInItsDomainIsAcceptedWithANote() throws {
        let db = try TestDatabase()
        let result = try db.expect(0, "add", "--name", "Mia Wong", "--email", "mia@examplecom")
        #expect(result.stdout == "Added author #1  Mia Wong <mia@examplecom>\n")
        #expect(
            result.stderr
                == "note: the e-mail address 'mia@examplecom' has no dot in its domain ('examplecom'); it was accepted, "
                + "but check it is not missing one (such as 'examplecom.com').\n")
        #expect(try db.expect(0, "add", "--name", "Ann Lee", "--email", "ann@example.com").stderr.isEmpty)
        let form = try db.expect(0, "form", input: "Bo Li\nbo@localhost\n\ns\n")
        #expect(form.stdout.contains("note: the e-mail address 'bo@localhost' has no dot in its domain"), "\(form)")
        #expect(try db.authors().map(\.email) == ["mia@examplecom", "ann@example.com", "bo@localhost"])
    }

    @Test func theFormSaysWhenYouTypedTheSameValueAsTheirs() throws {
        let db = try TestDatabase()
        try db.add("Mira Okafor", "mira@example.com")
        let form = try InteractiveRun(["form", "1", "--db", db.path], directory: db.folder.url)
        try form.answer([("[Mira Okafor]: ", "M. Okafor"), ("[mira@example.com]: ", ""), ("[]: ", "")])
        try form.waitFor("[s/c/e]: ")
        try db.otherWriter("UPDATE authors SET name = 'M. Okafor', bio = 'Rivers.' WHERE id = 1")
        form.send("s")
        let result = try form.finish()
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("  Name: took theirs, 'M. Okafor' (you typed the same value)\n"), "\(result)")
        #expect(result.stdout.contains("  Bio: took theirs, 'Rivers.' (you had not changed it)\n"))
        #expect(!result.stdout.contains("NULL"))
        #expect(try db.authors() == [.init(id: 1, name: "M. Okafor", email: "mira@example.com", bio: "Rivers.")])
    }

    @Test func noSQLWordsAreShownToAPerson() throws {
        let db = try TestDatabase()
        try db.add("Mira Okafor", "mira@example.com")
        let form = try InteractiveRun(["form", "1", "--db", db.path], directory: db.folder.url)
        try form.answer([("[Mira Okafor]: ", ""), ("[mira@example.com]: ", ""), ("[]: ", "Sea.")])
        try form.waitFor("[s/c/e]: ")
        try db.otherWriter("UPDATE authors SET bio = 'Rivers.' WHERE id = 1")
        form.send("s")
        let conflict = try form.waitFor("[m/t]: ")
        #expect(conflict.contains("Bio: was (none), mine 'Sea.', theirs 'Rivers.'"), "\(conflict)")
        form.send("m")
        let result = try form.finish()
        #expect(!result.stdout.contains("NULL"), "\(result)")
        let cancel = try db.expect(0, "edit", "1", "--bio", "", "--cancel")
        #expect(cancel.stdout == "Would have saved:\n  bio: 'Sea.' → (none)\nCancelled: nothing was written.\n")
    }
}
