import DraftStore
import DraftStoreTesting
import Testing

/// Edge cases the real schemas showed: an edit that changes its row's key, keys given in
/// another storage class, saves through update triggers, nested temporary keys in composite
/// keys, and self-references saved in an order the user chose.
@Suite struct SchemaEdgeTests {
    /// The draft of an edit names another row's key: saving it used to write the draft over that
    /// other row (Track 2 took Track 1's values). It is refused on the key's field, nothing written.
    @Test func anEditCannotMoveToAnotherRowsKey() throws {
        try ChinookTests.fixture.withEachKind { test in
            let mirror = try SQLMirror(test.store)
            let item = try test.store.presentEdit(Track.self, key: 1)
            item.draft.trackID = 2
            item.draft.name = "Renamed"
            let join = try test.store.presentEdit(ChinookPlaylistTrack.self, key: RowKey(1, 1))
            join.draft.trackID = 2000
            for save in [{ _ = try item.save() }, { _ = try join.save() }] {
                do {
                    try save()
                    Issue.record("an edit that changed its key was saved")
                } catch let error as SaveError {
                    guard case let .invalid(errors) = error else {
                        Issue.record("expected .invalid, got \(error)")
                        continue
                    }
                    #expect(errors.map(\.field) == ["TrackId"] && errors.first?.code == .keyChanged)
                }
            }
            try mirror.expectSameTables(as: test.store)
            item.draft.trackID = 1
            #expect(try item.save().name == "Renamed")
        }
    }

    /// A new key in an edit is what "save as new" is for: the copy is inserted, the row it came from kept.
    @Test func aNewAppMadeKeySavesAsNew() throws {
        try JoplinTests.fixture.withEachKind { test in
            let item = try test.store.presentEdit(JoplinNote.self, key: RowKey(.text(Joplin.paris)))
            item.draft.id = "c0000000000000000000000000000001"
            item.draft.title = "Paris (copy)"
            let copy: JoplinNote
            do { copy = try item.saveAsNew().entity } catch {
                Issue.record("saveAsNew: \(error)")
                return
            }
            #expect(copy.id == "c0000000000000000000000000000001" && copy.body == "Louvre, Orsay")
            #expect(try test.store.fetch(JoplinNote.self, key: RowKey(.text(Joplin.paris)))?.title == "Paris")
        }
    }

    @Test func keysGivenAsTextFindIntegerKeys() throws {
        try ChinookTests.fixture.withEachKind { (test) throws in
            #expect(try test.store.fetch(ChinookArtist.self, key: "1")?.name == "AC/DC")
            #expect(try test.newChildContext().fetch(ChinookPlaylistTrack.self, key: RowKey("1", "1")) != nil)
        }
    }

    /// Sakila's AFTER UPDATE triggers rewrite last_update on every save: the context's next save
    /// of the same row compares with what was read back, so it is no conflict.
    @Test func repeatedSavesThroughAnUpdateTrigger() throws {
        try SakilaTests.fixture.withEachKind { test in
            let context = test.newChildContext()
            for length: Int64 in [90, 91, 92] {
                var film = try #require(try context.fetch(Film.self, id: 1))
                film.length = length
                try context.update(film)
                try context.save()
                #expect(try test.store.fetch(Film.self, id: 1) == context.fetch(Film.self, id: 1))
            }
            #expect(try test.store.fetch(Film.self, id: 1)?.length == 92)
        }
    }

    @Test func nestedTemporaryKeysInCompositeKeys() throws {
        try ChinookTests.fixture.withEachKind { test in
            let mirror = try SQLMirror(test.store)
            let parent = test.newChildContext()
            let child = parent.newChildContext()
            let track = try child.insert(Track(name: "New", albumID: 1, milliseconds: 1))
            try child.insert(ChinookPlaylistTrack(playlistID: 2, trackID: track.trackID))
            let playlist = try child.insert(ChinookPlaylist(name: "Fresh"))
            try child.insert(ChinookPlaylistTrack(playlistID: playlist.playlistID, trackID: track.trackID))
            try child.save()
            try parent.save()
            try mirror.run(
                """
                INSERT INTO Track (Name, AlbumId, MediaTypeId, Milliseconds, UnitPrice) VALUES ('New', 1, 1, 1, 0.99);
                INSERT INTO Playlist (Name) VALUES ('Fresh');
                INSERT INTO PlaylistTrack VALUES (2, 38), (19, 38);
                """)
            try mirror.expectSameTables(as: test.store)
            let grandchild = test.newChildContext().newChildContext()
            try grandchild.delete(ChinookPlaylistTrack.self, key: RowKey(19, 38))
            try grandchild.delete(ChinookPlaylist.self, key: 19)
            try grandchild.save()
            #expect(try test.store.fetch(ChinookPlaylist.self, id: 19) != nil)
        }
    }

    @Test
    func selfReferencedRowsDeleteTogetherInAnyOrder() throws {
        try AtlasReferenceTests.fixture.withEachKind { test in
            let context = test.newChildContext()
            let top = try context.insert(Folder(parentID: 1, name: "projects"))
            try context.insert(Folder(parentID: top.id, name: "2026"))
            try context.save()
            let deleting = test.newChildContext()
            for id: Int64 in [4, 3, 2, 1] { try deleting.delete(Folder.self, id: id) }
            try deleting.save()
            #expect(try test.store.count(Folder.self) == 0)
        }
    }

    @Test func selfReferencedRowsInsertTogetherInAnyOrder() throws {
        try AtlasReferenceTests.fixture.withEachKind { test in
            let context = test.newChildContext()
            try context.insert(Folder(id: 10, parentID: 11, name: "child"))
            try context.insert(Folder(id: 11, parentID: 1, name: "parent"))
            try context.save()
            #expect(try test.store.count(Folder.self) == 4)
        }
    }
}
