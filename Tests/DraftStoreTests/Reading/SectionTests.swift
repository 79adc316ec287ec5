import DraftStore
import DraftStoreTesting
import Foundation
import Testing

/// Lists grouped into sections by a key path: `ListModel.sections(by:)` and `StoreResults.sections(by:)`.
@Suite("Sections")
struct SectionTests {
    static let request = FetchRequest<ReadNote>.all.sorted(by: .ascending(\.shelf), .ascending(\.id))

    /// Each section as its key and the ids of its rows.
    static func shape(_ sections: [ListSection<String, ReadNote>]) -> [String] {
        sections.map { section in section.key + ":" + section.rows.map { String($0.id ?? 0) }.joined(separator: ",") }
    }

    /// Moves note `id` to `shelf`, in one save.
    static func moveNote(_ store: DraftStore, _ id: Int64, to shelf: String) async throws {
        let context = store.newChildContext()
        var note = try #require(try context.fetch(ReadNote.self, id: id))
        note.shelf = shelf
        try context.update(note)
        try await context.save()
    }

    @Test("the async sections change once per commit that changes the rows, and not for other tables")
    func sequenceSections() async throws {
        let store = try readingStore(count: 10)
        defer { store.close() }
        let results = Collector(store.results(of: Self.request).sections(by: \.shelf))
        await results.wait(for: 1)
        #expect(Self.shape(try #require(results.last)) == ["A:5,10", "B:1,6", "C:2,7", "D:3,8", "E:4,9"])
        try await Self.moveNote(store, 5, to: "C")
        await observersCaughtUp(store)
        try store.withWriterConnection { connection in try connection.run("UPDATE shelves SET room = 'cellar' WHERE name = 'E'") }
        let context = store.newChildContext()
        try context.delete(ReadNote.self, id: 10)
        try await context.save()
        await observersCaughtUp(store)
        await results.wait(for: 3)
        let elements = results.elements.withLock { $0 }
        #expect(elements.count == 3)
        #expect(Self.shape(elements[1]) == ["A:10", "B:1,6", "C:2,5,7", "D:3,8", "E:4,9"])
        #expect(Self.shape(elements[2]) == ["B:1,6", "C:2,5,7", "D:3,8", "E:4,9"])
        #expect(elements[2].map(\.id) == ["B", "C", "D", "E"])
    }

    @MainActor
    @Test("a ListModel's sections follow its rows: one update per changing commit")
    func listModelSections() async throws {
        let store = try readingStore(count: 6)
        defer { store.close() }
        let model = ListModel(Self.request, in: store)
        await caughtUp(model)
        #expect(Self.shape(model.sections(by: \.shelf)) == ["A:5", "B:1,6", "C:2", "D:3", "E:4"])
        try await Self.moveNote(store, 1, to: "E")
        await caughtUp(model)
        #expect(model.updates == 2)
        #expect(Self.shape(model.sections(by: \.shelf)) == ["A:5", "B:6", "C:2", "D:3", "E:1,4"])
    }

    @Test("rows of one key form one section in the order of its first row, even when not adjacent")
    func groupingKeepsFirstOrder() {
        let notes = [("B", 1), ("A", 2), ("B", 3)].map { ReadNote(id: Int64($0.1), title: "", shelf: $0.0) }
        #expect(Self.shape(ListSection.grouping(notes, by: \.shelf)) == ["B:1,3", "A:2"])
        #expect(ListSection.grouping([ReadNote](), by: \.shelf).isEmpty)
    }
}
