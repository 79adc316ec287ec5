import Bookshelf
import DraftStore

/// One field of the author forms (`authors form`, `authors edit ID --screen`), found by its
/// key path in `Author.schema`: its declaration (label, help, rules) and its text in a draft.
/// The text is always read from the draft; nothing here names a field by a string.
struct AuthorField: Sendable {
    /// The field's declaration, from the column that declares it.
    let descriptor: FieldDescriptor<Author>
    /// Whether the field takes line breaks (the bio).
    let isMultiline: Bool
    /// The field's text in an author; `nil` for an optional field without a value.
    private let read: @Sendable (Author) -> String?
    /// Sets the field's text in an author (`nil`: cleared).
    private let write: @Sendable (inout Author, String?) -> Void
    /// Another side's value of the field, from changes made elsewhere, as text.
    private let theirs: @Sendable (StaleObject) throws -> String??

    /// The field's name (`"email"`).
    var name: String { descriptor.name }

    /// The full name.
    static let name = AuthorField(\.name, read: { $0 }, write: { $0 ?? "" })
    /// The e-mail address.
    static let email = AuthorField(\.email, read: { $0 }, write: { $0 ?? "" })
    /// The biography, on several lines; empty is none.
    static let bio = AuthorField(\.bio, isMultiline: true, read: { $0 }, write: { $0?.isEmpty == false ? $0 : nil })
    /// The fields of an author, in the schema's order.
    static let all = [name, email, bio]

    /// The field named `name`.
    static func named(_ name: String) -> AuthorField? { all.first { $0.name == name } }

    /// A field of a property, with how its value reads and writes as text.
    /// - Precondition: `keyPath` is a column of `Author.schema` with a declared field (a
    ///   literal of ``all``; `AuthorFieldTests` checks each).
    private init<Value>(
        _ keyPath: WritableKeyPath<Author, Value> & Sendable, isMultiline: Bool = false,
        read: @escaping @Sendable (Value) -> String?, write: @escaping @Sendable (String?) -> Value
    ) {
        let name = try? Author.schema.field(for: keyPath)
        guard let descriptor = Author.validator.fields.first(where: { $0.name == name }) else {
            preconditionFailure("\(keyPath) is no declared field of Author.schema")
        }
        self.descriptor = descriptor
        self.isMultiline = isMultiline
        self.read = { read($0[keyPath: keyPath]) }
        self.write = { $0[keyPath: keyPath] = write($1) }
        self.theirs = { stale in try stale.field(keyPath).map { read($0.theirs) } }
    }

    /// The field's text in an author (an absent bio is empty).
    func text(in author: Author) -> String { read(author) ?? "" }

    /// The field's value in an author, or `nil` when an optional field has none.
    func value(in author: Author) -> String? { read(author) }

    /// Sets the field's text in the draft: `nil` clears it; an empty bio is none, as `--bio ""` is.
    func set(_ text: String?, in item: PresentedItem<Author>) { write(&item.draft, text) }

    /// Sets the field in the draft to the value changed elsewhere ("take theirs").
    /// - Parameter stale: What changed elsewhere, as ``PresentedItem/rebase()`` left undecided.
    /// - Returns: The text taken; `nil` when the field is not among `stale`'s fields.
    /// - Throws: `SQLiteError` `SQLITE_MISMATCH` when the stored value does not fit the property.
    @discardableResult
    func takeTheirs(from stale: StaleObject, in item: PresentedItem<Author>) throws -> String? {
        guard let value = try theirs(stale) else { return nil }
        write(&item.draft, value)
        return value ?? ""
    }
}
