// A SwiftUI list by sections over a ListModel. Compiled on Linux against Tests/SwiftUIStandIn,
// on Apple platforms against SwiftUI: a change of the sections API that breaks it fails the build.
#if canImport(SwiftUI) || SWIFTUI_STANDIN
    import Bookshelf
    import DraftStore
    #if SWIFTUI_STANDIN
        import SwiftUIStandIn
    #else
        import SwiftUI
    #endif

    /// Books grouped by author, each section's rows by title; it follows the store's commits.
    struct BooksByAuthorScreen: View {
        @State private var books: ListModel<Book>

        init(store: DraftStore) {
            _books = State(
                wrappedValue: ListModel(FetchRequest<Book>.all.sorted(by: .ascending(\.authorID), .ascending(\.title)), in: store))
        }

        var body: some View {
            List {
                ForEach(books.sections(by: \.authorID)) { section in
                    Section("Author \(section.key)") {
                        ForEach(section.rows, id: \.id) { book in Text(book.title) }
                    }
                }
            }
        }
    }
#endif
