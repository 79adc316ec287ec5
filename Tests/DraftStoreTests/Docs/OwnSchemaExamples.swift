import Foundation
import Testing

@testable import DraftStore
@testable import DraftStoreSQLite

// The code of the "Using your own schema" article and README section, compiled and run here.

// snippet: own-schema-entities
/// `Artist(ArtistId INTEGER PRIMARY KEY, Name NVARCHAR(120))`: a rowid key of any name.
struct Artist: Entity {
    var id: Int64?
    var name: String?
    static let schema = EntitySchema<Artist>(
        table: "Artist", columns: [.primaryKey("ArtistId", \.id), .column("Name", \.name)])
}

/// `notes(id TEXT PRIMARY KEY, title TEXT, created DATETIME)`: a key the app makes.
struct Note: Entity {
    var id = UUID().uuidString
    var title = ""
    var created = Date()
    static let schema = EntitySchema<Note>(
        table: "notes",
        columns: [.primaryKey("id", \.id), .column("title", \.title), .column("created", \.created, date: .iso8601)])
}

/// `PlaylistTrack(PlaylistId, TrackId)`: a composite key, each column also a reference.
struct PlaylistTrack: Entity {
    var playlistID: Int64 = 0
    var trackID: Int64 = 0
    static let schema = EntitySchema<PlaylistTrack>(
        table: "PlaylistTrack",
        columns: [
            .primaryKey("PlaylistId", \.playlistID, references: Playlist.self),
            .primaryKey("TrackId", \.trackID),
        ])
}

/// `visits(url TEXT, at REAL)` with no declared key: the implicit rowid.
struct Visit: Entity {
    var rowID: Int64?
    var url = ""
    static let schema = EntitySchema<Visit>(table: "visits", columns: [.primaryKey("rowid", \.rowID), .column("url", \.url)])
}
// snippet: end

struct Playlist: Entity {
    var id: Int64?
    var name = ""
    static let schema = EntitySchema<Playlist>(table: "Playlist", columns: [.primaryKey("PlaylistId", \.id), .column("Name", \.name)])
}

/// The schema an app already has, made by another tool.
private let existingSchema = """
    CREATE TABLE Artist (ArtistId INTEGER NOT NULL, Name NVARCHAR(120), CONSTRAINT PK_Artist PRIMARY KEY (ArtistId));
    CREATE TABLE Playlist (PlaylistId INTEGER PRIMARY KEY, Name NVARCHAR(120));
    CREATE TABLE PlaylistTrack (PlaylistId INTEGER NOT NULL REFERENCES Playlist (PlaylistId) ON DELETE CASCADE,
        TrackId INTEGER NOT NULL, PRIMARY KEY (PlaylistId, TrackId)) WITHOUT ROWID;
    CREATE TABLE notes (id TEXT PRIMARY KEY, title TEXT NOT NULL DEFAULT 'untitled', created DATETIME);
    CREATE TABLE visits (url TEXT NOT NULL, at REAL);
    """

