import Bookshelf
import DraftStore
import DraftStoreTesting
import Foundation
import Testing

/// `ListModel`: a request's rows on the main actor, updated from the results sequence — used
/// here as a SwiftUI list would use it, without SwiftUI.
@Suite struct ListModelTests {
    @MainActor
    @Test(arguments: StoreFixture.Kind.allCases)
    func theModelFollowsCommitsThatChangeItsRows(kind: StoreFixture.Kind) async throws {
        let test = try thirtyAnas.makeStore(kind)
        defer { test.close() }
        let model = ListModel(twentyAnas, in: test.store)
        #expect(!model.isLoaded)
        await caughtUp(model)
        #expect(model.isLoaded && model.rows.count == 20 && model.updates == 1)
        try setEmail(test.store, id: 2, "list@example.com")
        try setEmail(test.store, id: 33, "nobody@example.com")  // not in the list: no update
        await caughtUp(model)
        #expect(model.updates == 2)
        #expect(model.rows[1].email == "list@example.com")
        // Withdrawn: the next commit leaves it as it was.
        model.stop()
        await eventually { activeObservations(test.store) == 0 }
        try setEmail(test.store, id: 2, "later@example.com")
        await observersCaughtUp(test.store)
        #expect(model.rows[1].email == "list@example.com")
        #expect(model.failure == nil)
    }

    @MainActor
    @Test func releasingTheModelEndsItsObservation() async throws {
        let test = try thirtyAnas.makeStore(.file)
        defer { test.close() }
        var model: ListModel<Author>? = ListModel(twentyAnas, in: test.store)
        await caughtUp(model!)
        #expect(activeObservations(test.store) == 1)
        model = nil
        await eventually { activeObservations(test.store) == 0 }
        #expect(activeObservations(test.store) == 0)
    }

    /// Chinook: a list of album 1's tracks by name follows a save of this process and a
    /// commit of another connection (noticed by polling), and ignores a commit to another table.
    @MainActor
    @Test func chinookTracksOfAnAlbum() async throws {
        let test = try ChinookTests.fixture.makeStore(.file)
        defer { test.close() }
        let request = FetchRequest<Track>.all.filter(\.albumID, equals: 1).sorted(by: \.name)
        let model = ListModel(request, in: test.store)
        await caughtUp(model)
        let initial = try test.store.withWriterConnection { connection in
            try connection.fetch("SELECT Name FROM Track WHERE AlbumId = 1 ORDER BY Name, TrackId") { row in try row.value(at: 0) }
        }
        #expect(model.rows.map { SQLiteValue.text($0.name) } == initial)
        let context = test.newChildContext()
        try context.insert(Track(name: "AAA First", albumID: 1, mediaTypeID: 1, genreID: 1, milliseconds: 1000))
        try await context.save()
        let genres = test.newChildContext()
        try genres.insert(Genre(name: "Grunge"))
        try await genres.save()
        await caughtUp(model)
        #expect(model.updates == 2)
        #expect(model.rows.first?.name == "AAA First")
        try writeBehind(test, "UPDATE Track SET Name = 'ZZZ Last' WHERE TrackId = 1")
        await eventually { model.rows.last?.name == "ZZZ Last" }
        #expect(model.updates == 3)
        let sqlite = try test.store.withWriterConnection { connection in
            try connection.fetch("SELECT TrackId FROM Track WHERE AlbumId = 1 ORDER BY Name, TrackId") { row in try row.value(at: 0) }
        }
        #expect(model.rows.map { SQLiteValue.integer($0.trackID!) } == sqlite)
    }
}
