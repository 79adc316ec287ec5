import DraftStore
import DraftStoreTesting
import Testing

/// FreshRSS's categories, feeds, entries and tags (a public app's schema whose records have
/// children): every relationship navigated in a context with unsaved changes and compared with
/// SQL after the save; a parent's key changed by SQL (ON UPDATE CASCADE) and, in a context, as
/// a delete and an insert (ON DELETE SET NULL), each compared with plain SQLite on a copy.
@Suite struct FreshRSSGraphTests {
    static let fixture = StoreFixture(migrations: FreshRSS.migrations, entities: FreshRSS.entities)

    /// The text (or the integer, as text) of the first column of each row a query gives.
    static func column(_ mirror: SQLMirror, _ sql: String, _ argument: SQLiteValue) throws -> [String] {
        try mirror.connection.fetch(sql, [argument]) { row in
            switch try row.value(at: 0) {
            case let .integer(value): "\(value)"
            case let .text(text): text
            default: "NULL"
            }
        }
    }

    @Test func everyRelationshipWithUnsavedChangesAsSQLAfterTheSave() throws {
        try Self.fixture.withEachKind { test in
            let context = test.newChildContext()
            let podcasts = try context.insert(FreshCategory(name: "Podcasts"))
            let pod = try context.insert(Feed(url: "https://example.org/pod.xml", categoryID: podcasts.id, name: "A podcast"))
            var swiftOrg = try #require(try context.fetch(Feed.self, id: 2))
            swiftOrg.categoryID = 1
            try context.update(swiftOrg)
            try context.insert(
                FeedEntry(id: 4001, guid: "p1", title: "Episode 1", link: "https://example.org/1", date: 1_700_000_010, feedID: pod.id))
            try context.insert(
                FeedEntry(id: 1003, guid: "g3", title: "FreshRSS 1.26", link: "https://freshrss.org/3", date: 1_700_000_011, feedID: 1))
            try context.delete(FeedEntry.self, id: 2001)  // its entrytag row goes with it (ON DELETE CASCADE)
            try context.insert(EntryTag(tagID: 2, entryID: 4001))
            var later = try #require(try context.fetch(FreshTag.self, id: 1))
            later.name = "read later"
            try context.update(later)

            let categories = try context.fetch(FetchRequest<FreshCategory>.all)
            let feeds = try context.fetch(FetchRequest<Feed>.all)
            let entries = try context.fetch(FetchRequest<FeedEntry>.all)
            let tags = try context.fetch(FetchRequest<FreshTag>.all)
            let feedsOf = try context.children(of: categories, FreshCategory.feeds).map { $0.map(\.url) }
            let entriesOf = try context.children(of: feeds, Feed.entries).map { $0.map { "\($0.id!)" } }
            let categoryOf = try context.parent(of: feeds, Feed.category).map { $0?.name ?? "NULL" }
            let feedOf = try context.parent(of: entries, FeedEntry.feed).map { $0?.url ?? "NULL" }
            let tagsOf = try context.related(of: entries, FeedEntry.tags).map { $0.map(\.name) }
            let entriesOfTag = try context.related(of: tags, FreshTag.entries).map { $0.map { "\($0.id!)" } }
            try context.save()

            let mirror = try SQLMirror(test.store)
            let byName = "SELECT f.url FROM feed f JOIN category c ON c.id = f.category WHERE c.name = ? ORDER BY f.name, f.id"
            #expect(try feedsOf == categories.map { try Self.column(mirror, byName, .text($0.name)) })
            let byURL = "SELECT e.id FROM entry e JOIN feed f ON f.id = e.id_feed WHERE f.url = ? ORDER BY e.date DESC, e.id"
            #expect(try entriesOf == feeds.map { try Self.column(mirror, byURL, .text($0.url)) })
            let categoryOfURL = "SELECT coalesce(c.name, 'NULL') FROM feed f LEFT JOIN category c ON c.id = f.category WHERE f.url = ?"
            #expect(try categoryOf == feeds.flatMap { try Self.column(mirror, categoryOfURL, .text($0.url)) })
            let feedOfID = "SELECT coalesce(f.url, 'NULL') FROM entry e LEFT JOIN feed f ON f.id = e.id_feed WHERE e.id = ?"
            #expect(try feedOf == entries.flatMap { try Self.column(mirror, feedOfID, .integer($0.id!)) })
            let tagsOfID = "SELECT t.name FROM entrytag et JOIN tag t ON t.id = et.id_tag WHERE et.id_entry = ? ORDER BY t.name, t.id"
            #expect(try tagsOf == entries.map { try Self.column(mirror, tagsOfID, .integer($0.id!)) })
            let entriesOfID = "SELECT e.id FROM entrytag et JOIN entry e ON e.id = et.id_entry WHERE et.id_tag = ? ORDER BY e.id"
            #expect(try entriesOfTag == tags.map { try Self.column(mirror, entriesOfID, .integer($0.id!)) })
            #expect(feedsOf.contains(["https://example.org/pod.xml"]) && tagsOf.contains(["starred"]))
        }
    }

    @Test func aParentsKeyChangedBySQLCascadesToItsChildrenAsNavigatedInAContext() throws {
        try Self.fixture.withEachKind { test in
            let mirror = try SQLMirror(test.store)
            let context = test.newChildContext()
            try context.insert(
                FeedEntry(id: 3002, guid: "g2", title: "Pitch: forms", link: "https://forums.swift.org/2", date: 1_700_000_020, feedID: 3))
            // Another writer changes two parents' keys: SQLite's ON UPDATE CASCADE moves their children.
            let keyChange = "UPDATE feed SET id = 100 WHERE id = 1; UPDATE category SET id = 20 WHERE id = 2;"
            try test.store.withWriterConnection { try $0.execute(keyChange) }
            let freshRSS = try #require(try context.fetch(Feed.self, id: 100))
            let swift = try #require(try context.fetch(FreshCategory.self, id: 20))
            #expect(try context.children(of: freshRSS, Feed.entries).map(\.id) == [1002, 1001])
            #expect(try context.children(of: swift, FreshCategory.feeds).map(\.id) == [3, 2])
            let forum = try #require(try context.fetch(Feed.self, id: 3))
            #expect(try context.children(of: forum, Feed.entries).map(\.id) == [3002, 3001])
            #expect(try context.parent(of: forum, Feed.category) == swift)
            try context.save()
            try mirror.run(keyChange)
            try mirror.run(
                "INSERT INTO entry (id, guid, title, link, date, id_feed) VALUES (3002, 'g2', 'Pitch: forms', 'https://forums.swift.org/2', 1700000020, 3)"
            )
            try mirror.expectSameTables(as: test.store)
        }
    }

    @Test func aParentsKeyChangedInAContextIsADeleteAndAnInsertAsSQLiteDoesIt() throws {
        try Self.fixture.withEachKind { test in
            let mirror = try SQLMirror(test.store)
            let context = test.newChildContext()
            try context.delete(FreshCategory.self, id: 2)
            let renamed = try context.insert(FreshCategory(id: 20, name: "Swift, again"))
            // ON DELETE SET NULL, as the context lays it over the store's rows.
            let feeds = try context.fetch(FetchRequest<Feed>.all.filter(\.id >= 2))
            #expect(try context.parent(of: feeds, Feed.category).allSatisfy { $0 == nil })
            #expect(try context.children(of: renamed, FreshCategory.feeds).isEmpty)
            try context.save()
            try mirror.run("DELETE FROM category WHERE id = 2; INSERT INTO category (id, name) VALUES (20, 'Swift, again');")
            try mirror.expectSameTables(as: test.store)
        }
    }
}
