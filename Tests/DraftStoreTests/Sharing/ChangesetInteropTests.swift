import CChangesetApply
import Foundation
import TestTools
import Testing

@testable import DraftStore

/// DraftStore's changesets are SQLite's: one made by `sqldiff --changeset` applies through
/// DraftStore, and one DraftStore captured applies through plain `sqlite3changeset_apply`, with
/// the same result as through DraftStore.
@Suite("Changesets: the same format as SQLite's own tools")
struct ChangesetInteropTests {
    /// Runs a program; returns its exit status.
    static func run(_ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(filePath: "/usr/bin/env")
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    @Test(.requires(.sqldiff)) func aChangesetMadeBySqldiffAppliesThroughDraftStore() throws {
        try Replicas.with(recording: false) { replicas in
            try replicas.b.withWriterConnection { connection in
                try connection.execute(
                    """
                    UPDATE Track SET Composer = 'sqldiff', Milliseconds = Milliseconds + 1 WHERE TrackId IN (1, 7, 9);
                    INSERT INTO Artist (ArtistId, Name) VALUES (500, 'Made by SQL');
                    INSERT INTO Album (AlbumId, Title, ArtistId) VALUES (500, 'Plain', 500);
                    DELETE FROM PlaylistTrack WHERE PlaylistId = 1 AND TrackId IN (1, 2);
                    DELETE FROM Genre WHERE GenreId = 25;
                    """)
            }
            replicas.b.close()
            let file = replicas.folder.path("diff.changeset")
            let status = try Self.run(["sqldiff", "--changeset", file, replicas.folder.path("a.sqlite"), replicas.folder.path("b.sqlite")])
            try #require(status == 0, "sqldiff --changeset failed")
            let changeset = SQLiteChangeset(try Data(contentsOf: URL(filePath: file)))
            let report = try replicas.a.apply(changeset)
            #expect(report.applied == 8 && report.conflicts.isEmpty)
            let b = try Replicas.open(replicas.folder.path("b.sqlite"), recording: false)
            defer { b.close() }
            #expect(try Replicas.contents(replicas.a) == Replicas.contents(b))
        }
    }

    @Test func aDraftStoreChangesetAppliesThroughPlainSQLiteWithTheSameResult() throws {
        try Replicas.with(recording: false) { replicas in
            let context = replicas.a.newChildContext()
            context.capturesChanges = true
            let artist = try context.insert(ChinookArtist(name: "Captured"))
            _ = try context.insert(Album(title: "By DraftStore", artistID: artist.artistID!))
            for id: Int64 in [2, 3, 30] {
                var track = try #require(try context.fetch(Track.self, id: id))
                track.unitPrice = 1.29
                track.composer = nil
                try context.update(track)
            }
            try context.delete(ChinookPlaylistTrack.self, key: RowKey(1, 3))
            let changeset = try #require(try context.save().capturedChanges?.changeset)
            // Through DraftStore into B, and through plain sqlite3changeset_apply into a copy of B.
            let plainPath = replicas.folder.path("plain.sqlite")
            try replicas.b.withWriterConnection { connection in
                let copy = try Connection(path: plainPath)
                try connection.backup(to: copy)
                copy.close()
            }
            try replicas.b.apply(changeset)
            let code = changeset.bytes.withUnsafeBytes { cchangeset_apply(plainPath, $0.baseAddress, Int32($0.count)) }
            #expect(code == 0)
            let plain = try Replicas.open(plainPath, recording: false)
            defer { plain.close() }
            let expected = try Replicas.contents(replicas.a)
            #expect(try Replicas.contents(replicas.b) == expected)
            #expect(try Replicas.contents(plain) == expected)
        }
    }
}
