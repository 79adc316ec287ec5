import DraftStore
import DraftStoreTesting
import Testing

/// Joplin's notes, folders and tags: TEXT keys made by the app, NUMERIC coordinates, DEFAULT ""
/// columns; each operation compared with the same one in plain SQL on a copy.
@Suite struct JoplinTests {
    static let fixture = StoreFixture(migrations: Joplin.migrations, entities: Joplin.entities)

    @Test func fetchesByTextKeysAndTheImplicitRowID() throws {
        try Self.fixture.withEachKind { (test) throws in
            let context = test.newChildContext()
            #expect(try context.fetch(JoplinNote.self, key: RowKey(.text(Joplin.paris)))?.latitude == 48.8566)
            #expect(try context.fetch(JoplinNote.self, key: RowKey(.text(Joplin.packing)))?.latitude == 1.0)
            #expect(try context.fetch(Setting.self, key: "locale")?.value == "en_GB")
            #expect(try context.fetch(ProfileVersion.self, id: 1)?.version == 1)
            #expect(try context.fetch(JoplinFolder.self, key: RowKey(.text(Joplin.travel)))?.title == "Travel")
            #expect(try context.fetchAll(NoteTag.self).count == 1)
        }
    }

    @Test func presentEditSaveMatchesPlainSQL() throws {
        try Self.fixture.withEachKind { test in
            let mirror = try SQLMirror(test.store)
            let item = try test.store.presentEdit(JoplinNote.self, key: RowKey(.text(Joplin.packing)))
            item.draft.body = "- passport\n- adapter"
            item.draft.updatedTime = 1_600_000_000_100
            _ = try item.save()
            let version = try test.store.presentEdit(ProfileVersion.self, id: 1)
            version.draft.version = 2
            _ = try version.save()
            try mirror.run(
                "UPDATE notes SET body = ?, updated_time = 1600000000100 WHERE id = ?",
                [.text("- passport\n- adapter"), .text(Joplin.packing)])
            try mirror.run("UPDATE version SET version = 2")
            try mirror.expectSameTables(as: test.store)
        }
    }

    @Test func cancelRunsNoStatement() throws {
        try Self.fixture.withEachKind { test in
            let item = try test.store.presentEdit(Setting.self, key: "locale")
            item.draft.value = "fr_FR"
            let mirror = try SQLMirror(test.store)
            try expectNoStatements(test.store) { try item.cancel() }
            try mirror.expectSameTables(as: test.store)
        }
    }

    @Test func insertsAFolderWithNotesAndTagsByAppMadeKeys() throws {
        try Self.fixture.withEachKind { test in
            let mirror = try SQLMirror(test.store)
            let context = test.newChildContext()
            let folder = try context.insert(
                JoplinFolder(id: "f0000000000000000000000000000001", title: "Recipes", createdTime: 5, updatedTime: 5))
            #expect(!folder.hasTemporaryKey)
            try context.insert(
                JoplinNote(id: "n0000000000000000000000000000001", parentID: folder.id, title: "Bread", createdTime: 6, updatedTime: 6))
            try context.insert(JoplinTag(id: "t0000000000000000000000000000001", title: "baking", createdTime: 7, updatedTime: 7))
            try context.insert(
                NoteTag(
                    id: "l0000000000000000000000000000001", noteID: "n0000000000000000000000000000001",
                    tagID: "t0000000000000000000000000000001"))
            try context.insert(ProfileVersion(version: 99))
            try context.save()
            let note = try #require(try context.fetch(JoplinNote.self, key: "n0000000000000000000000000000001"))
            #expect(note.body == "" && note.latitude == 0 && note.isTodo == 0 && note.order == 0)
            try mirror.run(
                """
                INSERT INTO folders VALUES ('f0000000000000000000000000000001', 'Recipes', 5, 5);
                INSERT INTO notes (id, parent_id, title, created_time, updated_time) VALUES ('n0000000000000000000000000000001',
                    'f0000000000000000000000000000001', 'Bread', 6, 6);
                INSERT INTO tags VALUES ('t0000000000000000000000000000001', 'baking', 7, 7);
                INSERT INTO note_tags VALUES ('l0000000000000000000000000000001', 'n0000000000000000000000000000001',
                    't0000000000000000000000000000001', 0, 0);
                INSERT INTO version VALUES (99);
                """)
            try mirror.expectSameTables(as: test.store)
        }
    }

    /// Joplin's schema has no foreign keys: the app deletes a note's tag links itself, in the same save.
    @Test func deletesANoteWithItsTagLinks() throws {
        try Self.fixture.withEachKind { test in
            let mirror = try SQLMirror(test.store)
            let context = test.newChildContext()
            for link in try context.fetch(FetchRequest<NoteTag>.all.filter(\.noteID, equals: Joplin.paris)) { try context.delete(link) }
            try context.delete(JoplinNote.self, key: RowKey(.text(Joplin.paris)))
            try context.delete(ProfileVersion.self, id: 1)
            try context.save()
            try mirror.run("DELETE FROM note_tags WHERE note_id = ?", [.text(Joplin.paris)])
            try mirror.run("DELETE FROM notes WHERE id = ?", [.text(Joplin.paris)])
            try mirror.run("DELETE FROM version")
            try mirror.expectSameTables(as: test.store)
        }
    }

    @Test func constraintErrorsNameTheField() throws {
        try Self.fixture.withEachKind { test in
            let before = try SQLMirror(test.store)
            let missing = test.newChildContext()
            try missing.insert(Setting(key: "theme", value: "dark", type: nil))
            let required = rejectedFields { try missing.save() }
            #expect(required.flatMap(\.fields) == ["type"] && required.first?.code == .required)
            let twice = test.newChildContext()
            try twice.insert(SyncItem(id: 1, syncTarget: 7, itemType: 1, itemID: Joplin.paris))
            try twice.save()
            let other = test.newChildContext()
            try other.insert(SyncItem(id: 1, syncTarget: 7, itemType: 1, itemID: Joplin.packing))
            let duplicate = rejectedFields { try other.save() }
            #expect(duplicate.flatMap(\.fields) == ["id"] && duplicate.first?.code == .notUnique)
            try before.run("INSERT INTO sync_items (id, sync_target, item_type, item_id) VALUES (1, 7, 1, ?)", [.text(Joplin.paris)])
            try before.expectSameTables(as: test.store)
        }
    }
}
