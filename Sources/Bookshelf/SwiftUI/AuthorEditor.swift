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
            Form {
                TextField("Name", text: $item.draft.name)
                ForEach(item.form.visibleErrors(for: "name"), id: \.self) { Text($0.message) }
                TextField("E-mail", text: $item.draft.email)
                ForEach(item.form.visibleErrors(for: "email"), id: \.self) { Text($0.message) }
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
