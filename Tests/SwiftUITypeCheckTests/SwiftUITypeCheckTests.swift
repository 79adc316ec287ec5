import Bookshelf
import DraftStore
import SwiftUIStandIn
import Testing

/// Bookshelf's SwiftUI editor, compiled on Linux against the SwiftUI stand-in: a change of
/// DraftStore's API that breaks the editor fails this target's build. These tests only show
/// that the bindings the editor makes reach the draft; they prove nothing about SwiftUI's
/// own behaviour (layout, updates, sheets).
@Suite("SwiftUI sources: type-checked against the stand-in")
@MainActor
struct SwiftUITypeCheckTests {
    @Test("The editor's bindings set the draft, as `$item.draft.name` does in SwiftUI")
    func bindingsReachTheDraft() throws {
        let store = try Bookshelf.openStore(path: nil)
        let item = try store.presentNew(Author())
        let editor = AuthorEditor(item: item)
        _ = editor.body
        let name = Bindable(item).draft.name
        name.wrappedValue = "Octavia Butler"
        #expect(item.draft.name == "Octavia Butler")
        #expect(item.form.editedFields == ["name"])
        _ = AuthorList(store: store).body
    }

    @Test("The list screen's model shows the store's rows; the banner reads the item's stale fields")
    func listAndBanner() throws {
        let store = try Bookshelf.openStore(path: nil)
        let context = store.newChildContext()
        try context.insert(Author(name: "Octavia Butler", email: "octavia@example.com"))
        try context.save()
        let screen = AuthorsScreen(store: store)
        _ = screen.body
        let item = try store.presentEdit(Author.self, id: 1)
        _ = ChangedElsewhereBanner(item: item).body
        let other = store.newChildContext()
        var author = try #require(try other.fetch(Author.self, id: 1))
        author.email = "butler@example.com"
        try other.update(author)
        try other.save()
        item.refreshChangedElsewhere()
        #expect(item.changedElsewhere?.fields.map(\.name) == ["email"])
        _ = ChangedElsewhereBanner(item: item).body
    }

    @Test("A list by sections type-checks, and its model groups the books by author")
    func listBySections() async throws {
        let store = try Bookshelf.openStore(path: nil)
        let context = store.newChildContext()
        let author = try context.insert(Author(name: "Octavia Butler", email: "octavia@example.com"))
        var book = Book()
        book.authorID = try #require(author.id)
        book.title = "Kindred"
        try context.insert(book)
        try await context.save()
        _ = BooksByAuthorScreen(store: store).body
        let model = ListModel(FetchRequest<Book>.all.sorted(by: \.authorID), in: store)
        while !model.isLoaded { await Task.yield() }
        #expect(model.sections(by: \.authorID).map(\.key) == [1])
        #expect(model.sections(by: \.authorID).first?.rows.map(\.title) == ["Kindred"])
    }
}
