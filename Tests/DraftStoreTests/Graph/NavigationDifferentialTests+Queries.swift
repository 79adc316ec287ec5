import DraftStore
import DraftStoreTesting
import Testing

/// Requests filtered by related rows (a track's album, an album's tracks, a note's folder, a
/// folder's notes), run in a context with unsaved changes of both tables and compared with the
/// store's SQL after the save, and with hand-written SQL (`EXISTS`, a correlated `count(*)`).
extension NavigationDifferentialTests {
    static let albumRequests: [(String, FetchRequest<Album>, String)] = [
        (
            "any track named a", FetchRequest<Album>.all.filter(.any(Album.tracks, \.name == "a")),
            "EXISTS (SELECT 1 FROM Track t WHERE t.AlbumId = a.AlbumId AND t.Name = 'a')"
        ),
        (
            "no track", FetchRequest<Album>.all.filter(.count(Album.tracks, atMost: 0)),
            "NOT EXISTS (SELECT 1 FROM Track t WHERE t.AlbumId = a.AlbumId)"
        ),
        (
            "3 tracks or more, by title", FetchRequest<Album>.all.filter(.count(Album.tracks, atLeast: 3)).sorted(by: \.title),
            "(SELECT count(*) FROM Track t WHERE t.AlbumId = a.AlbumId) >= 3"
        ),
        (
            "not any track b, or a short one", FetchRequest<Album>.all.filter(!.any(Album.tracks, \.name == "b" || \.milliseconds < 0)),
            "NOT EXISTS (SELECT 1 FROM Track t WHERE t.AlbumId = a.AlbumId AND (t.Name = 'b' OR t.Milliseconds < 0))"
        ),
    ]

    static let trackRequests: [(String, FetchRequest<Track>, String)] = [
        (
            "album title contains new", FetchRequest<Track>.all.filter(.parent(Track.album, .contains(\.title, "new"))),
            "EXISTS (SELECT 1 FROM Album a WHERE a.AlbumId = t.AlbumId AND a.Title LIKE '%new%')"
        ),
        (
            "album renamed, name a", FetchRequest<Track>.all.filter(.parent(Track.album, \.title == "Renamed") && \.name == "a"),
            "EXISTS (SELECT 1 FROM Album a WHERE a.AlbumId = t.AlbumId AND a.Title = 'Renamed') AND t.Name = 'a'"
        ),
        (
            "album with 3 tracks or more", FetchRequest<Track>.all.filter(.parent(Track.album, .count(Album.tracks, atLeast: 3))),
            "(SELECT count(*) FROM Track u WHERE u.AlbumId = t.AlbumId) >= 3"
        ),
    ]

    @Test(arguments: 1...4) func chinookRequestsFilteredByRelatedRows(seed: UInt64) throws {
        try Self.chinook.withEachKind { test in
            var random = SplitMix64(state: seed)
            let context = test.newChildContext()
            let (albums, _, _) = try Self.editChinook(context, random: &random)
            var renamed = albums[Int(seed) % albums.count]
            renamed.title = "Renamed"
            try context.update(renamed)
            let albumKeys = { (albums: [Album]) in
                albums.map { $0.title == "Renamed" || $0.title.hasPrefix("New") ? $0.title : "id \($0.albumID!)" }
            }
            let beforeAlbums = try Self.albumRequests.map { try albumKeys(context.fetch($0.1)) }
            let beforeTracks = try Self.trackRequests.map { try context.fetch($0.1).map(Self.identity) }
            let nested = try Self.trackRequests.map { try context.newChildContext().fetch($0.1).map(Self.identity) }
            try context.save()
            let mirror = try SQLMirror(test.store)
            for (index, (name, request, sql)) in Self.albumRequests.enumerated() {
                let after = try albumKeys(test.store.fetch(request))
                #expect(beforeAlbums[index] == after, "\(name), \(test.kind)")
                let plain = try mirror.connection.fetch("SELECT a.AlbumId, a.Title FROM Album a WHERE \(sql) ORDER BY a.AlbumId") { row in
                    Album(albumID: row.int64(at: 0), title: try row.text(at: 1))
                }
                #expect(Set(albumKeys(plain)) == Set(after), "\(name), plain SQL, \(test.kind)")
            }
            for (index, (name, request, sql)) in Self.trackRequests.enumerated() {
                let after = try test.store.fetch(request).map(Self.identity)
                #expect(beforeTracks[index] == after && nested[index] == after, "\(name), \(test.kind)")
                let plain = try mirror.connection.fetch("SELECT TrackId, Milliseconds FROM Track t WHERE \(sql) ORDER BY TrackId") { row in
                    Self.identity(Track(trackID: row.int64(at: 0), milliseconds: row.int64(at: 1)))
                }
                #expect(plain == after, "\(name), plain SQL, \(test.kind)")
            }
        }
    }
}
