import DraftStore
import Foundation
import Testing

/// `memos(id INTEGER PRIMARY KEY, title, body)`: a form edits a memo while another writer changes it.
private struct MergeMemo: Entity {
    var id: Int64?
    var title = ""
    var body = ""
    static let schema = EntitySchema<MergeMemo>(
        table: "memos", columns: [.primaryKey("id", \.id), .column("title", \.title, label: "Title"), .column("body", \.body)])
}

/// Undo never crosses a merge silently: after ``PresentedItem/rebase()`` or
/// ``PresentedItem/resolve(_:_:)`` the undo history is re-based over the store's values, so an
/// undo brings back what the person typed, or the row as the store has it now, never the base
/// the other writer replaced.
@Suite("Presentation: undo and redo after a merge")
struct UndoAfterMergeTests {
    /// A store (on a file) with memo #1 `Base`/`Body`, an edit item on it whose title the person
    /// typed as `Mine`, and another writer's change (its own connection) made after the item read the row.
    private func edited(theirs sql: String) throws -> (DraftStore, PresentedItem<MergeMemo>, URL) {
        let folder = try temporaryDirectory()
        let path = folder.appending(path: "memos.sqlite").path
        let store = try DraftStore(
            path: path,
            migrations: [
                Migration(name: "0001", sql: "CREATE TABLE memos (id INTEGER PRIMARY KEY, title TEXT NOT NULL, body TEXT NOT NULL)")
            ])
        try store.withWriterConnection { try $0.run("INSERT INTO memos VALUES (1, 'Base', 'Body')") }
        let item = try store.presentEdit(MergeMemo.self, id: 1)
        item.draft.title = "Mi"
        item.draft.title = "Mine"
        let other = try Connection(path: path)
        defer { other.close() }
        try other.execute(sql)
        return (store, item, folder)
    }

    private func stored(_ store: DraftStore) throws -> String? {
        if case let .text(row)? = try store.withWriterConnection({ try $0.scalar("SELECT title || '/' || body FROM memos WHERE id = 1") }) {
            return row
        }
        return nil
    }

    @Test("rebase, undo: the title goes back to theirs (not the old base), and save writes theirs")
    func rebaseThenUndo() throws {
        let (store, item, folder) = try edited(theirs: "UPDATE memos SET title = 'Theirs' WHERE id = 1")
        defer {
            store.close()
            try? FileManager.default.removeItem(at: folder)
        }
        #expect(try item.rebase()?.fields.map(\.name) == ["title"])
        #expect(item.draft.title == "Mine")
        item.undo()
        #expect(item.draft.title == "Theirs")
        #expect(!item.canUndo)
        _ = try item.save()
        #expect(try stored(store) == "Theirs/Body")
    }

    @Test("rebase, undo, redo: redo brings back what the person typed, written over theirs")
    func rebaseUndoRedo() throws {
        let (store, item, folder) = try edited(theirs: "UPDATE memos SET title = 'Theirs' WHERE id = 1")
        defer {
            store.close()
            try? FileManager.default.removeItem(at: folder)
        }
        try item.rebase()
        item.undo()
        item.redo()
        #expect(item.draft.title == "Mine")
        _ = try item.save()
        #expect(try stored(store) == "Mine/Body")
    }

    @Test("rebase takes theirs for a field the person did not edit; undo of the title keeps theirs there")
    func rebaseOtherFieldThenUndo() throws {
        let (store, item, folder) = try edited(theirs: "UPDATE memos SET body = 'Their body' WHERE id = 1")
        defer {
            store.close()
            try? FileManager.default.removeItem(at: folder)
        }
        #expect(try item.rebase() == nil)
        #expect(item.draft.body == "Their body")
        item.undo()
        #expect(item.draft.title == "Base")
        #expect(item.draft.body == "Their body")
        _ = try item.save()
        // Nothing of mine is left: the row is as the other writer left it.
        #expect(try stored(store) == "Base/Their body")
        item.redo()  // the item is finished: nothing happens, nothing is written
        #expect(try stored(store) == "Base/Their body")
    }

    @Test("resolve takeTheirs, undo: what the person typed; undo again: theirs; redo and save: typed over theirs")
    func takeTheirsUndoRedo() throws {
        let (store, item, folder) = try edited(theirs: "UPDATE memos SET title = 'Theirs' WHERE id = 1")
        defer {
            store.close()
            try? FileManager.default.removeItem(at: folder)
        }
        try item.resolve(\.title, .takeTheirs)
        #expect(item.draft.title == "Theirs")
        item.undo()
        #expect(item.draft.title == "Mine")
        item.undo()
        #expect(item.draft.title == "Theirs")
        item.redo()
        #expect(item.draft.title == "Mine")
        _ = try item.save()
        #expect(try stored(store) == "Mine/Body")
    }

    @Test("resolve takeTheirs, undo twice, save: theirs is kept, the old base is never written")
    func takeTheirsUndoToStart() throws {
        let (store, item, folder) = try edited(theirs: "UPDATE memos SET title = 'Theirs' WHERE id = 1")
        defer {
            store.close()
            try? FileManager.default.removeItem(at: folder)
        }
        try item.resolve(\.title, .takeTheirs)
        item.undo()
        item.undo()
        #expect(!item.canUndo)
        _ = try item.save()
        #expect(try stored(store) == "Theirs/Body")
    }

    @Test("resolve keepMine, undo: theirs (the new base), save keeps theirs; redo: mine, saved over theirs")
    func keepMineUndoRedo() throws {
        let (store, item, folder) = try edited(theirs: "UPDATE memos SET title = 'Theirs', body = 'Their body' WHERE id = 1")
        defer {
            store.close()
            try? FileManager.default.removeItem(at: folder)
        }
        try item.resolve(\.title, .keepMine)
        item.undo()
        #expect(item.draft.title == "Theirs")
        // The body was not resolved: its base is still the one read, and its change is theirs.
        #expect(item.draft.body == "Body")
        item.redo()
        #expect(item.draft.title == "Mine")
        _ = try item.save()
        #expect(try stored(store) == "Mine/Their body")
    }

    @Test("resolve keepMine, undo, save: theirs is what is stored")
    func keepMineUndoSave() throws {
        let (store, item, folder) = try edited(theirs: "UPDATE memos SET title = 'Theirs' WHERE id = 1")
        defer {
            store.close()
            try? FileManager.default.removeItem(at: folder)
        }
        try item.resolve(\.title, .keepMine)
        item.undo()
        _ = try item.save()
        #expect(try stored(store) == "Theirs/Body")
    }
}
