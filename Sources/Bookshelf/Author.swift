import DraftStore
import Foundation

/// A person who writes books: a row of the `authors` table.
///
/// The `email` is unique regardless of case (the index `authors_email_unique`); `createdAt`
/// and `updatedAt` are set by the store.
public struct Author: Entity, Hashable {
    /// The row id; `nil` before insertion, negative until saved.
    public var id: Int64?
    /// The full name, 2–120 characters, stored trimmed.
    public var name = ""
    /// The e-mail address, stored trimmed; unique regardless of case.
    public var email = ""
    /// A short biography, up to 2,000 characters; `nil` when none.
    public var bio: String?
    /// When the row was inserted; set by the store.
    public var createdAt: Date?
    /// When the row was last saved; set by the store.
    public var updatedAt: Date?

    /// Makes a blank author (for a new-author form, or to read a row into).
    public init() {}

    /// Makes a new author.
    /// - Parameters:
    ///   - name: The full name.
    ///   - email: The e-mail address.
    ///   - bio: A short biography.
    public init(name: String, email: String, bio: String? = nil) {
        self.name = name
        self.email = email
        self.bio = bio
    }

    /// The `authors` table, and the rules of each field: `name` required, 2–120 characters after
    /// trimming, no control or format characters; `email` required, a valid e-mail address as
    /// defined by the HTML standard for `<input type=email>` (uniqueness regardless of case is the
    /// store's `authors_email_unique` index); `bio` up to 2,000 characters, tab and newline
    /// allowed. Name and e-mail are stored trimmed and in Unicode NFC, so an edit that only
    /// changes the normalization is no change.
    public static let schema = EntitySchema<Author>(
        table: "authors",
        columns: [
            .primaryKey("id", \.id),
            .column(
                "name", \.name, label: "Name", help: "2–120 characters", trims: true, normalization: .nfc,
                rules: [.required, .length(2...120), .noControlCharacters()]),
            .column(
                "email", \.email, label: "E-mail", help: "An address like name@example.com",
                accessibilityHint: "Must not be used by another author", trims: true, normalization: .nfc,
                rules: [.required, .email, .noControlCharacters()]),
            .column(
                "bio", \.bio, label: "Bio", help: "Up to 2,000 characters",
                rules: [.maxLength(2000), .noControlCharacters(allowingLineBreaks: true)]),
            .createdAt("created_at", \.createdAt),
            .updatedAt("updated_at", \.updatedAt),
        ])
}
