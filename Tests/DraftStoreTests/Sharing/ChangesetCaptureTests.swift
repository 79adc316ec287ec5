import CSQLite
import Foundation
import Testing

@testable import DraftStore

/// A save captured as an SQLite session changeset: real keys, exactly the rows written, tables
/// without a declared PRIMARY KEY reported, the change log and its export.
@Suite("Changesets: capturing a save")
struct ChangesetCaptureTests {
    @Test func capturesRealKeysForExactlyTheRowsWritten() throws {
        try Replicas.with(recording: false) { replicas in
            let context = replicas.a.newChildContext()
            context.capturesChanges = true
            let artist = try context.insert(ChinookArtist(name: "Nina Simone"))
            _ = try context.insert(Album(title: "Pastel Blues", artistID: artist.artistID!))
            var track = try #require(try context.fetch(Track.self, id: 3))
            track.composer = "Someone Else"
            try context.update(track)
            let result = try context.save()
            let captured = try #require(result.capturedChanges)
            #expect(captured.omittedTables.isEmpty)
            #expect(captured.number == nil)
            let operations = try captured.changeset.operations()
            // The keys SQLite assigned, never the temporary (negative) ones.
            let artistID = try #require(result.insertedIDs.values.min())
            #expect(operations.map(\.table) == ["Artist", "Album", "Track"])
            #expect(operations[0].kind == .insert && operations[0].new[0] == .integer(artistID))
            #expect(operations[1].new[2] == .integer(artistID))
            #expect(operations[2].kind == .update && operations[2].old[0] == .integer(3))
            #expect(operations[2].new[5] == .text("Someone Else") && operations[2].new[1] == nil)
            #expect(try captured.patchset.isPatchset())
            #expect(try !captured.changeset.isPatchset())
        }
    }

    @Test func offByDefaultAndNothingForAParentContext() throws {
        try Replicas.with(recording: false) { replicas in
            let parent = replicas.a.newChildContext()
            parent.capturesChanges = true
            let child = parent.newChildContext()
            child.capturesChanges = true
            _ = try child.insert(Genre(name: "Fado"))
            #expect(try child.save().capturedChanges == nil)
            let plain = replicas.a.newChildContext()
            _ = try plain.insert(Genre(name: "Choro"))
            #expect(try plain.save().capturedChanges == nil)
        }
    }

    @Test func tablesWithoutAPrimaryKeyAreReportedAndTheSaveWrites() throws {
        let migration = Migration(
            name: "001-notes", sql: "CREATE TABLE notes (body TEXT NOT NULL); CREATE TABLE tags (id INTEGER PRIMARY KEY, name TEXT)")
        var configuration = DraftStore.Configuration()
        configuration.recordsChanges = true
        let store = try DraftStore(path: nil, migrations: [migration], configuration: configuration)
        let context = store.newChildContext()
        _ = try context.insert(RowidNote(body: "kept"))
        _ = try context.insert(Tag(name: "sea"))
        let captured = try #require(try context.save().capturedChanges)
        #expect(captured.omittedTables == [OmittedTable(name: "notes", reason: .noDeclaredPrimaryKey)])
        #expect(try captured.changeset.operations().map(\.table) == ["tags"])
        #expect(try store.withWriterConnection { try $0.scalar("SELECT body FROM notes") } == .text("kept"))
    }

    @Test func theLogNumbersEachCommitAndExportsThoseAfterAPoint() throws {
        try Replicas.with { replicas in
            for name in ["Fado", "Choro", "Zouk"] {
                let context = replicas.a.newChildContext()
                _ = try context.insert(Genre(name: name))
                #expect(try context.save().capturedChanges?.number != nil)
            }
            let all = try replicas.a.exportChanges(after: 0)
            #expect(all.count == 3 && all.through == 3)
            let last = try replicas.a.exportChanges(after: 2)
            #expect(last.count == 1 && last.through == 3)
            #expect(try last.changeset.operations().map { $0.new[1] } == [.text("Zouk")])
            let none = try replicas.a.exportChanges(after: 3)
            #expect(none.count == 0 && none.changeset.isEmpty && none.through == 3)
            #expect(try replicas.b.exportChanges(after: 0).count == 0)  // B's log was never made.
        }
    }
}

/// A table with only the implicit rowid.
struct RowidNote: Entity {
    var rowid: Int64?
    var body = ""
    static let schema = EntitySchema<RowidNote>(table: "notes", columns: [.primaryKey("rowid", \.rowid), .column("body", \.body)])
}

/// A table with a declared INTEGER PRIMARY KEY.
struct Tag: Entity {
    var id: Int64?
    var name: String?
    static let schema = EntitySchema<Tag>(table: "tags", columns: [.primaryKey("id", \.id), .column("name", \.name)])
}
