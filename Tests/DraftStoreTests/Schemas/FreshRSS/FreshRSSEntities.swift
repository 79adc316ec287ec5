import DraftStore

/// FreshRSS's tables as entities (its schema: `SchemaFixtures.freshRSS`), with their
/// relationships read from the schema's FOREIGN KEY clauses: a category's feeds, a feed's
/// entries, an entry's tags through `entrytag`.
enum FreshRSS {
    static let migrations = SchemaFixtures.migrations("freshrss", SchemaFixtures.freshRSS)
    static let entities: [any Entity.Type] = [FreshCategory.self, Feed.self, FeedEntry.self, FreshTag.self, EntryTag.self]
}

struct FreshCategory: Entity, Equatable {
    var id: Int64?
    var name = ""
    static let schema = EntitySchema<FreshCategory>(table: "category", columns: [.primaryKey("id", \.id), .column("name", \.name)])
    static let feeds = Feed.category.inverse.sorted(by: .ascending(\.name))
}

struct Feed: Entity, Equatable {
    var id: Int64?
    var url = ""
    var categoryID: Int64?
    var name = ""
    var priority: Int64 = 10
    static let schema = EntitySchema<Feed>(
        table: "feed",
        columns: [
            .primaryKey("id", \.id), .column("url", \.url), .column("category", \.categoryID), .column("name", \.name),
            .column("priority", \.priority),
        ])
    static let category = ToOne<Feed, FreshCategory>()
    static let entries = FeedEntry.feed.inverse.sorted(by: .descending(\.date))
}

struct FeedEntry: Entity, Equatable {
    var id: Int64?
    var guid = ""
    var title = ""
    var link = ""
    var date: Int64?
    var isRead: Int64 = 0
    var feedID: Int64?
    static let schema = EntitySchema<FeedEntry>(
        table: "entry",
        columns: [
            .primaryKey("id", \.id), .column("guid", \.guid), .column("title", \.title), .column("link", \.link), .column("date", \.date),
            .column("is_read", \.isRead), .column("id_feed", \.feedID),
        ])
    static let feed = ToOne<FeedEntry, Feed>(\.feedID)
    static let tags = ManyToMany(ToOne<EntryTag, FeedEntry>(), ToOne<EntryTag, FreshTag>()).sorted(by: .ascending(\.name))
}

struct FreshTag: Entity, Equatable {
    var id: Int64?
    var name = ""
    static let schema = EntitySchema<FreshTag>(table: "tag", columns: [.primaryKey("id", \.id), .column("name", \.name)])
    static let entries = ManyToMany(ToOne<EntryTag, FreshTag>(), ToOne<EntryTag, FeedEntry>()).sorted(by: .ascending(\.id))
}

struct EntryTag: Entity, Equatable {
    var tagID: Int64 = 0
    var entryID: Int64 = 0
    static let schema = EntitySchema<EntryTag>(
        table: "entrytag", columns: [.primaryKey("id_tag", \.tagID), .primaryKey("id_entry", \.entryID)])
}
