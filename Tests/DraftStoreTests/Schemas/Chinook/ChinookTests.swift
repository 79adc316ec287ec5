import DraftStore
import DraftStoreTesting
import Testing

/// Chinook, the music-store sample: every operation run through DraftStore and, on a copy, in
/// plain SQL, then every table compared.
@Suite struct ChinookTests {
    static let fixture = StoreFixture(migrations: Chinook.migrations, entities: Chinook.entities)

    @Test func fetchesByKeysOfAnyNameAndComposite() throws {
        try Self.fixture.withEachKind { test in
            #expect(try test.store.fetch(ChinookArtist.self, key: 1)?.name == "AC/DC")
            let context = test.newChildContext()
            #expect(try context.fetch(Album.self, id: 4)?.title == "Let There Be Rock")
            #expect(try context.fetch(ChinookPlaylistTrack.self, key: RowKey(17, 3)) == ChinookPlaylistTrack(playlistID: 17, trackID: 3))
            #expect(try context.fetch(ChinookPlaylistTrack.self, key: RowKey(2, 3)) == nil)
            #expect(try context.fetch(Employee.self, id: 2)?.reportsTo == 1)
            #expect(try context.fetch(Invoice.self, id: 2)?.total == 3.96)
            let mirror = try SQLMirror(test.store)
            #expect(try context.fetchAll(ChinookPlaylistTrack.self).count == mirror.count("SELECT count(*) FROM PlaylistTrack"))
        }
    }

    @Test func presentEditSaveMatchesPlainSQL() throws {
        try Self.fixture.withEachKind { test in
            let mirror = try SQLMirror(test.store)
            let item = try test.store.presentEdit(Track.self, key: 1)
            item.draft.composer = "Young, Young, Johnson"
            item.draft.unitPrice = 1.29
            let saved = try item.save()
            #expect(saved.composer == "Young, Young, Johnson")
            try mirror.run("UPDATE Track SET Composer = 'Young, Young, Johnson', UnitPrice = 1.29 WHERE TrackId = 1")
            try mirror.expectSameTables(as: test.store)
        }
    }

    @Test func cancelRunsNoStatement() throws {
        try Self.fixture.withEachKind { test in
            let item = try test.store.presentEdit(ChinookPlaylistTrack.self, key: RowKey(1, 1))
            item.draft.trackID = 2
            let edit = try test.store.presentEdit(Invoice.self, id: 1)
            edit.draft.total = 99
            let mirror = try SQLMirror(test.store)
            try expectNoStatements(test.store) {
                try item.cancel()
                try edit.cancel()
            }
            try mirror.expectSameTables(as: test.store)
        }
    }

    @Test func insertsParentAndChildrenByTemporaryKeys() throws {
        try Self.fixture.withEachKind { test in
            let mirror = try SQLMirror(test.store)
            let context = test.newChildContext()
            let artist = try context.insert(ChinookArtist(name: "Alanis Morissette"))
            #expect(artist.hasTemporaryKey)
            let album = try context.insert(Album(title: "Jagged Little Pill", artistID: artist.artistID!))
            let track = try context.insert(Track(name: "You Oughta Know", albumID: album.albumID, genreID: 1, milliseconds: 249_000))
            let manager = try context.insert(Employee(lastName: "Lee", firstName: "Ann", reportsTo: 1))
            try context.insert(Employee(lastName: "Ray", firstName: "Bo", reportsTo: manager.employeeID))
            try context.insert(ChinookPlaylistTrack(playlistID: 1, trackID: track.trackID))
            try context.save()
            #expect(try context.fetch(Album.self, id: 6)?.artistID == 4)
            try mirror.run(
                """
                INSERT INTO Artist (Name) VALUES ('Alanis Morissette');
                INSERT INTO Album (Title, ArtistId) VALUES ('Jagged Little Pill', 4);
                INSERT INTO Track (Name, AlbumId, MediaTypeId, GenreId, Milliseconds, UnitPrice) VALUES ('You Oughta Know', 6, 1, 1, 249000, 0.99);
                INSERT INTO Employee (LastName, FirstName, ReportsTo) VALUES ('Lee', 'Ann', 1);
                INSERT INTO Employee (LastName, FirstName, ReportsTo) VALUES ('Ray', 'Bo', 9);
                INSERT INTO PlaylistTrack VALUES (1, 38);
                """)
            try mirror.expectSameTables(as: test.store)
        }
    }

    @Test func deletesUnderNoActionAsSQLiteDoes() throws {
        try Self.fixture.withEachKind { test in
            let mirror = try SQLMirror(test.store)
            // NO ACTION: a playlist with entries cannot go alone; with its entries it can.
            let context = test.newChildContext()
            try context.delete(ChinookPlaylist.self, key: 5)
            let refused = rejectedFields { try context.save() }
            #expect(!refused.isEmpty && refused.allSatisfy { $0.code == .invalidReference })
            #expect(throws: SQLiteError.self) { try mirror.run("DELETE FROM Playlist WHERE PlaylistId = 5") }
            try mirror.expectSameTables(as: test.store)
            for entry in try context.fetch(FetchRequest<ChinookPlaylistTrack>.all.filter(\.playlistID, equals: 5)) {
                try context.delete(entry)
            }
            try context.delete(ChinookPlaylistTrack.self, key: RowKey(1, 1))
            try context.save()
            try mirror.run("DELETE FROM PlaylistTrack WHERE PlaylistId = 5; DELETE FROM PlaylistTrack WHERE PlaylistId = 1 AND TrackId = 1")
            try mirror.run("DELETE FROM Playlist WHERE PlaylistId = 5")
            try mirror.expectSameTables(as: test.store)
        }
    }

    @Test func constraintErrorsNameTheField() throws {
        try Self.fixture.withEachKind { test in
            let context = test.newChildContext()
            try context.insert(Album(title: "Nobody's", artistID: 999))
            let errors = rejectedFields { try context.save() }
            #expect(errors.flatMap(\.fields) == ["ArtistId"])
            #expect(errors.first?.code == .invalidReference)
            let twice = test.newChildContext()
            try twice.insert(ChinookPlaylistTrack(playlistID: 1, trackID: 1))
            let duplicate = rejectedFields { try twice.save() }
            #expect(Set(duplicate.flatMap(\.fields)) == ["PlaylistId", "TrackId"])
            #expect(duplicate.allSatisfy { $0.code == .notUnique })
        }
    }
}
