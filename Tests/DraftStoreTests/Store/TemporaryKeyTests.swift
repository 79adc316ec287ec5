import DraftStore
import Foundation
import Testing

/// The tests' own schema for temporary keys: pictures and tags, joined by a table without
/// FOREIGN KEY clauses (`image_tags`, as many real schemas keep relations), one with them but
/// no declaration in its entity (`image_tags_fk`), a one-to-one child keyed by its parent's key
/// (`image_info`), and a child whose foreign key is not declared beside a plain number (`captions`).
enum TemporaryKeySchema {
    static let migrations = [
        Migration(
            name: "0001_pictures",
            sql: """
                CREATE TABLE images(id INTEGER PRIMARY KEY, title TEXT NOT NULL);
                CREATE TABLE tags(id INTEGER PRIMARY KEY, label TEXT NOT NULL);
                CREATE TABLE image_tags(image_id INTEGER NOT NULL, tag_id INTEGER NOT NULL, PRIMARY KEY (image_id, tag_id));
                CREATE TABLE image_labels(image_id INTEGER NOT NULL, tag_id INTEGER NOT NULL, PRIMARY KEY (image_id, tag_id));
                CREATE TABLE image_tags_fk(
                    image_id INTEGER NOT NULL REFERENCES images ON DELETE CASCADE,
                    tag_id INTEGER NOT NULL REFERENCES tags(id),
                    PRIMARY KEY (image_id, tag_id));
                CREATE TABLE image_info(image_id INTEGER PRIMARY KEY REFERENCES images ON DELETE CASCADE, width INTEGER NOT NULL);
                CREATE TABLE captions(id INTEGER PRIMARY KEY, image_id INTEGER REFERENCES images, body TEXT NOT NULL, score INTEGER);
                """)
    ]

    static let tables = ["images", "tags", "image_tags", "image_labels", "image_tags_fk", "image_info", "captions"]

    static func open(_ path: String?) throws -> DraftStore {
        var configuration = DraftStore.Configuration()
        configuration.entities = [
            Picture.self, PictureTag.self, ImageTag.self, ImageLabel.self, ImageTagFK.self, ImageInfo.self, Caption.self,
        ]
        return try DraftStore(path: path, migrations: migrations, configuration: configuration)
    }

    /// Every row of the schema's tables, as plain SQL reads them, by table.
    static func contents(_ connection: Connection) throws -> [String: [[SQLiteValue]]] {
        var result: [String: [[SQLiteValue]]] = [:]
        for table in tables {
            result[table] = try connection.fetch("SELECT * FROM \(table) ORDER BY 1, 2") { row in
                try (0..<Int32(row.count)).map { try row.value(at: $0) }
            }
        }
        return result
    }
}

struct Picture: Entity, Equatable {
    var id: Int64?
    var title = ""
    static let schema = EntitySchema<Picture>(table: "images", columns: [.primaryKey("id", \.id), .column("title", \.title)])
}

struct PictureTag: Entity, Equatable {
    var id: Int64?
    var label = ""
    static let schema = EntitySchema<PictureTag>(table: "tags", columns: [.primaryKey("id", \.id), .column("label", \.label)])
}

/// `image_tags` with no FOREIGN KEY clause and no declared reference: its keys are plain numbers.
struct ImageTag: Entity, Equatable {
    var imageID: Int64 = 0
    var tagID: Int64 = 0
    static let schema = EntitySchema<ImageTag>(
        table: "image_tags", columns: [.primaryKey("image_id", \.imageID), .primaryKey("tag_id", \.tagID)])
}

/// `image_labels`, no FOREIGN KEY clause either, but its columns declared as references.
struct ImageLabel: Entity, Equatable {
    var imageID: Int64 = 0
    var tagID: Int64 = 0
    static let schema = EntitySchema<ImageLabel>(
        table: "image_labels",
        columns: [
            .primaryKey("image_id", \.imageID, references: Picture.self), .primaryKey("tag_id", \.tagID, references: PictureTag.self),
        ])
}

/// `image_tags_fk`: FOREIGN KEY clauses in the schema, none declared in the entity.
struct ImageTagFK: Entity, Equatable {
    var imageID: Int64 = 0
    var tagID: Int64 = 0
    static let schema = EntitySchema<ImageTagFK>(
        table: "image_tags_fk", columns: [.primaryKey("image_id", \.imageID), .primaryKey("tag_id", \.tagID)])
}

/// `image_info`: one-to-one, keyed by its image's key (a foreign key of the schema, not declared).
struct ImageInfo: Entity, Equatable {
    var imageID: Int64?
    var width: Int64 = 0
    static let schema = EntitySchema<ImageInfo>(
        table: "image_info", columns: [.primaryKey("image_id", \.imageID), .column("width", \.width)])
}

