import DraftStore
import Testing

/// Case P1 and the form patterns of the brief: registration and reorder request.
@Suite("Validation: form patterns (P1, registration, reorder)")
struct ValidationFormPatternTests {
    private func filledRegistration() -> Registration {
        Registration(
            fullName: "Mira Okafor", email: "mira@example.com", password: "correct-horse-9",
            passwordConfirmation: "correct-horse-9", country: "Nigeria", acceptsTerms: true
        )
    }

    @Test("P1: a changed password shows the confirmation error at once and refuses save")
    func p1PasswordConfirmation() {
        let form = FormState(Registration(), validator: Registration.validator)
        form.value = filledRegistration()
        #expect(form.canSave)
        #expect(form.visibleErrors.isEmpty)

        form.value.password = "correct-horse-10"
        #expect(!form.canSave)
        let errors = form.visibleErrors(for: "passwordConfirmation")
        #expect(errors.map(\.code) == [.confirmationMismatch])
        #expect(form.saveBlockers == ["Repeat password: Enter the same password again"])

        form.value.passwordConfirmation = "correct-horse-10"
        #expect(form.canSave)
    }

    @Test("P1: confirmation compares bytes exactly, not Unicode equivalence")
    func p1ConfirmationByBytes() {
        var value = filledRegistration()
        value.password = "caf\u{00E9}-horse-9"
        value.passwordConfirmation = "cafe\u{0301}-horse-9"
        #expect(value.password == value.passwordConfirmation)  // Swift's == says equal…
        let errors = Registration.validator.errors(in: value, for: "passwordConfirmation")
        #expect(errors.map(\.code) == [.confirmationMismatch])  // …the bytes differ
    }

    @Test("P1: 8 characters are long enough, 7 are not")
    func p1PasswordLength() {
        var value = filledRegistration()
        value.password = "Passw0rd"
        value.passwordConfirmation = "Passw0rd"
        #expect(Registration.validator.errors(in: value).isEmpty)
        value.password = "Passw0r"
        value.passwordConfirmation = "Passw0r"
        let errors = Registration.validator.errors(in: value)
        #expect(errors.map(\.field) == ["password"])
        #expect(errors.first?.message == "Enter at least 8 characters")
    }

    @Test("Registration: valid only when every rule holds")
    func registrationValidOnlyWhenAllHold() {
        #expect(Registration.validator.isValid(filledRegistration()))
        let breakers: [(String, (inout Registration) -> Void, FieldError.Code)] = [
            ("fullName", { $0.fullName = " M " }, .tooShort),
            ("email", { $0.email = "mira@example" + ".com." }, .invalidEmail),
            (
                "password",
                {
                    $0.password = "short"; $0.passwordConfirmation = "short"
                }, .tooShort
            ),
            ("passwordConfirmation", { $0.passwordConfirmation = "correct-horse-8" }, .confirmationMismatch),
            ("country", { $0.country = "Atlantis" }, .notIncluded),
            ("terms", { $0.acceptsTerms = false }, .notAccepted),
        ]
        for (field, breakIt, code) in breakers {
            var value = filledRegistration()
            breakIt(&value)
            let errors = Registration.validator.errors(in: value)
            #expect(errors.map(\.field) == [field], "breaking \(field)")
            #expect(errors.map(\.code) == [code], "breaking \(field)")
        }
    }

    @Test("Registration: errors stay hidden until their field is edited, all show after a save attempt")
    func registrationVisibility() {
        let form = FormState(Registration(), validator: Registration.validator)
        #expect(form.errors.count == 6)
        #expect(form.visibleErrors.isEmpty)
        #expect(!form.canSave)

        form.value.fullName = "M"
        #expect(form.visibleErrors.map(\.field) == ["fullName"])
        #expect(form.visibleErrors.first?.message == "Enter at least 2 characters")
        #expect(form.visibleErrors(for: "email").isEmpty)

        form.markSaveAttempted()
        #expect(form.saveAttempted)
        #expect(form.visibleErrors.map(\.field) == ["fullName", "email", "password", "passwordConfirmation", "country", "terms"])
        #expect(form.saveBlockers.first == "Full name: Enter at least 2 characters")
        #expect(form.saveBlockers.last == "Terms of service: Accept the terms to continue")

        form.value = filledRegistration()
        #expect(form.visibleErrors.isEmpty)
        #expect(form.saveBlockers.isEmpty)
        #expect(form.canSave)
    }

    @Test("Reorder: \" PEN \" and \"4\" give PEN:4")
    func reorderAccepted() {
        #expect(ReorderRequest(productCode: " PEN ", quantityText: "4").orderLine() == "PEN:4")
        #expect(ReorderRequest(productCode: "PEN", quantityText: "1").orderLine() == "PEN:1")
        #expect(ReorderRequest(productCode: "PEN", quantityText: " 50 ").orderLine() == "PEN:50")
    }

    @Test(
        "Reorder: a blank code and bad quantities are refused",
        arguments: [(" ", "4", "productCode"), ("PEN", "4.5", "quantity"), ("PEN", "51", "quantity"), ("PEN", "0", "quantity")]
    )
    func reorderRefused(code: String, quantity: String, field: String) {
        let request = ReorderRequest(productCode: code, quantityText: quantity)
        #expect(request.orderLine() == nil)
        #expect(ReorderRequest.validator.errors(in: request).map(\.field) == [field])
    }

    @Test("Reorder: the fields carry help text, labels and hints for the person filling them in")
    func reorderFieldMetadata() {
        let quantity = ReorderRequest.validator.field(named: "quantity")
        #expect(quantity?.label == "Quantity")
        #expect(quantity?.help == "Enter 1–50 whole units")
        #expect(quantity?.trims == true)
        #expect(quantity?.ruleCount == 2)
        #expect(AuthorForm.validator.fields.map(\.name) == ["name", "email", "bio"])
        #expect(AuthorForm.validator.field(named: "email")?.accessibilityHint == "Used to sign in")
        let sendable: any Sendable = AuthorForm.validator
        #expect(sendable is Validator<AuthorForm>)
    }
}
