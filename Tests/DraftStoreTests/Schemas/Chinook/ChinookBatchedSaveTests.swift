import DraftStore
import DraftStoreTesting
import Synchronization
import Testing

/// `DraftStore.batchedSave` on Chinook (a schema we did not design): many contexts saved in one
/// transaction, each checked as an ordinary save, committed or rolled back as one; every table
/// compared with what plain SQL does on a copy.
@Suite struct ChinookBatchedSaveTests {
    static let fixture = StoreFixture(migrations: Chinook.migrations, entities: Chinook.entities)

    @Test func batchesCommitAsOneTransactionLikePlainSQL() throws {
        try Self.fixture.withEachKind { test in
            let mirror = try SQLMirror(test.store)
            let told = Mutex(0)
            let observation = test.store.observe(FetchRequest<Album>.all) { _ in told.withLock { $0 += 1 } }
            defer { observation.cancel() }
            waitForObservers(test.store)  // the first result is delivered on the engine's queue
            let before = told.withLock { $0 }
            var artistIDs: [Int64] = []
            try test.store.batchedSave { batch in
                for number in 1...3 {
                    let context = test.store.newChildContext()
                    let artist = try context.insert(ChinookArtist(name: "Batch artist \(number)"))
                    try context.insert(Album(title: "Batch album \(number)", artistID: artist.artistID!))
                    let result = try batch.save(context)
                    artistIDs.append(result.insertedIDs[artist.artistID!]!)
                    // The closure's thread reads what the batch wrote so far.
                    #expect(try test.store.fetch(ChinookArtist.self, id: artistIDs.last!)?.name == "Batch artist \(number)")
                    #expect(!context.hasChanges)
                }
                // Rows the closure read inside the batch are edited and saved in a later batch.
                let edit = test.store.newChildContext()
                var first = try edit.fetch(ChinookArtist.self, id: artistIDs[0])!
                first.name = "Batch artist one"
                try edit.update(first)
                try batch.save(edit)
                #expect(told.withLock { $0 } == before)
            }
            let next = try mirror.count("SELECT max(ArtistId) FROM Artist") + 1
            #expect(artistIDs == [Int64(next), Int64(next + 1), Int64(next + 2)])
            waitForObservers(test.store)
            #expect(told.withLock { $0 } == before + 1)
            try mirror.run(
                """
                INSERT INTO Artist (Name) VALUES ('Batch artist 1'); INSERT INTO Album (Title, ArtistId) VALUES ('Batch album 1', \(next));
                INSERT INTO Artist (Name) VALUES ('Batch artist 2'); INSERT INTO Album (Title, ArtistId) VALUES ('Batch album 2', \(next + 1));
                INSERT INTO Artist (Name) VALUES ('Batch artist 3'); INSERT INTO Album (Title, ArtistId) VALUES ('Batch album 3', \(next + 2));
                UPDATE Artist SET Name = 'Batch artist one' WHERE ArtistId = \(next);
                """)
            try mirror.expectSameTables(as: test.store)
        }
    }