/// `captions`: `image_id` is a foreign key of the schema (not declared); `score` is a plain number.
struct Caption: Entity, Equatable {
    var id: Int64?
    var imageID: Int64?
    var body = ""
    var score: Int64?
    static let schema = EntitySchema<Caption>(
        table: "captions",
        columns: [.primaryKey("id", \.id), .column("image_id", \.imageID), .column("body", \.body), .column("score", \.score)])
}

/// Issue 27, item 3: a temporary key is never written as data. Columns known to hold a
/// reference — declared, or a foreign key of the schema, a one-to-one child's key included —
/// get the real key; any other column that holds a temporary key of the same save is refused
/// before anything is written, naming `table.column`; a real negative number is left alone.
@Suite("Store: temporary keys are never data")
struct TemporaryKeyTests {
    /// The plain SQL a save of one picture with its tag, links, info and caption amounts to.
    static let plainSQL = """
        INSERT INTO images(title) VALUES ('sunset');
        INSERT INTO tags(label) VALUES ('sky');
        INSERT INTO image_labels VALUES ((SELECT max(id) FROM images), (SELECT max(id) FROM tags));
        INSERT INTO image_tags_fk VALUES ((SELECT max(id) FROM images), (SELECT max(id) FROM tags));
        INSERT INTO image_info VALUES ((SELECT max(id) FROM images), 640);
        INSERT INTO captions(image_id, body, score) VALUES ((SELECT max(id) FROM images), 'red sky', -7);
        """

