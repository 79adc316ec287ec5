import DraftStore
import DraftStoreTesting
import Testing

/// Navigation in a context with unsaved inserts, moves, edits and deletes, compared with what
/// SQL gives on the same rows after the save (seeded random edits).
@Suite struct NavigationDifferentialTests {
    static let chinook = StoreFixture(migrations: Chinook.migrations, entities: Chinook.entities)
    static let joplin = StoreFixture(migrations: Joplin.migrations, entities: Joplin.entities)

    /// A track as the tests recognize it after the save: a stored track by its key, an inserted one
    /// (negative milliseconds) by its milliseconds, since the save gives it a key of its own.
    static func identity(_ track: Track) -> String { track.milliseconds < 0 ? "new \(track.milliseconds)" : "id \(track.trackID!)" }

    /// The identities of the tracks a query of `TrackId, Milliseconds` gives on `mirror`.
    static func tracks(_ mirror: SQLMirror, _ sql: String, _ argument: SQLiteValue) throws -> [String] {
        try mirror.connection.fetch(sql, [argument]) { row in
            identity(Track(trackID: row.int64(at: 0), milliseconds: row.int64(at: 1)))
        }
    }

    /// The first column of each row a query gives on `mirror`, as keys.
    static func keys(_ mirror: SQLMirror, _ sql: String, _ key: RowKey?) throws -> [RowKey?] {
        try mirror.connection.fetch(sql, key.map(\.values) ?? []) { RowKey(try $0.value(at: 0)) }
    }

    /// Seeded random edits of Chinook's albums and tracks in `context`: inserts, moves to another
    /// album, renames and deletes of new tracks, over 5 stored albums and 2 new ones.
    static func editChinook(_ context: ObjectContext, random: inout SplitMix64) throws
        -> (albums: [Album], tracks: [Track], inserted: [Track])
    {
        var albums = try context.fetch(FetchRequest<Album>.all.limit(5))
        for index in 0..<2 { albums.append(try context.insert(Album(title: "New \(index)", artistID: 1))) }
        var tracks = try context.children(of: albums, Album.tracks).flatMap { $0 }
        var inserted: [Track] = []
        for step in 0..<24 {
            let album = albums.randomElement(using: &random)!
            switch random.next() % 4 {
            case 0:
                let track = try context.insert(
                    Track(name: ["a", "b", "c"].randomElement(using: &random)!, albumID: album.albumID, milliseconds: -Int64(step) - 1))
                inserted.append(track)
                tracks.append(track)
            case 1:
                var track = tracks.randomElement(using: &random)!
                track.albumID = album.albumID
                try context.update(track)
                tracks = tracks.map { $0.trackID == track.trackID ? track : $0 }
            case 2:
                var track = tracks.randomElement(using: &random)!
                track.name = ["a", "b", "zz \(step)"].randomElement(using: &random)!
                try context.update(track)
                tracks = tracks.map { $0.trackID == track.trackID ? track : $0 }
            default:
                guard let track = inserted.randomElement(using: &random) else { continue }
                try context.delete(track)
                inserted.removeAll { $0.trackID == track.trackID }
                tracks.removeAll { $0.trackID == track.trackID }
            }
        }
        return (albums, tracks, inserted)
    }

