// A SwiftUI editor over a PresentedItem. Compiled on Apple platforms against SwiftUI; on
// Linux (no SwiftUI), the test target SwiftUITypeCheckTests compiles this same file (a
// symbolic link) against the test-only stand-in Tests/SwiftUIStandIn, with SWIFTUI_STANDIN
// defined. The DocC article "Using DraftStore with SwiftUI" shows this code.
#if canImport(SwiftUI) || SWIFTUI_STANDIN
    import DraftStore
    #if SWIFTUI_STANDIN
        import Bookshelf
        import SwiftUIStandIn
    #else
        import SwiftUI
    #endif

    // snippet: swiftui
    /// The list screen: its buttons create the presentation; the sheet only shows it.
    struct AuthorList: View {
        let store: DraftStore
        @State private var editing: PresentedItem<Author>?

        var body: some View {
            Button("Add author") { editing = try? store.presentNew(Author()) }
                .sheet(item: $editing) { item in AuthorEditor(item: item) }
        }
    }

    /// The form binds straight to the draft; Save and Cancel end the presentation.
    struct AuthorEditor: View {
        @Bindable var item: PresentedItem<Author>
        @Environment(\.dismiss) private var dismiss

        var body: some View {
            // Fields named by key path: no string to misspell, nothing to `try`, the label from the schema.
            let name = item.field(\.name)
            let email = item.field(\.email)
            Form {
                TextField(name.label, text: $item.draft.name)
                ForEach(name.errors, id: \.self) { Text($0.message) }
                TextField(email.label, text: $item.draft.email)
                ForEach(email.errors, id: \.self) { Text($0.message) }
            }
            .toolbar {
                Button("Cancel") {
                    try? item.cancel()
                    dismiss()
                }
                Button("Save") {
                    if (try? item.save()) != nil { dismiss() }
                }
                .disabled(!item.canSave)
            }
        }
    }
// snippet: end
#endif
