// A SwiftUI list over a ListModel, and the "changed elsewhere" banner of an open editor.
// Compiled on Apple platforms against SwiftUI; on Linux the test target SwiftUITypeCheckTests
// compiles this same file (a symbolic link) against Tests/SwiftUIStandIn. The DocC article
// "Using DraftStore with SwiftUI" shows this code.
#if canImport(SwiftUI) || SWIFTUI_STANDIN
    import DraftStore
    #if SWIFTUI_STANDIN
        import Bookshelf
        import SwiftUIStandIn
    #else
        import SwiftUI
    #endif

    // snippet: swiftui-list
    /// The list follows the store: a save of another screen, a commit of another process.
    struct AuthorsScreen: View {
        let store: DraftStore
        @State private var authors: ListModel<Author>
        @State private var editing: PresentedItem<Author>?

        init(store: DraftStore) {
            self.store = store
            _authors = State(wrappedValue: ListModel(FetchRequest<Author>.all.sorted(by: \.name), in: store))
        }

        var body: some View {
            ForEach(authors.rows, id: \.id) { author in
                Button(author.name) { edit(author) }
            }
            .sheet(item: $editing) { item in ChangedElsewhereBanner(item: item) }
        }

        private func edit(_ author: Author) {
            guard let id = author.id, let item = try? store.presentEdit(Author.self, id: id) else { return }
            editing = item
            // While the sheet is open, `changedElsewhere` follows the commits to this row.
            Task { await item.trackChangesElsewhere() }
        }
    }
    // snippet: end

    // snippet: swiftui-banner
    /// What changed in the store since the form opened, field by field, before Save.
    struct ChangedElsewhereBanner: View {
        let item: PresentedItem<Author>

        var body: some View {
            if let stale = item.changedElsewhere {
                if stale.wasDeleted {
                    Text("This author was deleted elsewhere.")
                } else {
                    ForEach(stale.fields, id: \.name) { field in
                        Text("\(field.name) was changed elsewhere to \(field.theirs); yours is \(field.mine).")
                    }
                }
            }
        }
    }
// snippet: end
#endif