    @Test(arguments: 1...6) func chinookAlbumsTracksAndPlaylists(seed: UInt64) throws {
        try Self.chinook.withEachKind { test in
            var random = SplitMix64(state: seed)
            let context = test.newChildContext()
            let (albums, tracks, inserted) = try Self.editChinook(context, random: &random)
            let playlists = try context.fetch(FetchRequest<ChinookPlaylist>.all.limit(3))
            for track in inserted.prefix(3) {
                let playlist = playlists.randomElement(using: &random)!
                try context.insert(ChinookPlaylistTrack(playlistID: playlist.playlistID, trackID: track.trackID))
            }
            let children = try context.children(of: albums, Album.tracks)
            let parents = try context.parent(of: tracks, Track.album)
            let related = try context.related(of: playlists, ChinookPlaylist.tracks)
            // A child's parent is the parent whose children list holds it.
            for (track, parent) in zip(tracks, parents) {
                #expect(parent?.albumID == track.albumID)
                if let index = albums.firstIndex(where: { $0.albumID == track.albumID }) {
                    #expect(children[index].contains { $0.trackID == track.trackID })
                }
            }
            try context.save()
            let mirror = try SQLMirror(test.store)
            let expected = try albums.map {
                try Self.tracks(
                    mirror,
                    "SELECT TrackId, Milliseconds FROM Track WHERE AlbumId = (SELECT AlbumId FROM Album WHERE Title = ?) ORDER BY Name, TrackId",
                    .text($0.title))
            }
            #expect(children.map { $0.map(Self.identity) } == expected)
            let expectedRelated = try playlists.map {
                try Self.tracks(
                    mirror,
                    "SELECT t.TrackId, t.Milliseconds FROM PlaylistTrack p JOIN Track t ON t.TrackId = p.TrackId "
                        + "WHERE p.PlaylistId = ? ORDER BY t.Name, t.TrackId",
                    .integer($0.playlistID!))
            }
            #expect(related.map { $0.map(Self.identity) } == expectedRelated)
        }
    }

    @Test(arguments: 1...6) func joplinFoldersNotesAndTags(seed: UInt64) throws {
        try Self.joplin.withEachKind { test in
            var random = SplitMix64(state: seed)
            let context = test.newChildContext()
            var folders = try context.fetch(FetchRequest<JoplinFolder>.all)
            folders.append(try context.insert(JoplinFolder(id: "f-new-\(seed)", title: "New")))
            var notes = try context.fetch(FetchRequest<JoplinNote>.all)
            let tags = try context.fetch(FetchRequest<JoplinTag>.all)
            for step in 0..<24 {
                let folder = folders.randomElement(using: &random)!
                switch random.next() % 4 {
                case 0:
                    notes.append(
                        try context.insert(
                            JoplinNote(id: "n-\(seed)-\(step)", parentID: folder.id, title: ["a", "b", ""].randomElement(using: &random)!)))
                case 1 where !notes.isEmpty:
                    var note = notes.randomElement(using: &random)!
                    note.parentID = Bool.random(using: &random) ? folder.id : ""
                    try context.update(note)
                    notes = notes.map { $0.id == note.id ? note : $0 }
                case 2 where !notes.isEmpty && !tags.isEmpty:
                    let note = notes.randomElement(using: &random)!
                    try context.insert(NoteTag(id: "nt-\(seed)-\(step)", noteID: note.id!, tagID: tags.randomElement(using: &random)!.id!))
                default:
                    let links = try context.fetch(FetchRequest<NoteTag>.all)
                    if let link = links.randomElement(using: &random) { try context.delete(link) }
                }
            }
            let children = try context.children(of: folders, JoplinFolder.notes)
            let related = try context.related(of: notes, JoplinNote.tags)
            let parents = try context.parent(of: notes, JoplinNote.folder)
            #expect(parents.map { $0?.id } == notes.map { note in folders.contains { $0.id == note.parentID } ? note.parentID : nil })
            try context.save()
            let mirror = try SQLMirror(test.store)
            let expected = try folders.map {
                try Self.keys(mirror, "SELECT id FROM notes WHERE parent_id = ? ORDER BY title, id", $0.rowKey)
            }
            #expect(children.map { $0.map(\.rowKey) } == expected)
            let expectedRelated = try notes.map {
                try Self.keys(
                    mirror, "SELECT t.id FROM note_tags n JOIN tags t ON t.id = n.tag_id WHERE n.note_id = ? ORDER BY t.title, t.id",
                    $0.rowKey)
            }
            #expect(related.map { $0.map(\.rowKey) } == expectedRelated)
        }
    }
}
