import DraftStore
import Foundation
import Testing

/// An account whose password is required when it is added and optional when it is edited
/// (an empty password then keeps the stored one, as the app decides).
private struct Account: Entity {
    var id: Int64?
    var login = ""
    var password: String?

    static let schema = EntitySchema<Account>(
        table: "accounts", columns: [.primaryKey("id", \.id), .column("login", \.login), .column("password", \.password)])
    static let validator = Validator<Account> {
        Field(\.login, "login", label: "Login") { .required }
        Field(\.password, "password", label: "Password") {
            .required.when(.adding); .length(12...128)
        }
    }
}

/// Rules per presentation: an add form and an edit form of one entity run different rules,
/// in the form and again at the save boundary, with no rule that looks at the key.
@Suite("Validation: rules of adding and of editing")
@MainActor
struct FormModeTests {
    static let sql = "CREATE TABLE accounts (id INTEGER PRIMARY KEY, login TEXT NOT NULL, password TEXT);"

    func makeStore() throws -> DraftStore {
        try DraftStore(path: nil, migrations: [Migration(name: "0001", sql: Self.sql)])
    }

    @Test("the validator alone: a rule limited to adding runs only when asked for adding")
    func validatorByMode() {
        let account = Account(id: nil, login: "mira", password: nil)
        #expect(Account.validator.errors(in: account, mode: .adding).map(\.field) == ["password"])
        #expect(Account.validator.errors(in: account, mode: .editing).isEmpty)
        #expect(Account.validator.errors(in: account).isEmpty, "no form: only the rules of every mode")
        let short = Account(id: nil, login: "mira", password: "short")
        #expect(Account.validator.errors(in: short, mode: .editing).map(\.code) == [.tooShort], "unlimited rules run in every mode")
    }

    @Test("adding: the password is required in the form and at the save boundary; nothing is written")
    func addRequiresPassword() throws {
        let store = try makeStore()
        let item = try store.presentNew(Account(login: "mira"))
        #expect(item.form.mode == .adding)
        item.form.markSaveAttempted()
        #expect(item.visibleErrors.map(\.field) == ["password"])
        #expect(!item.canSave)
        #expect(throws: SaveError.self) { try item.save() }
        #expect(try store.count(Account.self) == 0)
        item.draft.password = "a long passphrase"
        let saved = try item.save()
        #expect(saved.password == "a long passphrase")
    }

    @Test("editing: an empty password is allowed, in the form and at the save boundary")
    func editAllowsEmptyPassword() throws {
        let store = try makeStore()
        let added = try store.presentNew(Account(login: "mira", password: "a long passphrase"))
        let id = try #require(try added.save().id)
        let edit = try store.presentEdit(Account.self, id: id)
        #expect(edit.form.mode == .editing)
        edit.draft.password = nil
        edit.draft.login = "mira.okafor"
        edit.form.markSaveAttempted()
        #expect(edit.visibleErrors.isEmpty)
        let saved = try edit.save()
        #expect(saved.login == "mira.okafor" && saved.password == nil)
        let editAgain = try store.presentEdit(Account.self, id: id)
        editAgain.draft.password = "short"
        #expect(throws: SaveError.self) { try editAgain.save() }
        #expect(try store.fetch(Account.self, id: id)?.password == nil, "a failed save writes nothing")
    }
}
