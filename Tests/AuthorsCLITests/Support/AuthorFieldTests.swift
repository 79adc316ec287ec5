import Bookshelf
import DraftStore
import Testing

@testable import AuthorsCLI

/// The author forms' fields, found by key path in `Author.schema`.
@Suite("Author fields of the forms")
struct AuthorFieldTests {
    @Test("Every declared field of Author, in the schema's order, each with its column's label")
    func everyDeclaredField() throws {
        #expect(AuthorField.all.map(\.name) == Author.validator.fields.map(\.name))
        #expect(AuthorField.all.map(\.descriptor.label) == ["Name", "E-mail", "Bio"])
        #expect(AuthorField.email.name == (try Author.schema.field(for: \.email)))
    }

    @Test("Text in and out: an empty bio is none, a cleared name is empty")
    func textInAndOut() throws {
        let store = try Bookshelf.openStore(path: nil)
        let item = try store.presentNew(Author(name: "Ann Lee", email: "ann@example.com", bio: "Sea."))
        #expect(AuthorField.bio.text(in: item.draft) == "Sea.")
        AuthorField.bio.set("", in: item)
        #expect(item.draft.bio == nil)
        #expect(AuthorField.bio.text(in: item.draft) == "")
        #expect(AuthorField.bio.value(in: item.draft) == nil)
        AuthorField.name.set(nil, in: item)
        #expect(item.draft.name == "")
        try item.cancel()
    }

    @Test("Take theirs sets the property from the typed value changed elsewhere, nil included")
    func takeTheirs() throws {
        let store = try Bookshelf.openStore(path: nil)
        let seed = store.newChildContext()
        try seed.insert(Author(name: "Mira Okafor", email: "mira@example.com", bio: "Sea."))
        try seed.save()
        let item = try store.presentEdit(Author.self, id: 1)
        item.draft.name = "Mira Mine"
        item.draft.bio = "Mine."
        let other = store.newChildContext()
        var theirs = try #require(try other.fetch(Author.self, id: 1))
        theirs.name = "Mira Theirs"
        theirs.bio = nil
        try other.update(theirs)
        try other.save()

        let remaining = try #require(try item.rebase())
        #expect(try AuthorField.name.takeTheirs(from: remaining, in: item) == "Mira Theirs")
        #expect(try AuthorField.bio.takeTheirs(from: remaining, in: item) == "")
        #expect(try AuthorField.email.takeTheirs(from: remaining, in: item) == nil)  // not changed elsewhere
        #expect(item.draft.name == "Mira Theirs" && item.draft.bio == nil && item.draft.email == "mira@example.com")
        #expect(try item.save().name == "Mira Theirs")
    }
}
