import DraftStore
import DraftStoreTesting
import Foundation
import Testing

extension ImageInfo {
    /// The one-to-one relationship: `image_info.image_id` is its key and a foreign key of the schema.
    static let image = ToOne<ImageInfo, Picture>(\.imageID)
}

/// Issue 29: a one-to-one child keyed by its parent's new key (`image_info(image_id PRIMARY KEY
/// REFERENCES images)`) is inserted in the same save as its parent: its key column carries the
/// parent's temporary key until the save remaps it, in one transaction, as plain SQL writes it.
@Suite struct OneToOneSaveTests {
    @Test func parentAndOneToOneChildInOneTransactionAsPlainSQL() throws {
        try TemporaryFolder.with { folder in
            let path = folder.path("pictures.sqlite")
            try TemporaryKeySchema.open(path).close()
            let copy = folder.path("plain.sqlite")
            try FileManager.default.copyItem(atPath: path, toPath: copy)
            let store = try TemporaryKeySchema.open(path)
            defer { store.close() }
            let context = store.newChildContext()
            let picture = try context.insert(Picture(title: "harbour"))
            let temporary = try #require(picture.id)
            let info = try context.insert(ImageInfo(imageID: temporary, width: 1024))
            // Navigated before the save: the child's key is its parent's temporary key.
            #expect(try context.parent(of: info, ImageInfo.image) == picture)
            #expect(try context.children(of: picture, ImageInfo.image.inverse) == [info])
            let (result, statements) = try StatementRecorder.record(store) { try context.save() }
            #expect(StatementRecorder.transactionCount(statements) == 1)
            let real = try #require(result.insertedIDs[temporary])
            #expect(try context.fetch(ImageInfo.self, id: real) == ImageInfo(imageID: real, width: 1024))
            let plain = try Connection(path: copy)
            defer { plain.close() }
            try plain.execute(
                """
                BEGIN;
                INSERT INTO images(title) VALUES ('harbour');
                INSERT INTO image_info VALUES (last_insert_rowid(), 1024);
                COMMIT;
                """)
            let stored = try store.withWriterConnection { try TemporaryKeySchema.contents($0) }
            #expect(stored == (try TemporaryKeySchema.contents(plain)))
        }
    }
}
