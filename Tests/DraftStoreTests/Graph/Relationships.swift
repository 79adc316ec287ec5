import DraftStore

// The relationships of the fixtures' entities, each declared once: from the reference column the
// entity already declares (Chinook's keys are also FOREIGN KEY clauses, read with
// PRAGMA foreign_key_list; Joplin's schema has none, so its declared references are used).

extension Track {
    static let album = ToOne<Track, Album>(\.albumID)
}

extension Album {
    static let tracks = Track.album.inverse.sorted(by: .ascending(\.name))
}

extension ChinookPlaylist {
    /// Read from the schema: the join's one foreign key to each side, no column named.
    static let tracks = ManyToMany(ToOne<ChinookPlaylistTrack, ChinookPlaylist>(), ToOne<ChinookPlaylistTrack, Track>())
        .sorted(by: .ascending(\.name))
}

extension JoplinNote {
    static let folder = ToOne<JoplinNote, JoplinFolder>(\.parentID)
    static let tags = ManyToMany(ToOne<NoteTag, JoplinNote>(\.noteID), ToOne<NoteTag, JoplinTag>(\.tagID))
        .sorted(by: .ascending(\.title))
}

extension JoplinFolder {
    static let notes = JoplinNote.folder.inverse.sorted(by: .ascending(\.title))
}
