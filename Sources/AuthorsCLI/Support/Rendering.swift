import Bookshelf
import DraftStore
import Foundation

/// How authors and books are shown: as aligned text or as JSON objects.
enum Rendering {
    /// One line: `#1  Mira Okafor <mira@example.com> — Poet.`; a blank bio is shown as none.
    static func line(_ author: Author) -> String {
        var line = "#\(author.id ?? 0)  \(author.name) <\(author.email)>"
        if let bio = AuthorInput.bio(author.bio) {
            // Foundation's replacing is a quarter of `list`'s time; most bios have no newline.
            line += " — " + (bio.utf8.contains(UInt8(ascii: "\n")) ? bio.replacingOccurrences(of: "\n", with: " ") : bio)
        }
        return line
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

    /// A field change as text: `name: 'A' → 'B'`, `bio: (none) → 'Poet.'`.
    static func change(_ change: FieldChange) -> String { "\(change.field): \(value(change.old)) → \(value(change.new))" }

    /// A stored value as a person reads it: text in single quotes (as typed, no SQL escaping),
    /// `(none)` for no value (never SQL's `NULL`), numbers as digits.
    static func value(_ value: SQLiteValue) -> String {
        switch value {
        case .null: "(none)"
        case let .text(text): "'\(text)'"
        default: value.description
        }
    }

    /// A conflicting field's three values: `base 'A', mine 'B', theirs 'C'`.
    /// - Parameters:
    ///   - field: The field.
    ///   - base: The word before the value read (`base`, or `was` in the form).
    static func sides(_ field: ConflictError.Field, base: String) -> String {
        "\(base) \(value(field.base)), mine \(value(field.mine)), theirs \(value(field.theirs))"
    }

    /// A conflict in words, without SQL: each row deleted meanwhile, or each field changed on both sides.
    static func conflict(_ conflict: ConflictError) -> String {
        let parts = conflict.objects.map { object in
            let row = object.table == "authors" ? "author #\(object.key)" : "\(object.table) #\(object.key)"
            if object.wasDeleted { return "\(row) was deleted meanwhile" }
            return "\(row) changed meanwhile: " + object.fields.map { "\($0.name) (\(sides($0, base: "base")))" }.joined(separator: "; ")
        }
        return "Not saved: " + parts.joined(separator: "; ") + ". Nothing was written; run the command again to work on the current values."
    }

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