    @Test("Declared references, undeclared foreign keys and a one-to-one key get the real keys, as plain SQL writes them")
    func remappedAsPlainSQL() throws {
        try TemporaryFolder.with { folder in
            let path = folder.path("pictures.sqlite")
            try TemporaryKeySchema.open(path).close()
            let copy = folder.path("plain.sqlite")
            try FileManager.default.copyItem(atPath: path, toPath: copy)
            let store = try TemporaryKeySchema.open(path)
            defer { store.close() }
            // A row already there, so that the new keys differ from the first temporary ones' magnitudes.
            let seed = store.newChildContext()
            try seed.insert(Picture(title: "old"))
            try seed.save()
            let context = store.newChildContext()
            let picture = try context.insert(Picture(title: "sunset"))
            let tag = try context.insert(PictureTag(label: "sky"))
            let (image, label) = (picture.id!, tag.id!)
            #expect(image < 0 && label < 0)
            try context.insert(ImageLabel(imageID: image, tagID: label))
            try context.insert(ImageTagFK(imageID: image, tagID: label))
            try context.insert(ImageInfo(imageID: image, width: 640))
            // -7 is a real number: no temporary key of this save has that value.
            try context.insert(Caption(imageID: image, body: "red sky", score: -7))
            let result = try context.save()
            let realImage = try #require(result.insertedIDs[image])
            #expect(realImage == 2)
            // The context holds the real keys too.
            #expect(try context.fetch(ImageInfo.self, id: realImage) == ImageInfo(imageID: realImage, width: 640))
            #expect(
                try context.fetchAll(ImageTagFK.self) == [ImageTagFK(imageID: realImage, tagID: try #require(result.insertedIDs[label]))])
            let plain = try Connection(path: copy)
            defer { plain.close() }
            try plain.execute("INSERT INTO images(title) VALUES ('old');" + Self.plainSQL)
            let stored = try store.withWriterConnection { try TemporaryKeySchema.contents($0) }
            #expect(stored == (try TemporaryKeySchema.contents(plain)))
        }
    }

    @Test("A join table without FOREIGN KEY clauses and no declaration is refused, naming image_tags.image_id; nothing is written")
    func undeclaredJoinRefused() throws {
        let store = try TemporaryKeySchema.open(nil)
        defer { store.close() }
        let context = store.newChildContext()
        let picture = try context.insert(Picture(title: "sunset"))
        let tag = try context.insert(PictureTag(label: "sky"))
        try context.insert(ImageTag(imageID: picture.id!, tagID: tag.id!))
        do {
            try context.save()
            Issue.record("saved: \(try store.withWriterConnection { try TemporaryKeySchema.contents($0) })")
        } catch let SaveError.rejected(errors) {
            let columns = errors.compactMap { $0.rejection.map { "\($0.table).\($0.columns.joined())" } }
            #expect(Set(columns) == ["image_tags.image_id", "image_tags.tag_id"])
            #expect(errors.allSatisfy { $0.rejection?.kind == .temporaryKey })
            let message = errors[0].message
            #expect(message.contains("image_tags.image_id") || message.contains("image_tags.tag_id"), "\(message)")
            #expect(message.contains("reference") && message.contains("FOREIGN KEY"), "\(message)")
        }
        // Nothing written, the draft intact: declared as a reference, the same rows save.
        #expect(try store.withWriterConnection { try TemporaryKeySchema.contents($0) }.values.allSatisfy(\.isEmpty))
        #expect(try context.fetchAll(ImageTag.self).count == 1)
        try context.delete(ImageTag.self, key: RowKey(values: [.integer(picture.id!), .integer(tag.id!)]))
        try context.insert(ImageLabel(imageID: picture.id!, tagID: tag.id!))
        try context.save()
        #expect(try store.fetch(FetchRequest<ImageLabel>.all) == [ImageLabel(imageID: 1, tagID: 1)])
    }

    @Test(
        "The app gives a new picture a rowid of its choosing: references follow it, a plain column holding the old temporary key is refused"
    )
    func chosenRowidAfterTemporaryKey() throws {
        let store = try TemporaryKeySchema.open(nil)
        defer { store.close() }
        // A stored picture #4 with a label: the new picture passes through key 4 on its way to 42.
        try store.withWriterConnection { try $0.execute("INSERT INTO images VALUES (4, 'four'); INSERT INTO image_labels VALUES (4, 9);") }
        let mirror = try SQLMirror(store)
        let item = try store.presentNew(Picture(title: "sunset"))
        #expect(try item.context.fetchAll(ImageLabel.self) == [ImageLabel(imageID: 4, tagID: 9)])
        let temporary = try #require(item.draft.id)
        try item.insertRelated(ImageLabel(imageID: temporary, tagID: 5))
        try item.insertRelated(Caption(imageID: temporary, body: "by id", score: temporary))
        item.draft.id = 4  // taken: refused at save, and typed on
        item.draft.id = 42
        // The caption's score is a plain number holding the key the picture no longer has: never stored.
        #expect {
            try item.save()
        } throws: { error in
            guard case let SaveError.rejected(errors) = error else { return false }
            return errors.compactMap(\.rejection).map { "\($0.kind) \($0.table).\($0.columns.joined())" } == ["temporaryKey captions.score"]
        }
        try mirror.expectSameTables(as: store)
        // With the score a real number, the label's and caption's references take the chosen rowid, as plain SQL writes them.
        let captions = try item.context.fetchAll(Caption.self)
        var caption = try #require(captions.first)
        #expect(caption.imageID == 42)
        #expect(try item.context.fetchAll(ImageLabel.self) == [ImageLabel(imageID: 4, tagID: 9), ImageLabel(imageID: 42, tagID: 5)])
        caption.score = 3
        try item.context.update(caption)
        _ = try item.save()
        try mirror.run("INSERT INTO images(id, title) VALUES (42, 'sunset')")
        try mirror.run("INSERT INTO image_labels VALUES (42, 5)")
        try mirror.run("INSERT INTO captions(image_id, body, score) VALUES (42, 'by id', 3)")
        try mirror.expectSameTables(as: store)
    }

    @Test("A plain column holding a temporary key of the save is refused; a real negative number is stored")
    func plainColumn() throws {
        let store = try TemporaryKeySchema.open(nil)
        defer { store.close() }
        let context = store.newChildContext()
        let picture = try context.insert(Picture(title: "sunset"))
        try context.insert(Caption(imageID: picture.id!, body: "scored by id", score: picture.id!))
        #expect {
            try context.save()
        } throws: { error in
            guard case let SaveError.rejected(errors) = error, let rejection = errors.first?.rejection else { return false }
            return errors.count == 1 && rejection.table == "captions" && rejection.columns == ["score"] && errors[0].field == "score"
        }
        #expect(try store.count(Picture.self) == 0)
        // An update that writes the temporary key into a plain column is refused too.
        var caption = try #require(try context.fetchAll(Caption.self).first)
        caption.score = -1000
        try context.update(caption)
        try context.save()
        #expect(try store.fetch(FetchRequest<Caption>.all).map(\.score) == [-1000])
        let other = store.newChildContext()
        let second = try other.insert(Picture(title: "second"))
        var stored = try #require(try other.fetchAll(Caption.self).first)
        stored.score = second.id!
        try other.update(stored)
        #expect(throws: SaveError.self) { try other.save() }
        #expect(try store.fetch(FetchRequest<Caption>.all).map(\.score) == [-1000])
    }

    @Test("A journaled add with its one-to-one child restores keyed by the parent, and saves under the real key")
    func journaledOneToOne() throws {
        try TemporaryFolder.with { folder in
            let path = folder.path("pictures.sqlite")
            let id: UUID
            do {
                let store = try TemporaryKeySchema.open(path)
                let item = try store.presentNew(Picture(title: "journaled"), journal: true)
                try item.insertRelated(ImageInfo(imageID: item.draft.id, width: 320))
                store.flushDraftJournal()
                id = item.id
                store.close()
            }
            let store = try TemporaryKeySchema.open(path)
            defer { store.close() }
            let item = try store.restoreDraft(Picture.self, id: id, related: [ImageInfo.self])
            let key = try #require(item.draft.id)
            #expect(try item.context.fetch(ImageInfo.self, id: key) == ImageInfo(imageID: key, width: 320))
            try item.save()
            let saved = try #require(try store.fetch(FetchRequest<Picture>.all).first?.id)
            #expect(try store.fetch(FetchRequest<ImageInfo>.all) == [ImageInfo(imageID: saved, width: 320)])
        }
    }
}
