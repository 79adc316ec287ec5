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
}
