import Bookshelf
import DraftStore

/// One field of the author form on screen: its declaration (label, help, from the validator)
/// and how to read and set its text in the draft. The text is always read from the draft.
struct ScreenField {
    /// The field's declaration.
    let descriptor: FieldDescriptor<Author>
    /// Whether the field takes line breaks (the bio).
    let isMultiline: Bool

    /// The field's name (`"email"`).
    var name: String { descriptor.name }

    /// The fields of an author, in the validator's order.
    static let all: [ScreenField] = Author.validator.fields.map { ScreenField(descriptor: $0, isMultiline: $0.name == "bio") }

    /// The field named `name`.
    static func named(_ name: String) -> ScreenField? { all.first { $0.name == name } }

    /// The field's text in an author (an absent bio is empty).
    func text(in author: Author) -> String {
        switch name {
        case "name": author.name
        case "email": author.email
        default: author.bio ?? ""
        }
    }

    /// Sets the field's text in the draft (an empty bio is none, as `--bio ""` is).
    func set(_ text: String, in item: PresentedItem<Author>) {
        switch name {
        case "name": item.draft.name = text
        case "email": item.draft.email = text
        default: item.draft.bio = text.isEmpty ? nil : text
        }
    }

    /// A stored value as the text of this field (a conflict's "theirs").
    static func text(of value: SQLiteValue) -> String? {
        if case let .text(text) = value { return text }
        return nil
    }
}
