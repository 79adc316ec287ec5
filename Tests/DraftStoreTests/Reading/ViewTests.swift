import DraftStore
import DraftStoreTesting
import Foundation
import Testing

/// A row of the view `room_counts(room, notes)`: how many notes stand in each room.
struct RoomCount: Entity, Equatable {
    var room: String?
    var notes: Int64 = 0
    static let schema = EntitySchema<RoomCount>(table: "room_counts", columns: [.primaryKey("room", \.room), .column("notes", \.notes)])
}

/// Views an app already has, as read-only entities.
@Suite("Views as read-only entities")
struct ViewTests {
    static let sql = "SELECT room, notes FROM room_counts ORDER BY room"

    /// The reading store with the view, and a table the view does not read.
    static func store() throws -> DraftStore {
        let store = try readingStore(count: 20)
        try store.withWriterConnection { connection in
            try connection.execute(
                """
                CREATE VIEW room_counts AS SELECT shelves.room AS room, count(notes.id) AS notes
                FROM shelves LEFT JOIN notes ON notes.shelf = shelves.name GROUP BY shelves.room;
                CREATE TABLE lamps (id INTEGER PRIMARY KEY, room TEXT);
                """)
        }
        return store
    }

    @Test("a view is listed, filtered and counted as SQLite answers it, in the store and in a context")
    func listsAndQueries() async throws {
        let store = try Self.store()
        defer { store.close() }
        let all = try store.fetch(FetchRequest<RoomCount>.all.sorted(by: \.room))
        #expect(all.map { [SQLiteValue.text($0.room ?? ""), .integer($0.notes)] } == (try sqliteRows(store, Self.sql)))
        let busy = FetchRequest<RoomCount>.all.filter(\.notes >= 8).sorted(by: \.notes, ascending: false)
        #expect(try store.fetch(busy).map(\.room) == ["hall", "study"])
        #expect(try await store.reads.fetch(busy) == (try store.fetch(busy)))
        let context = store.newChildContext()
        #expect(try context.fetch(busy) == (try store.fetch(busy)))
        #expect(try context.count(busy) == 2)
    }

    @Test("writing a view's entity is refused with a typed error, and nothing is written")
    func writesRefused() throws {
        let store = try Self.store()
        defer { store.close() }
        let context = store.newChildContext()
        #expect(throws: ContextError.readOnlyView(entity: "Room count", table: "room_counts")) {
            try context.insert(RoomCount(room: "cellar", notes: 1))
        }
        var hall = try #require(try context.fetchOne(FetchRequest<RoomCount>.all.filter(\.room == "hall")))
        hall.notes = 99
        #expect(throws: ContextError.readOnlyView(entity: "Room count", table: "room_counts")) { try context.update(hall) }
        #expect(throws: ContextError.readOnlyView(entity: "Room count", table: "room_counts")) { try context.delete(hall) }
        #expect(!context.hasChanges)
        #expect(ContextError.readOnlyView(entity: "Room count", table: "room_counts").description.contains("room_counts"))
    }

    @Test("an observed view changes when a table it reads changes it, and not for other tables")
    func observedByTheTablesItReads() async throws {
        let store = try Self.store()
        defer { store.close() }
        let results = Collector(store.results(of: FetchRequest<RoomCount>.all.sorted(by: \.room)))
        await results.wait(for: 1)
        try store.withWriterConnection { connection in try connection.run("INSERT INTO lamps (room) VALUES ('hall')") }
        let notes = store.newChildContext()
        _ = try notes.insert(ReadNote(id: 21, title: "New", shelf: "E"))
        try await notes.save()  // attic 4 -> 5
        await observersCaughtUp(store)
        await results.wait(for: 2)
        let shelves = store.newChildContext()
        _ = try shelves.insert(ReadShelf(name: "F", room: "cellar"))
        try await shelves.save()  // a new room with no notes
        await observersCaughtUp(store)
        await results.wait(for: 3)
        let elements = results.elements.withLock { $0 }
        #expect(elements.count == 3)
        #expect(elements.map { $0.first { $0.room == "attic" }?.notes } == [4, 5, 5])
        #expect(elements[2].map(\.room) == ["attic", "cellar", "hall", "study"])
    }
}
