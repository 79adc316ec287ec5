import DraftStore
import Foundation
import Testing

/// `shelves(code TEXT PRIMARY KEY, title, note DEFAULT 'fresh')` — `note` is a column the entity
/// leaves out — with `slots` referencing a shelf `ON DELETE CASCADE` (a table no entity declares)
/// and a trigger that logs each DELETE and INSERT of a shelf: what a re-insert of a deleted key
/// runs is seen in every table.
private struct Shelf: Entity {
    var code = ""
    var title = ""
    static let schema = EntitySchema<Shelf>(
        table: "shelves", columns: [.primaryKey("code", \.code), .column("title", \.title, label: "Title")])
}

@Suite("Context: a key deleted in a context inserted again is saved as SQLite's DELETE then INSERT")
struct ReinsertTests {
    static let sql = """
        CREATE TABLE shelves (code TEXT PRIMARY KEY, title TEXT NOT NULL, note TEXT NOT NULL DEFAULT 'fresh');
        CREATE TABLE slots (id INTEGER PRIMARY KEY, shelf TEXT NOT NULL REFERENCES shelves(code) ON DELETE CASCADE);
        CREATE TABLE shelf_log (what TEXT NOT NULL);
        CREATE TRIGGER shelves_deleted AFTER DELETE ON shelves BEGIN INSERT INTO shelf_log VALUES ('delete ' || old.code); END;
        CREATE TRIGGER shelves_inserted AFTER INSERT ON shelves BEGIN INSERT INTO shelf_log VALUES ('insert ' || new.code); END;
        CREATE TRIGGER shelves_updated AFTER UPDATE ON shelves BEGIN INSERT INTO shelf_log VALUES ('update ' || new.code); END;
        INSERT INTO shelves VALUES ('a', 'Attic', 'kept'), ('b', 'Basement', 'kept');
        INSERT INTO slots (shelf) VALUES ('a'), ('a'), ('b');
        DELETE FROM shelf_log;
        """

    private func store() throws -> DraftStore {
        try DraftStore(path: nil, migrations: [Migration(name: "0001", sql: Self.sql)])
    }

    @Test("delete + insert of one key: the child rows cascade, the left-out column takes its default, the triggers log both")
    func deleteThenInsert() throws {
        let store = try store()
        defer { store.close() }
        let mirror = try SQLMirror(store)
        let context = store.newChildContext()
        try context.delete(Shelf.self, key: "a")
        _ = try context.insert(Shelf(code: "a", title: "Annex"))
        #expect(try context.fetch(Shelf.self, key: "a")?.title == "Annex")
        #expect(!context.isDeleted(Shelf.self, key: "a"))
        let kinds = context.changeset().changes.map { "\($0.kind) \($0.key)" }
        #expect(kinds == ["delete 'a'", "insert 'a'"])
        _ = try context.save()
        #expect(!context.hasChanges)
        #expect(try context.fetch(Shelf.self, key: "a")?.title == "Annex")
        try mirror.run("DELETE FROM shelves WHERE code = 'a'")
        try mirror.run("INSERT INTO shelves (code, title) VALUES ('a', 'Annex')")
        try mirror.expectSameTables(as: store)
    }

    @Test("insert, then delete again, then rollback: each step is the row SQLite would show; rollback restores the read row")
    func reinsertUndone() throws {
        let store = try store()
        defer { store.close() }
        let mirror = try SQLMirror(store)
        let context = store.newChildContext()
        try context.delete(Shelf.self, key: "b")
        _ = try context.insert(Shelf(code: "b", title: "Barn"))
        // Deleting the new row leaves the stored row deleted (not restored, not forgotten).
        try context.delete(Shelf.self, key: "b")
        #expect(context.isDeleted(Shelf.self, key: "b"))
        #expect(context.changeset().changes.map { "\($0.kind) \($0.key)" } == ["delete 'b'"])
        // An update of the new row before the save is the inserted values.
        _ = try context.insert(Shelf(code: "b", title: "Barn"))
        try context.update(Shelf(code: "b", title: "Byre"))
        context.rollback()
        #expect(!context.hasChanges)
        #expect(try context.fetch(Shelf.self, key: "b")?.title == "Basement")
        _ = try context.save()
        try mirror.expectSameTables(as: store)

        try context.delete(Shelf.self, key: "b")
        _ = try context.insert(Shelf(code: "b", title: "Barn"))
        try context.update(Shelf(code: "b", title: "Byre"))
        _ = try context.save()
        try mirror.run("DELETE FROM shelves WHERE code = 'b'")
        try mirror.run("INSERT INTO shelves (code, title) VALUES ('b', 'Byre')")
        try mirror.expectSameTables(as: store)
    }

