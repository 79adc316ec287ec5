import Bookshelf
import DraftStore
import Testing

/// A parcel declared as an app would: each field once, with its column; `note` has no rules.
private struct Parcel: Entity {
    var id: Int64?
    var recipient = ""
    var country = ""
    var note: String?

    static let schema = EntitySchema<Parcel>(
        table: "parcels",
        columns: [
            .primaryKey("id", \.id),
            .column("recipient", \.recipient, label: "Recipient", trims: true, rules: [.required, .length(2...80)]),
            .column("country", \.country, label: "Country", help: "Two letters", rules: [.required, .length(2...2)]),
            .column("note", \.note),
        ])
}

/// A field declared once, with its column: the entity's validator is made of those fields,
/// and a form or an item is addressed by key path, at the level an app uses.
@Suite("Validation: fields declared once, with their columns, addressed by key path")
@MainActor
struct FieldDeclaredOnceTests {
    static let sql = "CREATE TABLE parcels (id INTEGER PRIMARY KEY, recipient TEXT NOT NULL, country TEXT NOT NULL, note TEXT);"

    func makeStore() throws -> DraftStore {
        try DraftStore(path: nil, migrations: [Migration(name: "0001", sql: Self.sql)])
    }

    @Test("the default validator is the columns' fields, in schema order, with their labels and rules")
    func validatorFromColumns() {
        #expect(Parcel.validator.fields.map(\.name) == ["recipient", "country", "note"])
        #expect(Parcel.validator.fields.map(\.label) == ["Recipient", "Country", "Note"])
        #expect(Parcel.validator.fields.map(\.ruleCount) == [2, 2, 0])
        #expect(Parcel.validator.fields[1].help == "Two letters")
        #expect(Parcel.validator.normalized(Parcel(recipient: "  Ada ")).recipient == "Ada", "trims as declared")
        // Bookshelf's Author is declared the same way.
        #expect(Author.validator.fields.map(\.label) == ["Name", "E-mail", "Bio"])
        #expect(Author.validator.fields.map(\.ruleCount) == [3, 3, 2])
    }

    @Test("an item's errors by key path, edited fields only, until a save is attempted")
    func errorsByKeyPath() throws {
        let store = try makeStore()
        let item = try store.presentNew(Parcel())
        item.draft.recipient = "A"
        #expect(try item.visibleErrors(for: \.recipient).map(\.code) == [.tooShort])
        #expect(try item.visibleErrors(for: \.country).isEmpty, "not edited yet")
        #expect(try item.form.isEdited(\.recipient))
        item.form.markSaveAttempted()
        #expect(try item.visibleErrors(for: \.country).map(\.code) == [.required])
        #expect(throws: UnknownColumnError.self) { try item.visibleErrors(for: \Parcel.recipient.count) }
        #expect(throws: SaveError.self) { try item.save() }
        #expect(try store.count(Parcel.self) == 0)
    }

    @Test("undo on an item covers the field without rules, one field at a time")
    func undoCoversUnruledField() throws {
        let store = try makeStore()
        let item = try store.presentNew(Parcel(recipient: "Ada Reyes", country: "PT"))
        item.draft.recipient = "Ada Vale"
        try item.form.focus(\.note)
        item.draft.note = "Leave at the door"
        item.undo()
        #expect(item.draft.note == nil, "the note, which has no rules, is undone")
        #expect(item.draft.recipient == "Ada Vale", "the recipient is not")
        item.undo()
        #expect(item.draft.recipient == "Ada Reyes")
    }

    @Test("an asynchronous check by key path on the field without rules goes when it is edited")
    func asyncCheckByKeyPath() async throws {
        let store = try makeStore()
        let item = try store.presentNew(Parcel(recipient: "Ada Reyes", country: "PT", note: "fragile"))
        let refusal = FieldError(field: "note", code: .outOfRange, message: "Notes cannot ask for special handling")
        try await item.check(\.note) { $0.note == "fragile" ? refusal : nil }
        #expect(try item.visibleErrors(for: \.note) == [refusal])
        #expect(!item.canSave)
        item.draft.note = "none"
        #expect(try item.visibleErrors(for: \.note).isEmpty)
        let saved = try await item.save()
        #expect(saved.note == "none")
    }
}
