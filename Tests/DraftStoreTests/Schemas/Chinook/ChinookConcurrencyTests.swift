import DraftStore
import DraftStoreTesting
import TestTools
import Testing

/// Chinook: other writers (a second connection, Python's sqlite3), staleness, observation and rebase.
@Suite struct ChinookConcurrencyTests {
    static let fixture = ChinookTests.fixture

    @Test func aSecondConnectionsChangeIsAConflictOnlyOnTheSameField() throws {
        try Self.fixture.withEachKind { test in
            let item = try test.store.presentEdit(Track.self, key: 3)
            try writeBehind(test, "UPDATE Track SET Name = 'Theirs', Bytes = 1 WHERE TrackId = 3")
            item.draft.name = "Mine"
            let conflict = saveConflict { _ = try item.save() }
            #expect(conflict?.objects.first?.key == 3)
            #expect(conflict?.objects.first?.fields.map(\.name) == ["Name"])
            // A different field: both changes are kept, and the NUMERIC price read and written back is no change.
            let other = try test.store.presentEdit(Invoice.self, id: 1)
            try writeBehind(test, "UPDATE Invoice SET BillingCity = 'Berlin' WHERE InvoiceId = 1")
            other.draft.invoiceDate = "2021-01-03 00:00:00"
            _ = try other.save()
            let row = try test.store.fetch(Invoice.self, id: 1)
            #expect(row?.billingCity == "Berlin" && row?.invoiceDate == "2021-01-03 00:00:00" && row?.total == 1.98)
        }
    }

    @Test(.requires(.python3)) func pythonsChangeIsAConflict() throws {
        try Self.fixture.withStore(.file) { test in
            let item = try test.store.presentEdit(Album.self, id: 2)
            guard try runPython(test, "c.execute(\"UPDATE Album SET Title = 'Balls' WHERE AlbumId = 2\")") else { return }
            item.draft.title = "Mine"
            let conflict = saveConflict { _ = try item.save() }
            #expect(conflict?.objects.first?.fields.first?.theirs == .text("Balls"))
            #expect(try test.store.fetch(Album.self, id: 2)?.title == "Balls")
        }
    }

    @Test func stalenessAndRebase() throws {
        try Self.fixture.withEachKind { test in
            let context = test.newChildContext()
            var album = try #require(try context.fetch(Album.self, id: 5))
            _ = try context.fetch(ChinookPlaylistTrack.self, key: RowKey(5, 23))
            #expect(try context.staleObjects().isEmpty)
            if test.kind == .file {
                try writeBehind(test, "UPDATE Album SET Title = 'Big Ones (Remastered)' WHERE AlbumId = 5")
                try writeBehind(test, "DELETE FROM PlaylistTrack WHERE PlaylistId = 5 AND TrackId = 23")
            } else {
                let other = test.newChildContext()
                var theirs = try #require(try other.fetch(Album.self, id: 5))
                theirs.title = "Big Ones (Remastered)"
                try other.update(theirs)
                try other.delete(ChinookPlaylistTrack.self, key: RowKey(5, 23))
                try other.save()
            }
            let stale = try context.staleObjects()
            #expect(stale.first { $0.table == "Album" }?.fields.map(\.name) == ["Title"])
            #expect(stale.first { $0.table == "PlaylistTrack" }?.wasDeleted == true)
            #expect(stale.first { $0.table == "PlaylistTrack" }?.key == RowKey(5, 23))
            album.artistID = 1
            try context.update(album)
            let undecided = try context.rebase()
            #expect(undecided.allSatisfy { $0.table == "PlaylistTrack" })
            context.forget(ChinookPlaylistTrack.self, key: RowKey(5, 23))
            try context.save()
            #expect(try test.store.fetch(Album.self, id: 5) == Album(albumID: 5, title: "Big Ones (Remastered)", artistID: 1))
        }
    }

    @Test func observersSeeEachSave() throws {
        try Self.fixture.withEachKind { test in
            let deliveries = Deliveries<ChinookPlaylistTrack>()
            let observation = test.store.observe(FetchRequest<ChinookPlaylistTrack>.all.filter(\.playlistID, equals: 2)) {
                deliveries.append($0)
            }
            defer { observation.cancel() }
            waitForObservers(test.store)
            #expect(deliveries.last == [])
            let context = test.newChildContext()
            try context.insert(ChinookPlaylistTrack(playlistID: 2, trackID: 7))
            try context.insert(Genre(name: "Grunge"))
            try context.save()
            waitForObservers(test.store)
            #expect(deliveries.last == [ChinookPlaylistTrack(playlistID: 2, trackID: 7)])
            try context.delete(ChinookPlaylistTrack.self, key: RowKey(2, 7))
            try context.save()
            waitForObservers(test.store)
            #expect(deliveries.last == [])
        }
    }
}
