import DraftStore
import Foundation
import Testing

/// `parts(id, price, qty, total GENERATED … VIRTUAL, tag GENERATED … STORED)`.
private struct GeneratedPart: Entity {
    var id: Int64?
    var price: Int64 = 0
    var qty: Int64 = 0
    var total: Int64 = 0
    var tag = ""
    static let schema = EntitySchema<GeneratedPart>(
        table: "parts",
        columns: [
            .primaryKey("id", \.id), .column("price", \.price), .column("qty", \.qty), .column("total", \.total, label: "Total"),
            .column("tag", \.tag, label: "Tag"),
        ])
}

/// `nodes(id INTEGER PRIMARY KEY [AUTOINCREMENT], parent_id NOT NULL REFERENCES nodes(id), name)`.
private struct SelfNode: Entity {
    var id: Int64?
    var parentID: Int64 = 0
    var name = ""
    static let schema = EntitySchema<SelfNode>(
        table: "nodes", columns: [.primaryKey("id", \.id), .reference("parent_id", \.parentID, to: SelfNode.self), .column("name", \.name)])
}

/// `codes(code STRING PRIMARY KEY, label, extra)`: `STRING` is NUMERIC affinity, so `'12'` is stored as INTEGER 12.
private struct NumericCode: Entity {
    var code = ""
    var label = ""
    var extra = ""
    static let schema = EntitySchema<NumericCode>(
        table: "codes", columns: [.primaryKey("code", \.code), .column("label", \.label), .column("extra", \.extra)])
}

@Suite("Store: generated columns, a row referencing its own temporary key, integers in a String key")
struct ColumnKindEdgeTests {
    /// An in-memory store whose one migration is `sql`.
    private static func store(_ sql: String) throws -> DraftStore {
        try DraftStore(path: nil, migrations: [Migration(name: "0001", sql: sql)])
    }

    @Test("An edit of a generated column (virtual or stored) is refused under its field; SQLite refuses its UPDATE too")
    func generatedColumnEdit() throws {
        let store = try Self.store(
            """
                CREATE TABLE parts (id INTEGER PRIMARY KEY, price INTEGER NOT NULL, qty INTEGER NOT NULL,
                    total INTEGER GENERATED ALWAYS AS (price * qty) VIRTUAL,
                    tag TEXT GENERATED ALWAYS AS ('#' || id) STORED);
                INSERT INTO parts (id, price, qty) VALUES (1, 3, 4);
            """)
        defer { store.close() }
        let mirror = try SQLMirror(store)
        // A virtual column.
        let item = try store.presentEdit(GeneratedPart.self, id: 1)
        item.draft.total = 99
        let virtual = try #require(throws: SaveError.self) { try item.save() }
        guard case let .rejected(errors) = virtual else { throw virtual }
        #expect(errors.map(\.field) == ["total"])
        #expect(errors.map(\.code) == [.readOnly])
        #expect(errors.first?.rejection?.kind == .generated)
        #expect(throws: SQLiteError.self) { try mirror.run("UPDATE parts SET total = 99 WHERE id = 1", []) }
        try mirror.expectSameTables(as: store)
        try item.cancel()
        // A stored one.
        let stored = try store.presentEdit(GeneratedPart.self, id: 1)
        stored.draft.tag = "#edited"
        let error = try #require(throws: SaveError.self) { try stored.save() }
        guard case let .rejected(refused) = error else { throw error }
        #expect(refused.map(\.field) == ["tag"] && refused.map(\.code) == [.readOnly])
        #expect(throws: SQLiteError.self) { try mirror.run("UPDATE parts SET tag = '#edited' WHERE id = 1", []) }
        try mirror.expectSameTables(as: store)
        // Back to the computed value, with a change of price: saved, the generated columns read back.
        stored.draft.tag = "#1"
        stored.draft.price = 5
        #expect(try stored.save().total == 20)
        try mirror.run("UPDATE parts SET price = 5 WHERE id = 1")
        try mirror.expectSameTables(as: store)
    }

    @Test(
        "A new row whose self-reference holds its own temporary key is saved with its real id there, as SQLite does",
        arguments: ["", "AUTOINCREMENT"])
    func selfReferenceToOwnTemporaryKey(_ autoincrement: String) throws {
        let store = try Self.store(
            """
                CREATE TABLE nodes (id INTEGER PRIMARY KEY \(autoincrement), parent_id INTEGER NOT NULL REFERENCES nodes(id), name TEXT);
                INSERT INTO nodes VALUES (1, 1, 'root'), (2, 1, 'leaf'), (3, 1, 'gone');
                DELETE FROM nodes WHERE id = 3;
            """)
        defer { store.close() }
        let mirror = try SQLMirror(store)
        let context = store.newChildContext()
        var node = try context.insert(SelfNode(name: "own root"))
        node.parentID = node.id!
        try context.update(node)
        var child = try context.insert(SelfNode(parentID: node.id!, name: "child"))
        child.name = "child of own root"
        try context.update(child)
        let result = try context.save()
        // Plain SQL: SQLite chooses the id, and the row refers to it.
        try mirror.run(
            """
            PRAGMA defer_foreign_keys = ON;
            BEGIN;
            INSERT INTO nodes (parent_id, name) VALUES (-1, 'own root');
            UPDATE nodes SET parent_id = id WHERE id = last_insert_rowid();
            INSERT INTO nodes (parent_id, name) VALUES ((SELECT max(id) FROM nodes), 'child of own root');
            COMMIT;
            """)
        try mirror.expectSameTables(as: store)
        let real = try #require(result.insertedIDs[node.id!])
        #expect(try store.fetch(SelfNode.self, id: real)?.parentID == real)
        #expect(try store.fetch(SelfNode.self, id: real + 1)?.parentID == real)
    }

    @Test(
        "A STRING key (NUMERIC affinity) holding INTEGERs reads as text; read and written back it is no change; an edit saves as SQL does")
    func integerKeysInAStringProperty() throws {
        let store = try Self.store(
            """
                CREATE TABLE codes (code STRING PRIMARY KEY, label TEXT NOT NULL, extra);
                INSERT INTO codes VALUES ('12', 'twelve', 7), ('ab', 'letters', 'x');
            """)
        defer { store.close() }
        #expect(
            try store.withWriterConnection { try $0.scalar("SELECT typeof(code) || typeof(extra) FROM codes WHERE code = 12") }
                == .text("integerinteger"))
        let mirror = try SQLMirror(store)
        #expect(try store.fetch(FetchRequest<NumericCode>.all).map(\.code).sorted() == ["12", "ab"])
        let context = store.newChildContext()
        let twelve = try #require(try context.fetch(NumericCode.self, key: "12"))
        #expect(twelve.extra == "7")
        try context.update(twelve)
        #expect(!context.hasChanges)
        var edited = twelve
        edited.label = "Twelve"
        try context.update(edited)
        #expect(context.changeset().changes.count == 1)
        _ = try context.save()
        try mirror.run("UPDATE codes SET label = 'Twelve' WHERE code = '12'")
        try mirror.expectSameTables(as: store)
        let item = try store.presentEdit(NumericCode.self, key: "12")
        item.draft.label = "Douze"
        _ = try item.save()
        try mirror.run("UPDATE codes SET label = 'Douze' WHERE code = 12")
        try mirror.expectSameTables(as: store)
    }
}
