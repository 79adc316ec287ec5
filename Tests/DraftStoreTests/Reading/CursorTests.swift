import DraftStore
import DraftStoreTesting
import Foundation
import Testing

/// `store.reads.cursor`: a request's rows in batches, the same rows `fetch` returns.
@Suite("Cursors")
struct CursorTests {
    @Test("a cursor yields the rows fetch returns, in order, whatever the batch size; file and in-memory", arguments: [false, true])
    func sameRows(inMemory: Bool) async throws {
        let store = try readingStore(count: 1_000, inMemory: inMemory)
        defer { store.close() }
        let request = FetchRequest<ReadNote>.all.filter(\.shelf != "B").sorted(by: \.shelf).offset(5).limit(700)
        let expected = try store.fetch(request)
        for batchSize in [1, 7, 256, 5_000] {
            var rows: [ReadNote] = []
            for try await note in store.reads.cursor(request, batchSize: batchSize) { rows.append(note) }
            #expect(rows == expected, "batch size \(batchSize)")
        }
    }

    @Test("a file store's cursor reads one snapshot: a save during the loop is not seen, no row is skipped or repeated")
    func snapshotDuringSave() async throws {
        let store = try readingStore(count: 100)
        defer { store.close() }
        var titles: [String] = []
        var saved = false
        for try await note in store.reads.cursor(FetchRequest<ReadNote>.all, batchSize: 10) {
            titles.append(note.title)
            if !saved, titles.count == 15 {
                try store.withWriterConnection { connection in
                    try connection.execute("DELETE FROM notes WHERE id > 50; UPDATE notes SET title = 'changed'")
                }
                saved = true
            }
        }
        #expect(titles == (1...100).map { "Note \($0)" })
        #expect(try store.count(FetchRequest<ReadNote>.all) == 50)
    }
}
