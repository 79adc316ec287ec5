import DraftStore

/// The Author form used across the validation tests: the rules of the shared cases.
struct AuthorForm: Sendable {
    var name = ""
    var email = ""
    var bio: String?

    static let validator = Validator<AuthorForm> {
        Field(\.name, "name", label: "Name", help: "2–120 characters", trims: true) {
            .required; .length(2...120); .noControlCharacters()
        }
        Field(\.email, "email", label: "E-mail", accessibilityHint: "Used to sign in", trims: true) {
            .required; .email; .noControlCharacters()
        }
        Field(\.bio, "bio", label: "Bio") {
            .maxLength(2000); .noControlCharacters(allowingLineBreaks: true)
        }
    }
}

/// The reorder request of the shared patterns: a product code and a quantity typed as text.
struct ReorderRequest: Sendable {
    var productCode = ""
    var quantityText = ""

    static let validator = Validator<ReorderRequest> {
        Field(\.productCode, "productCode", label: "Product code", trims: true) {
            .required; .noControlCharacters()
        }
        Field(\.quantityText, "quantity", label: "Quantity", help: "Enter 1–50 whole units", trims: true) {
            .required; .wholeNumber(in: 1...50)
        }
    }

    /// `"PEN:4"` for a valid request, `nil` otherwise.
    func orderLine() -> String? {
        guard Self.validator.isValid(self) else { return nil }
        let stored = Self.validator.normalized(self)
        guard let quantity = WholeNumber.parse(stored.quantityText).value else { return nil }
        return "\(stored.productCode):\(quantity)"
    }
}

/// A registration form: the classic rules of a sign-up screen.
struct Registration: Sendable {
    var fullName = ""
    var email = ""
    var password = ""
    var passwordConfirmation = ""
    var country = ""
    var acceptsTerms = false

    static let countries = ["Japan", "Korea", "Nigeria", "Portugal"]

    static let validator = Validator<Registration> {
        Field(\.fullName, "fullName", label: "Full name", trims: true) {
            .required; .minLength(2); .noControlCharacters()
        }
        Field(\.email, "email", label: "E-mail", trims: true) {
            .required; .email
        }
        Field(\.password, "password", label: "Password", help: "At least 8 characters") {
            .required; .minLength(8)
        }
        Field(\.passwordConfirmation, "passwordConfirmation", label: "Repeat password") {
            .required; .confirmation(of: \.password, message: "Enter the same password again")
        }
        Field(\.country, "country", label: "Country") {
            .required; .inclusion(in: Registration.countries)
        }
        Field(\.acceptsTerms, "terms", label: "Terms of service") { .acceptance(message: "Accept the terms to continue") }
    }
}