@Suite("Article examples: your own schema")
struct OwnSchemaExamples {
    @Test func keysOfEachKind() throws {
        try TemporaryFolder.with { folder in
            let path = folder.path("music.sqlite")
            let made = try Connection(path: path)
            try made.execute(existingSchema + "INSERT INTO Artist VALUES (1, 'AC/DC'); INSERT INTO Playlist VALUES (1, 'Music');")
            made.close()
            // snippet: own-schema-adopt
            let migrations = [
                // The schema as the database already has it: checked, then recorded, never run.
                Migration(name: "0001_baseline", sql: existingSchema, options: .baseline),
                // Later changes apply on top.
                Migration(name: "0002_artist_country", sql: "ALTER TABLE Artist ADD COLUMN Country TEXT;"),
            ]
            var configuration = DraftStore.Configuration()
            configuration.entities = [Artist.self, Note.self, Playlist.self, PlaylistTrack.self, Visit.self]
            let store = try DraftStore(path: path, migrations: migrations, configuration: configuration)
            // snippet: end
            defer { store.close() }
            // snippet: own-schema-keys
            let edit = try store.presentEdit(Artist.self, id: 1)  // ArtistId 1
            edit.draft.name = "AC/DC (band)"
            try edit.save()

            let context = store.newChildContext()
            let note = try context.insert(Note(title: "Groceries"))  // its UUID is its key
            let playlist = try context.insert(Playlist(name: "Road trip"))
            guard let playlistID = playlist.id else { return }  // a temporary key until the save
            try context.insert(PlaylistTrack(playlistID: playlistID, trackID: 3402))
            try context.insert(Visit(url: "https://www.sqlite.org/"))
            let result = try context.save()  // one transaction; the join row gets the playlist's real key

            let realID = result.insertedIDs[playlistID] ?? playlistID
            let track = try store.fetch(PlaylistTrack.self, key: RowKey(realID, 3402))
            let fetched = try store.fetch(Note.self, key: RowKey(note.id))
            // snippet: end
            #expect(try store.fetch(Artist.self, id: 1)?.name == "AC/DC (band)")
            #expect(track?.playlistID == realID)
            #expect(fetched?.title == "Groceries")
            #expect(try store.fetch(FetchRequest<Visit>.all).map(\.url) == ["https://www.sqlite.org/"])
        }
    }

    @Test func tableRebuild() throws {
        // snippet: own-schema-rebuild
        let rebuild = Migration(
            name: "0003_playlist_name_required",
            sql: """
                -- draftstore: foreign_keys=off
                CREATE TABLE new_Playlist (PlaylistId INTEGER PRIMARY KEY, Name NVARCHAR(120) NOT NULL);
                INSERT INTO new_Playlist SELECT PlaylistId, coalesce(Name, 'Untitled') FROM Playlist;
                DROP TABLE Playlist;
                ALTER TABLE new_Playlist RENAME TO Playlist;
                """)
        // snippet: end
        let store = try DraftStore(path: nil, migrations: [Migration(name: "0001", sql: existingSchema)])
        try store.withWriterConnection { try $0.execute("INSERT INTO Playlist VALUES (1, NULL); INSERT INTO PlaylistTrack VALUES (1, 7);") }
        store.close()
        let db = try Connection(path: nil)
        defer { db.close() }
        try Migrator([Migration(name: "0001", sql: existingSchema)]).migrate(db)
        try db.execute("INSERT INTO Playlist VALUES (1, NULL); INSERT INTO PlaylistTrack VALUES (1, 7);")
        try Migrator([Migration(name: "0001", sql: existingSchema), rebuild]).migrate(db)
        #expect(try rows(db, "SELECT * FROM PlaylistTrack") == [[.integer(1), .integer(7)]])
        #expect(try db.scalar("SELECT Name FROM Playlist") == .text("Untitled"))
    }

    @Test func functionsAndCollations() throws {
        // snippet: own-schema-functions
        var configuration = DraftStore.Configuration()
        configuration.collations = [
            SQLCollation(name: "unicase") { $0.compare($1, options: [.caseInsensitive]) }
        ]
        configuration.functions = [
            SQLFunction(name: "slug", argumentCount: 1) { arguments in
                guard case let .text(text) = arguments[0] else { return .null }
                return .text(text.lowercased().replacingOccurrences(of: " ", with: "-"))
            }
        ]
        // snippet: end
        let store = try DraftStore(
            path: nil,
            migrations: [Migration(name: "0001", sql: "CREATE TABLE tags (name TEXT COLLATE unicase UNIQUE, slug TEXT AS (slug(name)));")],
            configuration: configuration)
        defer { store.close() }
        try store.withWriterConnection { try $0.execute("INSERT INTO tags(name) VALUES ('Road Trip')") }
        #expect(try store.withWriterConnection { try $0.scalar("SELECT slug FROM tags WHERE name = 'ROAD TRIP'") } == .text("road-trip"))
    }
}
