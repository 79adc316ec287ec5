import DraftStore

extension Author {
    /// The rules of an author: `name` required, 2–120 characters after trimming, no control
    /// or format characters; `email` required, a valid e-mail address as defined by the HTML
    /// standard for `<input type=email>` (uniqueness regardless of case is the store's
    /// `authors_email_unique` index); `bio` up to 2,000 characters, tab and newline allowed.
    /// Name and e-mail are stored trimmed and in Unicode NFC, so an edit that only changes the
    /// normalization is no change.
    public static let validator = Validator<Author> {
        Field(\.name, "name", label: "Name", help: "2–120 characters", trims: true, normalization: .nfc) {
            .required; .length(2...120); .noControlCharacters()
        }
        Field(
            \.email, "email", label: "E-mail", help: "An address like name@example.com",
            accessibilityHint: "Must not be used by another author", trims: true, normalization: .nfc
        ) {
            .required; .email; .noControlCharacters()
        }
        Field(\.bio, "bio", label: "Bio", help: "Up to 2,000 characters") {
            .maxLength(2000); .noControlCharacters(allowingLineBreaks: true)
        }
    }
}
