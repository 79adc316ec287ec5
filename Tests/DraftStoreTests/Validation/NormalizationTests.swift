import Bookshelf
import DraftStore
import DraftStoreTesting
import Foundation
import Testing

/// Text fields that declare Unicode NFC store composed text, and an edit that only changes the
/// normalization is no change (Bookshelf's name and e-mail).
@Suite struct NormalizationTests {
    static let decomposed = "Zoe\u{301} Roy"
    static let composed = "Zo\u{E9} Roy"

    @Test func aDecomposedNameIsStoredComposedAndFoundByAnExactFilter() throws {
        let store = try Bookshelf.openStore(path: nil)
        let item = try store.presentNew(Author(name: Self.decomposed, email: "zoe@example.com"))
        let saved = try item.save()
        #expect(Array(saved.name.utf8) == Array(Self.composed.utf8))
        let stored = try #require(try store.fetch(Author.self, id: saved.id!))
        #expect(Array(stored.name.utf8) == Array(Self.composed.utf8))
        let found = try store.fetch(FetchRequest<Author>.all.filter(\.name, equals: Self.composed))
        #expect(found.map(\.id) == [saved.id])
        #expect(try store.fetch(FetchRequest<Author>.all.filter(\.name, equals: Self.decomposed)).isEmpty)
    }

    @Test func retypingItDecomposedIsNoChange() throws {
        let store = try Bookshelf.openStore(path: nil)
        let id = try #require(try store.presentNew(Author(name: Self.composed, email: "zoe@example.com")).save().id)
        let item = try store.presentEdit(Author.self, id: id)
        item.draft.name = Self.decomposed
        #expect(item.form.editedFields.isEmpty)
        #expect(item.revision == 0)
        try expectNoWrites(store) { try item.save() }
        #expect(Array(try #require(try store.fetch(Author.self, id: id)).name.utf8) == Array(Self.composed.utf8))
    }

    @Test func aFieldWithoutNormalizationKeepsTheBytesTyped() {
        let validator = Validator<Author> { Field(\.bio, "bio", label: "Bio") }
        var author = Author()
        author.bio = Self.decomposed
        #expect(validator.normalized(author).bio.map { Array($0.utf8) } == Array(Self.decomposed.utf8))
        #expect(validator.changedFields(from: Author(), to: author) == ["bio"])
        let normalizing = Validator<Author> { Field(\.bio, "bio", label: "Bio", normalization: .nfc) }
        var composed = Author()
        composed.bio = Self.composed
        #expect(normalizing.changedFields(from: composed, to: author).isEmpty)
        #expect(normalizing.normalized(author).bio.map { Array($0.utf8) } == Array(Self.composed.utf8))
    }
}
