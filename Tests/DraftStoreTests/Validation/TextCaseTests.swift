import DraftStore
import Testing

/// Cases T1–T3 of /work/shared/cases/README.md, validation side.
@Suite("Validation: text (T1–T3)")
struct ValidationTextCaseTests {
    private func nameErrors(_ name: String) -> [FieldError] {
        AuthorForm.validator.errors(in: AuthorForm(name: name, email: "mira@example.com"), for: "name")
    }

    @Test(
        "T1: whitespace and invisible separators alone are blank",
        arguments: ["", "   ", "\t\n", "\u{00A0}\u{00A0}", "\u{3000}\u{3000}", "\u{200B}\u{200B}", "\u{FEFF}", "\u{2060}"]
    )
    func t1BlankMeansBlank(_ text: String) {
        #expect(Trimming.isBlank(text))
        #expect(Trimming.trimmed(text) == "")
        #expect(nameErrors(text).map(\.code) == [.required])
    }

    @Test("T1: the stored value is trimmed by scalars, and the short check runs on it")
    func t1StoredTrimmed() {
        let validator = AuthorForm.validator
        let al = validator.normalized(AuthorForm(name: " Al ", email: "a@b.c"))
        #expect(al.name.utf8.elementsEqual("Al".utf8))
        let bo = validator.normalized(AuthorForm(name: "\u{00A0}Bo\u{3000}", email: "a@b.c"))
        #expect(bo.name.utf8.elementsEqual("Bo".utf8))
        #expect(nameErrors(" Al ").isEmpty)
        #expect(nameErrors("A ").map(\.code) == [.tooShort])
        #expect(nameErrors("A ").first?.message == "Enter at least 2 characters")
    }

    @Test("T1: a trailing zero width joiner is trimmed although it merges into the last letter")
    func t1TrailingJoinerIsTrimmedByScalar() {
        #expect("Bo\u{200D}".count == 2)
        #expect(Trimming.trimmed("Bo\u{200D}").unicodeScalars.elementsEqual("Bo".unicodeScalars))
        #expect(Trimming.trimmed("\u{200C}\u{FEFF}Mira\u{00A0}Okafor\u{2060}").utf8.elementsEqual("Mira\u{00A0}Okafor".utf8))
        #expect(Trimming.trimmed("Mira").utf8.elementsEqual("Mira".utf8))
    }

    @Test("T2: one visible character is too short", arguments: ["👩‍👩‍👧‍👦", "กี่"])
    func t2OneCharacterTooShort(_ text: String) {
        #expect(text.count == 1)
        #expect(nameErrors(text).map(\.code) == [.tooShort])
    }

    @Test("T2: two visible characters are long enough", arguments: ["👌🏽👌🏽", "🇯🇵🇰🇷", "กี่ม"])
    func t2TwoCharactersValid(_ text: String) {
        #expect(nameErrors(text).isEmpty)
    }

    @Test("T2: 100 families pass a 100-character limit and round-trip through normalization exactly")
    func t2HundredFamilies() {
        let validator = Validator<AuthorForm> {
            Field(\.name, "name", label: "Name", trims: true) {
                .required; .length(2...100); .noControlCharacters()
            }
        }
        let text = String(repeating: "👩‍👩‍👧‍👦", count: 100)
        let value = AuthorForm(name: text)
        #expect(validator.errors(in: value).isEmpty)
        #expect(validator.normalized(value).name.utf8.elementsEqual(text.utf8))
        let tooLong = AuthorForm(name: text + "👩‍👩‍👧‍👦")
        #expect(validator.errors(in: tooLong).map(\.code) == [.tooLong])
        #expect(validator.errors(in: tooLong).first?.message == "Enter at most 100 characters")
    }

    @Test(
        "T3: names and e-mails reject control and format characters",
        arguments: [
            "Al\u{0000}ex", "Al\u{0007}ex", "Al\u{007F}ex", "Al\u{0085}ex", "Al\u{009B}ex", "Al\tex",
            "Al\nex", "Al\u{200E}ex", "Al\u{200F}ex", "Al\u{202A}ex", "Al\u{202E}ex", "Al\u{2066}ex", "Al\u{2069}ex",
        ]
    )
    func t3NamesRejectControls(_ name: String) {
        #expect(nameErrors(name).map(\.code) == [.invalidCharacters])
        let email = name.replacingOccurrences(of: "ex", with: "@example.com")
        let emailErrors = AuthorForm.validator.errors(in: AuthorForm(name: "Al", email: email), for: "email")
        #expect(emailErrors.count == 1)
    }

    @Test("T3: the bio accepts tab and newline but not NUL or bidi controls")
    func t3BioAllowsLineBreaks() {
        func bioErrors(_ bio: String?) -> [FieldError] {
            AuthorForm.validator.errors(in: AuthorForm(name: "Al", email: "al@example.com", bio: bio), for: "bio")
        }
        #expect(bioErrors("Poet.\n\tLives by the sea.\r\nWrites at night.").isEmpty)
        #expect(bioErrors(nil).isEmpty)
        #expect(bioErrors("Poet\u{0000}").map(\.code) == [.invalidCharacters])
        #expect(bioErrors("Poet \u{202E}aes").map(\.code) == [.invalidCharacters])
        #expect(bioErrors(String(repeating: "x", count: 2001)).map(\.code) == [.tooLong])
    }

    @Test("T3: joiners inside emoji and scripts are not control characters")
    func t3JoinersAllowed() {
        #expect(nameErrors("👩‍👩‍👧‍👦👩‍👩‍👧‍👦").isEmpty)
        #expect(nameErrors("می\u{200C}خواهم").isEmpty)
        #expect(nameErrors("🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F} Scot").isEmpty)
    }
}
