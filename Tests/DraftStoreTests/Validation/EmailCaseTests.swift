import DraftStore
import Testing

/// Cases E1–E3 of /work/shared/cases/README.md: the HTML standard's valid e-mail address.
@Suite("Validation: e-mail addresses (E1–E3)")
struct ValidationEmailCaseTests {
    private func emailErrors(_ email: String) -> [FieldError] {
        AuthorForm.validator.errors(in: AuthorForm(name: "Sam", email: email), for: "email")
    }

    @Test(
        "E1: ordinary addresses are valid",
        arguments: [
            "sam+lists@example.museum", "sam@mail.dept.example.co.uk", "aa@aa.bb-cc.org",
            "first.last@example.photography", "x@example.io", "  x@example.io\u{00A0}", "sam@localhost",
        ]
    )
    func e1Valid(_ email: String) {
        #expect(EmailAddress.isValid(email))
        #expect(emailErrors(email).isEmpty)
    }

    @Test(
        "E2: dots in the local part are valid, as the HTML standard allows",
        arguments: [".sam@example.com", "sa..m@example.com", "sam.@x.y"]
    )
    func e2LocalDots(_ email: String) {
        #expect(EmailAddress.isValid(email))
    }

    @Test(
        "E2: empty labels, trailing dots and hyphens at label ends are invalid",
        arguments: [
            "sam@example..com", "sam@.example.com", "sam@example.com.", "sam@-example.com", "sam@example-.com",
            "sam@", "@example.com", "sam", "sam@@example.com", "sam@exa mple.com", "s am@example.com",
            "sam@exämple.com", "\"sam\"@example.com", "",
        ]
    )
    func e2Invalid(_ email: String) {
        #expect(!EmailAddress.isValid(email))
        if !email.isEmpty {
            #expect(emailErrors(email).map(\.code) == [.invalidEmail])
            #expect(emailErrors(email).first?.message == "Enter an e-mail address like name@example.com")
        }
    }

    @Test("E2: labels are at most 63 characters; addresses at most 254")
    func e2Lengths() {
        let label63 = String(repeating: "a", count: 63)
        #expect(EmailAddress.isValid("sam@\(label63).com"))
        #expect(!EmailAddress.isValid("sam@\(label63)a.com"))
        let local = String(repeating: "a", count: 254 - "@example.com".count)
        #expect(EmailAddress.isValid(local + "@example.com"))
        #expect(!EmailAddress.isValid("a" + local + "@example.com"))
    }

    @Test("E3: very long input is answered invalid at once")
    func e3LongInput() {
        let first = String(repeating: "a", count: 50_000) + "@x."
        let second = "a@" + String(repeating: "a", count: 100_000)
        #expect(!EmailAddress.isValid(first))
        #expect(!EmailAddress.isValid(second))
        #expect(emailErrors(first).map(\.code) == [.invalidEmail])
        #expect(emailErrors(second).map(\.code) == [.invalidEmail])
        #expect(emailErrors(first).map(\.message) == ["Enter an e-mail address of at most 254 characters"])
        #expect(emailErrors("sam@example..com").map(\.message) == ["Enter an e-mail address like name@example.com"])
    }
}
