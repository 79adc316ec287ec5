import Foundation
import Testing

@testable import DraftStore
@testable import DraftStoreSQLite

// The code of the "Validating drafts" article's first section, compiled and run here.

// snippet: declaring-fields
/// `members(id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT NOT NULL UNIQUE, password TEXT)`:
/// each field declared once, with its column — label, help, trimming, rules.
struct Member: Entity {
    var id: Int64?
    var name = ""
    var email = ""
    var password: String?

    static let schema = EntitySchema<Member>(
        table: "members",
        columns: [
            .primaryKey("id", \.id),
            .column("name", \.name, label: "Name", help: "As on your card", trims: true, rules: [.required, .length(2...80)]),
            .column("email", \.email, label: "E-mail", trims: true, rules: [.required, .email]),
            .column("password", \.password, label: "Password", rules: [.required.when(.adding), .length(12...128)]),
        ])
}
// snippet: end

@Suite("Article examples: declaring fields")
struct FieldExamples {
    @Test func declaringFields() throws {
        let sql = "CREATE TABLE members (id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT NOT NULL UNIQUE, password TEXT);"
        let store = try DraftStore(path: nil, migrations: [Migration(name: "0001", sql: sql)])
        // snippet: declaring-fields-use
        let item = try store.presentNew(Member())  // an add form: the password is required
        item.draft.name = "  Ada Lovelace "
        item.draft.email = "ada@"
        #expect(try item.visibleErrors(for: \.email).map(\.message) == ["Enter an e-mail address like name@example.com"])
        item.draft.email = "ada@example.com"
        item.form.markSaveAttempted()
        #expect(try item.visibleErrors(for: \.password).map(\.code) == [.required])
        item.draft.password = "correct horse battery"
        let ada = try item.save()
        #expect(ada.name == "Ada Lovelace")  // stored trimmed

        let edit = try store.presentEdit(Member.self, id: ada.rowID)  // an edit form: it is optional
        edit.draft.password = nil
        #expect(edit.canSave)
        // snippet: end
        try edit.cancel()
    }
}
