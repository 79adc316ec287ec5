import DraftStore

// Entities for every table of Joplin's version 1 schema (Fixtures/Joplin.swift): TEXT keys the
// app makes (32 hex digits), a TEXT key named `key`, NUMERIC coordinates, DEFAULT "" columns
// written with double quotes, and `version`, a table with only the implicit rowid.

enum Joplin {
    static let migrations = SchemaFixtures.migrations("joplin", SchemaFixtures.joplin)
    static let entities: [any Entity.Type] = [
        JoplinFolder.self, JoplinNote.self, JoplinTag.self, NoteTag.self, Resource.self, Setting.self, TableField.self, SyncItem.self,
        DeletedItem.self, ProfileVersion.self,
    ]
    static let paris = "9a8b7c6d5e4f30211203f4e5d6c7b8a9"
    static let packing = "1b2c3d4e5f60718293a4b5c6d7e8f901"
    static let travel = "0f1a2b3c4d5e6f708192a3b4c5d6e7f8"
    static let europe = "aa00000000000000000000000000000a"
}

struct JoplinFolder: Entity, Equatable {
    var id: String?
    var title: String?
    var createdTime: Int64 = 0
    var updatedTime: Int64 = 0
    static let schema = EntitySchema<JoplinFolder>(
        table: "folders",
        columns: [
            .primaryKey("id", \.id), .column("title", \.title), .column("created_time", \.createdTime),
            .column("updated_time", \.updatedTime),
        ])
}

struct JoplinNote: Entity, Equatable {
    var id: String?
    var parentID: String?
    var title: String?
    var body: String?
    var createdTime: Int64 = 0
    var updatedTime: Int64 = 0
    var latitude: Double?
    var longitude: Double?
    var altitude: Double?
    var isTodo: Int64?
    var order: Int64?
    static let schema = EntitySchema<JoplinNote>(
        table: "notes",
        columns: [
            .primaryKey("id", \.id), .reference("parent_id", \.parentID, to: JoplinFolder.self), .column("title", \.title),
            .column("body", \.body), .column("created_time", \.createdTime), .column("updated_time", \.updatedTime),
            .column("latitude", \.latitude), .column("longitude", \.longitude), .column("altitude", \.altitude),
            .column("is_todo", \.isTodo), .column("order", \.order),
        ])
}

struct JoplinTag: Entity, Equatable {
    var id: String?
    var title: String?
    var createdTime: Int64 = 0
    var updatedTime: Int64 = 0
    static let schema = EntitySchema<JoplinTag>(
        table: "tags",
        columns: [
            .primaryKey("id", \.id), .column("title", \.title), .column("created_time", \.createdTime),
            .column("updated_time", \.updatedTime),
        ])
}

struct NoteTag: Entity, Equatable {
    var id: String?
    var noteID = ""
    var tagID = ""
    var createdTime: Int64 = 0
    var updatedTime: Int64 = 0
    static let schema = EntitySchema<NoteTag>(
        table: "note_tags",
        columns: [
            .primaryKey("id", \.id), .reference("note_id", \.noteID, to: JoplinNote.self),
            .reference("tag_id", \.tagID, to: JoplinTag.self),
            .column("created_time", \.createdTime), .column("updated_time", \.updatedTime),
        ])
}

struct Resource: Entity, Equatable {
    var id: String?
    var title: String?
    var mime = ""
    var filename: String?
    var createdTime: Int64 = 0
    var updatedTime: Int64 = 0
    static let schema = EntitySchema<Resource>(
        table: "resources",
        columns: [
            .primaryKey("id", \.id), .column("title", \.title), .column("mime", \.mime), .column("filename", \.filename),
            .column("created_time", \.createdTime), .column("updated_time", \.updatedTime),
        ])
}

struct Setting: Entity, Equatable {
    var key: String?
    var value: String?
    var type: Int64?
    static let schema = EntitySchema<Setting>(
        table: "settings", columns: [.primaryKey("key", \.key), .column("value", \.value), .column("type", \.type)])
}

struct TableField: Entity, Equatable {
    var id: Int64?
    var tableName = ""
    var fieldName = ""
    var fieldType: Int64 = 0
    var fieldDefault: String?
    static let schema = EntitySchema<TableField>(
        table: "table_fields",
        columns: [
            .primaryKey("id", \.id), .column("table_name", \.tableName), .column("field_name", \.fieldName),
            .column("field_type", \.fieldType), .column("field_default", \.fieldDefault),
        ])
}

struct SyncItem: Entity, Equatable {
    var id: Int64?
    var syncTarget: Int64 = 0
    var syncTime: Int64?
    var itemType: Int64 = 0
    var itemID = ""
    static let schema = EntitySchema<SyncItem>(
        table: "sync_items",
        columns: [
            .primaryKey("id", \.id), .column("sync_target", \.syncTarget), .column("sync_time", \.syncTime),
            .column("item_type", \.itemType), .column("item_id", \.itemID),
        ])
}

struct DeletedItem: Entity, Equatable {
    var id: Int64?
    var itemType: Int64 = 0
    var itemID = ""
    var deletedTime: Int64 = 0
    static let schema = EntitySchema<DeletedItem>(
        table: "deleted_items",
        columns: [
            .primaryKey("id", \.id), .column("item_type", \.itemType), .column("item_id", \.itemID), .column("deleted_time", \.deletedTime),
        ])
}

/// `version` has no primary key: its rows are identified by the implicit rowid.
struct ProfileVersion: Entity, Equatable {
    var rowID: Int64?
    var version: Int64 = 0
    static let schema = EntitySchema<ProfileVersion>(
        table: "version", columns: [.primaryKey("rowid", \.rowID), .column("version", \.version)])
}
