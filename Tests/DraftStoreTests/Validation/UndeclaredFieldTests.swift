import DraftStore
import Testing

/// A contact whose validator declares only `name`: `country` and `notes` are columns without rules.
private struct Contact: Entity {
    var id: Int64?
    var name = ""
    var country = ""
    var notes: String?

    static let schema = EntitySchema<Contact>(
        table: "contacts",
        columns: [.primaryKey("id", \.id), .column("name", \.name), .column("country", \.country), .column("notes", \.notes)]
    )
    static let validator = Validator<Contact> { Field(\.name, "name", label: "Name") { .required } }
}

/// A sticker with no validator at all.
private struct Sticker: Entity {
    var id: Int64?
    var title = ""

    static let schema = EntitySchema<Sticker>(table: "stickers", columns: [.primaryKey("id", \.id), .column("title", \.title)])
}

/// Undo, edited fields and asynchronous checks cover every column of an entity, declared rules or not.
@Suite("Validation: columns without declared rules")
@MainActor
struct ValidationUndeclaredFieldTests {
    private static let countryError = FieldError(field: "country", code: .outOfRange, message: "Choose a country we ship to")

    @Test("An entity's validator lists its undeclared columns after the declared fields, keys left out")
    func validatorCoversColumns() {
        #expect(Contact.validator.fields.map(\.name) == ["name", "country", "notes"])
        #expect(Contact.validator.fields.map(\.ruleCount) == [1, 0, 0])
        #expect(Sticker.validator.fields.map(\.name) == ["title"])
        #expect(Sticker.validator.isValid(Sticker()))
    }

    @Test("Undo of an undeclared field's edit reverts only that field, then the name")
    func undoUndeclared() {
        let form = FormState(Contact(name: "Mira"), validator: Contact.validator)
        form.value.name = "Mira Okafor"
        form.value.country = "Japan"
        #expect(form.editedFields == ["name", "country"])
        form.undo()
        #expect(form.value.country == "")
        #expect(form.value.name == "Mira Okafor")
        form.undo()
        #expect(form.value.name == "Mira")
        #expect(!form.canUndo)
    }

    @Test("An entity with no rules still has undo and edited fields")
    func undoWithoutRules() {
        let form = FormState(Sticker(), validator: Sticker.validator)
        form.value.title = "Sea"
        #expect(form.editedFields == ["title"])
        #expect(form.canUndo)
        form.undo()
        #expect(form.value.title == "")
    }

    @Test("An asynchronous error on an undeclared field goes when that field is edited")
    func asyncUndeclared() async {
        let form = FormState(Contact(name: "Mira", country: "Atlantis"), validator: Contact.validator)
        await form.check("country") { $0.country == "Atlantis" ? Self.countryError : nil }
        #expect(form.visibleErrors(for: "country") == [Self.countryError])
        #expect(!form.canSave)
        form.value.country = "Japan"
        #expect(form.visibleErrors(for: "country").isEmpty)
        #expect(form.canSave)
    }

    @Test("A key path that is not a declared column throws, naming the type")
    func unknownKeyPathThrows() throws {
        #expect(try Contact.schema.field(for: \Contact.country) == "country")
        let error = #expect(throws: UnknownColumnError.self) { try Contact.schema.field(for: \Contact.name.count) }
        #expect(error?.entity == "Contact")
        #expect(error?.description.contains("is not a declared column of Contact") == true)
    }
}
