import DraftStoreTesting
import Testing

@testable import DraftStore
@testable import DraftStoreSQLite

/// A context saved into the store forgets the rows it inserted (``ObjectContext/keepsSavedObjects``
/// off, the default) and keeps those it read; on Chinook, a schema we did not design.
@Suite struct SavedObjectsReleaseTests {
    static let fixture = StoreFixture(migrations: Chinook.migrations, entities: Chinook.entities)

    @Test func insertedRowsAreReleasedAndReadAgainAsSaved() throws {
        try Self.fixture.withEachKind { test in
            let context = test.newChildContext()
            var inserted: [ChinookArtist] = []
            for number in 1...500 { inserted.append(try context.insert(ChinookArtist(name: "Artist \(number)"))) }
            let result = try context.save()
            // The table's storage went with its rows.
            #expect(context.tables["Artist"] == nil)
            let id = result.insertedIDs[inserted[0].artistID!]!
            #expect(try context.fetch(ChinookArtist.self, id: id) == ChinookArtist(artistID: id, name: "Artist 1"))
            #expect(context.tables["Artist"]?.rows.count == 1)
            // A released row edited again is refused until read again (its key is no row this
            // context holds); read, its base is the row as it is now, and the save writes the edit.
            var last = inserted[499]
            last.artistID = result.insertedIDs[last.artistID!]
            last.name = "Artist five hundred"
            #expect(throws: ContextError.self) { try context.update(last) }
            _ = try context.fetch(ChinookArtist.self, id: last.artistID!)
            try context.update(last)
            try context.save()
            #expect(try test.store.fetch(ChinookArtist.self, id: last.artistID!)?.name == "Artist five hundred")
            #expect(try context.staleObjects().isEmpty)
        }
    }

    @Test func readRowsStayRegisteredAndStalenessIsStillFound() throws {
        try Self.fixture.withEachKind { test in
            let context = test.newChildContext()
            var track = try context.fetch(Track.self, id: 1)!
            track.composer = "Angus Young"
            try context.update(track)
            let album = try context.insert(Album(title: "New", artistID: 1))
            let result = try context.save()
            let albumID = result.insertedIDs[album.albumID!]!
            #expect(context.tables["Track"]?.rows.slot(of: 1) != nil)
            #expect(context.tables["Album"]?.rows.slot(of: RowKey(.integer(albumID))) == nil)
            try writeBehind(test, "UPDATE Track SET Composer = 'Malcolm Young' WHERE TrackId = 1")
            try writeBehind(test, "UPDATE Album SET Title = 'Renamed' WHERE AlbumId = ?", [.integer(albumID)])
            // The kept row is found stale; the released one is not this context's any more. (In
            // memory the write behind runs on the store's own connection, which no log sees.)
            if test.filePath != nil { #expect(try context.staleObjects().map(\.table) == ["Track"]) }
        }
    }

    @Test func keepsSavedObjectsKeepsTheInsertedRowsAndTheirConflicts() throws {
        try Self.fixture.withEachKind { test in
            let context = test.newChildContext()
            context.keepsSavedObjects = true
            var album = try context.insert(Album(title: "Kept", artistID: 1))
            let result = try context.save()
            album.albumID = result.insertedIDs[album.albumID!]
            #expect(context.tables["Album"]?.rows.slot(of: RowKey(.integer(album.albumID!))) != nil)
            try writeBehind(test, "UPDATE Album SET Title = 'Theirs' WHERE AlbumId = ?", [.integer(album.albumID!)])
            if test.filePath != nil { #expect(try context.staleObjects().map(\.table) == ["Album"]) }
            album.title = "Mine"
            try context.update(album)
            let conflict = saveConflict { try context.save() }
            #expect(conflict?.objects.first?.fields.map(\.name) == ["Title"])
        }
    }

    @Test func anEditorStillReturnsItsSavedRow() throws {
        try Self.fixture.withEachKind { test in
            let item = try test.store.presentNew(ChinookArtist(name: "Presented"))
            let saved = try item.save()
            #expect(saved.name == "Presented" && saved.artistID != nil)
            #expect(try test.store.fetch(ChinookArtist.self, id: saved.artistID!) == saved.entity)
        }
    }
}
