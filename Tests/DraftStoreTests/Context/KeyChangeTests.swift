import DraftStore
import Foundation
import Testing

/// `labels(code TEXT PRIMARY KEY, name)` with `tags` referencing a label's code
/// (`ON UPDATE CASCADE`): a key a context never read, and an entity whose key was changed.
private struct KeyLabel: Entity {
    var code = ""
    var name = ""
    static let schema = EntitySchema<KeyLabel>(
        table: "labels", columns: [.primaryKey("code", \.code), .column("name", \.name, label: "Name")])
}

@Suite("Context: update of a key the context never read; a changed key")
struct KeyChangeTests {
    static let sql = """
        CREATE TABLE labels (code TEXT PRIMARY KEY, name TEXT NOT NULL);
        CREATE TABLE tags (id INTEGER PRIMARY KEY, label TEXT NOT NULL REFERENCES labels(code) ON UPDATE CASCADE);
        INSERT INTO labels VALUES ('k1', 'One'), ('k2', 'Two'), ('k3', 'Three');
        INSERT INTO tags (label) VALUES ('k1'), ('k2');
        """

    private func store() throws -> DraftStore {
        try DraftStore(path: nil, migrations: [Migration(name: "0001", sql: Self.sql)])
    }

    @Test("A fetched row given another row's key: update is refused, naming table and key; nothing is written, as SQLite refuses")
    func changedKeyToAnotherRow() throws {
        let store = try store()
        defer { store.close() }
        let mirror = try SQLMirror(store)
        let context = store.newChildContext()
        var row = try #require(try context.fetch(KeyLabel.self, key: "k1"))
        row.code = "k2"
        let error = try #require(throws: ContextError.self) { try context.update(row) }
        #expect(isKeyNotRead(error, table: "labels", key: "k2"))
        #expect(error.description.contains("#'k2'"))
        #expect(error.description.contains("delete(_:)") && error.description.contains("insert(_:)"))
        #expect(!context.hasChanges)
        #expect(try context.save().insertedIDs.isEmpty)
        // Plain SQL refuses the key another row has (PRIMARY KEY); both leave every table as it was.
        #expect(throws: SQLiteError.self) { try mirror.run("UPDATE labels SET code = 'k2' WHERE code = 'k1'", []) }
        try mirror.expectSameTables(as: store)
    }

    @Test("A key no row has: refused as not read, never worded as deleted; a key a row has but never read: refused, the row untouched")
    func keyNeverRead() throws {
        let store = try store()
        defer { store.close() }
        let mirror = try SQLMirror(store)
        let context = store.newChildContext()
        let nobody = try #require(throws: ContextError.self) { try context.update(KeyLabel(code: "k9", name: "Nine")) }
        #expect(isKeyNotRead(nobody, table: "labels", key: "k9"))
        #expect(!nobody.description.contains("deleted"))
        let unread = try #require(throws: ContextError.self) { try context.update(KeyLabel(code: "k2", name: "Overwritten")) }
        #expect(isKeyNotRead(unread, table: "labels", key: "k2"))
        #expect(!context.hasChanges)
        _ = try context.save()
        try mirror.expectSameTables(as: store)
        // Deleting a key no row has says so, without "deleted".
        let missing = try #require(throws: ContextError.self) { try context.delete(KeyLabel.self, key: "k9") }
        #expect(missing.description.contains("no row has this key"))
        #expect(!missing.description.contains("may have been deleted"))
    }

    @Test("Once read, the same update goes through: fetch, then update")
    func readThenUpdate() throws {
        let store = try store()
        defer { store.close() }
        let mirror = try SQLMirror(store)
        let context = store.newChildContext()
        _ = try context.fetch(KeyLabel.self, key: "k2")
        try context.update(KeyLabel(code: "k2", name: "Deux"))
        _ = try context.save()
        try mirror.run("UPDATE labels SET name = 'Deux' WHERE code = 'k2'")
        try mirror.expectSameTables(as: store)
    }

    @Test("Edit form: typing another row's key refuses the save on the key field and never changes that row, even when read")
    func editFormTypesAnotherKey() throws {
        let store = try store()
        defer { store.close() }
        let mirror = try SQLMirror(store)
        let item = try store.presentEdit(KeyLabel.self, key: "k1")
        // The item's context read k2 too (a list shown beside the form, say).
        _ = try item.context.fetch(KeyLabel.self, key: "k2")
        item.draft.code = "k2"
        item.draft.name = "Typed"
        #expect(try item.context.fetch(KeyLabel.self, key: "k2")?.name == "Two")
        #expect(!item.context.hasChanges)
        let error = try #require(throws: SaveError.self) { try item.save() }
        guard case let .invalid(errors) = error else {
            Issue.record("expected .invalid, got \(error)")
            return
        }
        #expect(errors.map(\.field) == ["code"])
        #expect(errors.map(\.code) == [.keyChanged])
        try mirror.expectSameTables(as: store)
        // Back to its own key, the edit saves.
        item.draft.code = "k1"
        _ = try item.save()
        try mirror.run("UPDATE labels SET name = 'Typed' WHERE code = 'k1'")
        try mirror.expectSameTables(as: store)
    }

    @Test(
        "Delete and insert under a new key, the operation the refusal names: saved as SQL's DELETE and INSERT; a taken key is SQLite's PRIMARY KEY refusal under the key field"
    )
    func deleteAndInsertUnderANewKey() throws {
        let store = try store()
        defer { store.close() }
        let mirror = try SQLMirror(store)
        let taken = store.newChildContext()
        var three = try #require(try taken.fetch(KeyLabel.self, key: "k3"))
        try taken.delete(three)
        three.code = "k2"
        try taken.insert(three)
        let error = try #require(throws: SaveError.self) { try taken.save() }
        guard case let .rejected(errors) = error else { throw error }
        #expect(errors.map(\.field) == ["code"])
        #expect(errors.first?.rejection?.kind == .primaryKey)
        #expect(throws: SQLiteError.self) {
            try mirror.run("BEGIN; DELETE FROM labels WHERE code = 'k3'; INSERT INTO labels VALUES ('k2', 'Three'); COMMIT;")
        }
        try mirror.run("ROLLBACK")
        try mirror.expectSameTables(as: store)

        let free = store.newChildContext()
        var moved = try #require(try free.fetch(KeyLabel.self, key: "k3"))
        try free.delete(moved)
        moved.code = "k4"
        try free.insert(moved)
        _ = try free.save()
        try mirror.run("DELETE FROM labels WHERE code = 'k3'; INSERT INTO labels VALUES ('k4', 'Three');")
        try mirror.expectSameTables(as: store)
    }
}

/// Whether `error` is ``ContextError/keyNotRead(entity:table:key:)`` for `key` of `table`.
func isKeyNotRead(_ error: ContextError, table: String, key: RowKey) -> Bool {
    if case .keyNotRead(_, table, key) = error { true } else { false }
}
