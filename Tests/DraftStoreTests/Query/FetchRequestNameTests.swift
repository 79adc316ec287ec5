import Bookshelf
import DraftStore
import Testing

/// An app's own type named like the library's request, as SwiftUI's `FetchRequest` is in a
/// view file: this file compiles only if `DraftStore.FetchRequest` can still be written.
private struct FetchRequest {
    let label: String
}

@Suite("Names: DraftStore.FetchRequest beside another FetchRequest")
struct FetchRequestNameTests {
    @Test("DraftStore.FetchRequest names the library's request where another FetchRequest is visible")
    func qualifiedNameCompilesAndRuns() throws {
        try seeded.withEachKind { test throws in
            let own = FetchRequest(label: "the app's")
            let request: DraftStore.FetchRequest<Author> = .all.filter(\.name == "Mira Okafor")
            #expect(own.label == "the app's")
            #expect(try test.store.fetch(request).map(\.email) == ["mira@example.com"], "\(test.kind)")
            #expect(try test.store.newChildContext().count(DraftStore.FetchRequest<Book>.all) == 2, "\(test.kind)")
        }
    }
}
