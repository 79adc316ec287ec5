import Bookshelf
import DraftStore
import Foundation

/// How authors and books are shown: as aligned text or as JSON objects.
enum Rendering {
    /// One line: `#1  Mira Okafor <mira@example.com>`.
    static func line(_ author: Author) -> String {
        "#\(author.id ?? 0)  \(author.name) <\(author.email)>"
            + (author.bio.map { " — \($0.replacingOccurrences(of: "\n", with: " "))" } ?? "")
    }

    /// The JSON object of an author.
    static func object(_ author: Author) -> [String: Any] {
        var object: [String: Any] = ["id": Int(author.id ?? 0), "name": author.name, "email": author.email, "bio": author.bio ?? NSNull()]
        if let created = author.createdAt { object["createdAt"] = ISO8601DateFormatter().string(from: created) }
        if let updated = author.updatedAt { object["updatedAt"] = ISO8601DateFormatter().string(from: updated) }
        return object
    }

    /// The JSON object of a book.
    static func object(_ book: Book) -> [String: Any] {
        ["id": Int(book.id ?? 0), "authorId": Int(book.authorID), "title": book.title, "year": book.year ?? NSNull()]
    }

    /// A field change as text: `name: 'A' → 'B'`.
    static func change(_ change: FieldChange) -> String { "\(change.field): \(change.old) → \(change.new)" }

    /// The JSON object of a field change.
    static func object(_ change: FieldChange) -> [String: Any] {
        ["field": change.field, "old": jsonValue(change.old), "new": jsonValue(change.new)]
    }

    /// A stored value as a JSON value.
    static func jsonValue(_ value: SQLiteValue) -> Any {
        switch value {
        case .null: NSNull()
        case let .integer(number): Int(number)
        case let .real(number): number
        case let .text(text): text
        case let .blob(data): data.base64EncodedString()
        }
    }

    /// A field error as a line: `email: Another author already has this e-mail; …`, the whole
    /// record's without a field, a composite one naming all its fields, and where the store refused it.
    static func line(_ error: FieldError) -> String {
        let fields = error.fields.isEmpty ? error.field : error.fields.joined(separator: ", ")
        return (fields.isEmpty ? "" : "\(fields): ") + error.message + (error.source == .store ? " (refused by the database)" : "")
    }

    /// The JSON object of a field error: field, fields, code, message, source, and for the
    /// store's refusals the structured rejection (kind, table, columns, constraint, values, object).
    static func object(_ error: FieldError) -> [String: Any] {
        var object: [String: Any] = [
            "field": error.field, "fields": error.fields, "code": error.code.rawValue, "message": error.message,
            "source": error.source.rawValue,
        ]
        if let rejection = error.rejection, let data = try? JSONEncoder().encode(rejection) {
            object["rejection"] = try? JSONSerialization.jsonObject(with: data)
        }
        return object
    }
}
