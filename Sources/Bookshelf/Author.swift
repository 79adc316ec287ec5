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

    /// The `authors` table.
    public static let schema = EntitySchema<Author>(
        table: "authors",
        columns: [
            .primaryKey("id", \.id),
            .column("name", \.name),
            .column("email", \.email),
            .column("bio", \.bio),
            .createdAt("created_at", \.createdAt),
            .updatedAt("updated_at", \.updatedAt),
        ])
}
