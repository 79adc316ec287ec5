import DraftStore
import Testing

/// Refusals of rows whose key is not an integer rowid: the object is named by its key values.
@Suite struct KeyedRefusalTests {
    /// A tag keyed by its TEXT code, in a WITHOUT ROWID table.
    struct Tag: Entity, Hashable {
        var code = ""
        var label = ""
        init() {}
        init(code: String, label: String) {
            self.code = code
            self.label = label
        }
        static let schema = EntitySchema<Tag>(table: "tags", columns: [.primaryKey("code", \.code), .column("label", \.label)])
        static let validator = Validator<Tag>(label: "Tag") {
            Field(\.code, "code", label: "Code")
            Field(\.label, "label", label: "Label")
        }
    }

    static let migrations = [
        Migration(
            name: "0001_tags",
            sql: "CREATE TABLE tags (code TEXT PRIMARY KEY NOT NULL, label TEXT NOT NULL UNIQUE CHECK (label <> '')) WITHOUT ROWID;")
    ]

    func seeded() throws -> DraftStore {
        let store = try DraftStore(path: nil, migrations: Self.migrations)
        try store.presentNew(Tag(code: "sea", label: "Sea")).save()
        return store
    }

    @Test func aUniqueRejectionNamesTheObjectByItsTextKey() throws {
        let store = try seeded()
        let item = try store.presentNew(Tag(code: "ocean", label: "Sea"))
        let error = try #require(throws: SaveError.self) { try item.save() }
        let rejection = try #require(error.rejections.first)
        #expect(rejection.kind == .unique && rejection.columns == ["label"])
        #expect(rejection.object == StoreRejection.Object(table: "tags", key: [.text("ocean")]))
        #expect(item.form.visibleErrors(for: "label").count == 1)
        #expect(try store.count(Tag.self) == 1)
    }

    @Test func aTakenTextKeyIsAPrimaryKeyRejectionOnTheKeyField() throws {
        let store = try seeded()
        let item = try store.presentNew(Tag(code: "sea", label: "Ocean"))
        let error = try #require(throws: SaveError.self) { try item.save() }
        let rejection = try #require(error.rejections.first)
        #expect(rejection.kind == .primaryKey && rejection.columns == ["code"])
        #expect(error.fieldErrors.first?.fields == ["code"])
        #expect(error.fieldErrors.first?.message == "Another tag already has this key; save it as a new one.")
        #expect(!item.canSave)
        #expect(try store.count(Tag.self) == 1)
        #expect(try store.fetch(Tag.self, key: "sea")?.label == "Sea")
    }
}