    @Test("through a parent context: the child's delete + insert reaches the parent and then the store as DELETE, INSERT")
    func throughParent() throws {
        let store = try store()
        defer { store.close() }
        let mirror = try SQLMirror(store)
        let parent = store.newChildContext()
        let child = parent.newChildContext()
        try child.delete(Shelf.self, key: "a")
        _ = try child.insert(Shelf(code: "a", title: "Annex"))
        _ = try child.save()
        #expect(try parent.fetch(Shelf.self, key: "a")?.title == "Annex")
        #expect(parent.changeset().changes.map { "\($0.kind) \($0.key)" } == ["delete 'a'", "insert 'a'"])
        // The parent deletes the new row: the stored row stays deleted.
        let grandchild = parent.newChildContext()
        try grandchild.delete(Shelf.self, key: "a")
        _ = try grandchild.save()
        #expect(parent.changeset().changes.map { "\($0.kind) \($0.key)" } == ["delete 'a'"])
        _ = try parent.insert(Shelf(code: "a", title: "Annex"))
        _ = try parent.save()
        try mirror.run("DELETE FROM shelves WHERE code = 'a'")
        try mirror.run("INSERT INTO shelves (code, title) VALUES ('a', 'Annex')")
        try mirror.expectSameTables(as: store)
    }

    @Test("the stored row changed elsewhere since it was read: the delete is a conflict, nothing written")
    func conflictOnTheDelete() throws {
        let store = try store()
        defer { store.close() }
        let context = store.newChildContext()
        try context.delete(Shelf.self, key: "a")
        _ = try context.insert(Shelf(code: "a", title: "Annex"))
        try store.withWriterConnection { try $0.run("UPDATE shelves SET title = 'Loft' WHERE code = 'a'") }
        let mirror = try SQLMirror(store)
        #expect(throws: SaveError.self) { try context.save() }
        try mirror.expectSameTables(as: store)
        #expect(context.hasChanges)
    }

    @Test("an add form whose key is typed to a row deleted in its context, then typed away: that row stays deleted")
    func typedKeyAwayFromDeletedRow() throws {
        let store = try store()
        defer { store.close() }
        let mirror = try SQLMirror(store)
        let item = try store.presentNew(Shelf())
        try item.context.delete(Shelf.self, key: "b")
        item.draft.title = "Cellar"
        item.draft.code = "b"
        item.draft.code = "c"
        _ = try item.save()
        try mirror.run("DELETE FROM shelves WHERE code = 'b'")
        try mirror.run("INSERT INTO shelves (code, title) VALUES ('c', 'Cellar')")
        try mirror.expectSameTables(as: store)
    }

    @Test("a journaled add form that replaced a deleted row: restored after the store closed, it saves DELETE then INSERT")
    func journalRestoresTheReplacement() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "reinsert-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appending(path: "shelves.sqlite").path
        var configuration = DraftStore.Configuration()
        configuration.journalsDrafts = true
        let open = { try DraftStore(path: path, migrations: [Migration(name: "0001", sql: Self.sql)], configuration: configuration) }
        let id: UUID
        do {
            let store = try open()
            let item = try store.presentNew(Shelf())
            try item.context.delete(Shelf.self, key: "a")
            item.draft.code = "a"
            item.draft.title = "Annex"
            id = item.id
            store.close()
        }
        let store = try open()
        defer { store.close() }
        let mirror = try SQLMirror(store)
        let item = try store.restoreDraft(Shelf.self, id: id)
        #expect(item.context.changeset().changes.map { "\($0.kind) \($0.key)" } == ["delete 'a'", "insert 'a'"])
        _ = try item.save()
        try mirror.run("DELETE FROM shelves WHERE code = 'a'")
        try mirror.run("INSERT INTO shelves (code, title) VALUES ('a', 'Annex')")
        try mirror.run("DELETE FROM draftstore_drafts")  // the save deletes the entry in its transaction
        try mirror.expectSameTables(as: store)
    }
}