    @Test func aRejectionInALateBatchRollsEveryBatchBack() throws {
        try Self.fixture.withEachKind { test in
            let mirror = try SQLMirror(test.store)
            let told = Mutex(0)
            let observation = test.store.observe(FetchRequest<ChinookArtist>.all) { _ in told.withLock { $0 += 1 } }
            defer { observation.cancel() }
            waitForObservers(test.store)  // the first result is delivered on the engine's queue
            let before = told.withLock { $0 }
            var saved: [ObjectContext] = []
            let late = test.store.newChildContext()
            var orphan: Album?
            var refused: [FieldError] = []
            do {
                try test.store.batchedSave { batch in
                    for number in 1...4 {
                        let context = test.store.newChildContext()
                        for offset in 0..<50 { try context.insert(ChinookArtist(name: "Artist \(number)-\(offset)")) }
                        var track = try context.fetch(Track.self, id: Int64(number))!
                        track.composer = "Batch \(number)"
                        try context.update(track)
                        try batch.save(context)
                        saved.append(context)
                    }
                    try late.insert(ChinookArtist(name: "Late"))
                    orphan = try late.insert(Album(title: "Nobody's album", artistID: 9999))
                    try batch.save(late)
                }
                Issue.record("the batched save succeeded")
            } catch let SaveError.rejected(fields) {
                refused = fields
            }
            #expect(refused.flatMap(\.fields) == ["ArtistId"])
            #expect(refused.first?.code == .invalidReference)
            // Every table as before; no observer told; the acknowledged contexts are discarded.
            try mirror.expectSameTables(as: test.store)
            waitForObservers(test.store)
            #expect(told.withLock { $0 } == before)
            #expect(saved.count == 4 && saved.allSatisfy(\.isDiscarded))
            #expect(throws: SaveError.self) { try saved[0].save() }
            // The failing context keeps its changes; fixed, it saves on its own.
            #expect(late.hasChanges)
            var album = try #require(orphan)
            album.artistID = 1
            try late.update(album)
            try late.save()
            try mirror.run("INSERT INTO Artist (Name) VALUES ('Late'); INSERT INTO Album (Title, ArtistId) VALUES ('Nobody''s album', 1);")
            try mirror.expectSameTables(as: test.store)
        }
    }

    @Test func aConflictInABatchIsReportedAndACaughtFailureUndoesOnlyItsOwnWrites() throws {
        try Self.fixture.withEachKind { test in
            let mirror = try SQLMirror(test.store)
            let stale = test.store.newChildContext()
            var genre = try stale.fetch(Genre.self, id: 1)!
            try writeBehind(test, "UPDATE Genre SET Name = 'Rock and Roll' WHERE GenreId = 1")
            try mirror.run("UPDATE Genre SET Name = 'Rock and Roll' WHERE GenreId = 1")
            genre.name = "Stone"
            try stale.update(genre)
            var conflict: ConflictError?
            try test.store.batchedSave { batch in
                let first = test.store.newChildContext()
                try first.insert(ChinookArtist(name: "Kept"))
                try batch.save(first)
                do {
                    try stale.insert(ChinookArtist(name: "Undone with its batch"))
                    try batch.save(stale)
                } catch let SaveError.conflict(error) {
                    conflict = error
                }
            }
            #expect(conflict?.objects.map(\.table) == ["Genre"])
            #expect(conflict?.objects.first?.fields.map(\.name) == ["Name"])
            try mirror.run("INSERT INTO Artist (Name) VALUES ('Kept')")
            try mirror.expectSameTables(as: test.store)
        }
    }

    @Test func misusesAreRefusedWithoutWaiting() throws {
        try Self.fixture.withEachKind { test in
            let mirror = try SQLMirror(test.store)
            var kept: SaveBatch?
            var inside: SaveError?
            var nested: (any Error)?
            try test.store.batchedSave { batch in
                kept = batch
                let context = test.store.newChildContext()
                try context.insert(ChinookArtist(name: "Saved the ordinary way"))
                do { try context.save() } catch let error as SaveError { inside = error }
                do { try test.store.batchedSave { _ in } } catch { nested = error }
            }
            guard case .finished(.transactionOpen)? = inside else {
                Issue.record("expected .finished(.transactionOpen), got \(String(describing: inside))")
                return
            }
            guard case .finished(.transactionOpen)? = nested as? SaveError else {
                Issue.record("expected .finished(.transactionOpen), got \(String(describing: nested))")
                return
            }
            let late = test.store.newChildContext()
            try late.insert(ChinookArtist(name: "Too late"))
            #expect {
                try kept!.save(late)
            } throws: { error in
                guard case .finished(.batchFinished)? = error as? SaveError else { return false }
                return true
            }
            #expect(late.hasChanges)
            try mirror.expectSameTables(as: test.store)
        }
    }
}
