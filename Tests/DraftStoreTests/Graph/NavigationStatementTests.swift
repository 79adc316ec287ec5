import DraftStore
import DraftStoreTesting
import Testing

/// Reading a relationship for a list of parents runs a number of statements that does not grow
/// with the number of parents (no N+1), counted with `StatementRecorder`.
@Suite struct NavigationStatementTests {
    static let fixture = StoreFixture(migrations: Chinook.migrations, entities: Chinook.entities)

    /// The statements each read runs for `count` new albums of 3 tracks each, and what it read.
    static func statements(albums count: Int, _ test: TestStore) throws -> (children: Int, parents: Int, tracks: Int) {
        try test.store.withWriterConnection { connection in
            try connection.execute(
                """
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(count))
                INSERT INTO Album (AlbumId, Title, ArtistId) SELECT 100000 + i, 'Album ' || i, 1 FROM n;
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(3 * count))
                INSERT INTO Track (TrackId, Name, AlbumId, MediaTypeId, Milliseconds, UnitPrice)
                SELECT 100000 + i, 'Track ' || i, 100000 + (i - 1) / 3 + 1, 1, i, 0.99 FROM n;
                """)
        }
        let context = test.newChildContext()
        let albums = try context.fetch(FetchRequest<Album>.all.filter(\.albumID > 100_000))
        let (lists, children) = try StatementRecorder.record(test.store) { try context.children(of: albums, Album.tracks) }
        let tracks = lists.flatMap { $0 }
        let (parents, parentStatements) = try StatementRecorder.record(test.store) { try context.parent(of: tracks, Track.album) }
        #expect(lists.allSatisfy { $0.count == 3 })
        #expect(zip(tracks, parents).allSatisfy { $0.albumID == $1?.albumID })
        return (children.count, parentStatements.count, tracks.count)
    }

    @Test func childrenAndParentsOfManyRowsInStatementsThatDoNotGrow() throws {
        var small = (children: 0, parents: 0, tracks: 0)
        var large = small
        try Self.fixture.withEachKind { test in small = try Self.statements(albums: 10, test) }
        try Self.fixture.withEachKind { test in large = try Self.statements(albums: 10_000, test) }
        #expect(small.tracks == 30 && large.tracks == 30_000)
        #expect(small.children == 1 && large.children == 1)
        #expect(large.parents == small.parents && large.parents <= 1)
    }
}
