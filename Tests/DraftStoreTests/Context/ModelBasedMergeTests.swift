import DraftStore
import Foundation
import Testing

/// `notes(id INTEGER PRIMARY KEY, title, body)`: the rows of the merge model.
private struct MergeNote: Entity {
    var id: Int64?
    var title = ""
    var body = ""
    static let schema = EntitySchema<MergeNote>(
        table: "notes", columns: [.primaryKey("id", \.id), .column("title", \.title), .column("body", \.body)])
}

/// A note's fields as the model holds them: `[title, body]`.
private typealias NoteFields = [String]

/// The reference model of one editor over the notes: the database, and the editor's base,
/// draft and undo / redo steps, with the rules of ``PresentedItem``: a merge re-bases the
/// steps (a step that held the old base of a field holds the new one), a save writes the
/// fields edited since the base unless another writer changed one of them differently.
private struct MergeModel {
    var database: [Int64: NoteFields] = [:]
    var id: Int64 = 0
    var base: NoteFields = []
    var draft: NoteFields = []
    var undo: [NoteFields] = []
    var redo: [NoteFields] = []

    mutating func open(_ id: Int64) {
        self.id = id
        base = database[id]!
        draft = base
        undo = []
        redo = []
    }

    mutating func edit(_ field: Int, to value: String) {
        guard draft[field] != value else { return }
        undo.append(draft)
        redo = []
        draft[field] = value
    }

    /// Moves the base of `fields` to the database's values, re-basing every step.
    mutating func moveBase(_ fields: [Int]) {
        let theirs = database[id]!
        for field in fields where base[field] != theirs[field] {
            for index in undo.indices where undo[index][field] == base[field] { undo[index][field] = theirs[field] }
            for index in redo.indices where redo[index][field] == base[field] { redo[index][field] = theirs[field] }
            base[field] = theirs[field]
        }
    }

    mutating func rebase() {
        let theirs = database[id]!
        let edited = draft.indices.filter { draft[$0] != base[$0] }
        moveBase(Array(draft.indices))
        for field in draft.indices where !edited.contains(field) { draft[field] = theirs[field] }
    }

    /// An undo (or, with the stacks swapped, a redo): the last step of `from` becomes the draft,
    /// the draft a step of `to`; nothing when `from` is empty.
    static func step(from: inout [NoteFields], to: inout [NoteFields], draft: inout NoteFields) {
        guard let previous = from.popLast() else { return }
        to.append(draft)
        draft = previous
    }

    /// The fields a save would find in conflict.
    var conflicts: [Int] {
        let theirs = database[id]!
        return draft.indices.filter { draft[$0] != base[$0] && theirs[$0] != base[$0] && theirs[$0] != draft[$0] }
    }

    mutating func save() {
        for field in draft.indices where draft[field] != base[field] { database[id]![field] = draft[field] }
    }
}

/// The model-based random test's merge, undo and key steps: an editor on one note, other
/// writers changing notes, `rebase()`, `resolve(_:_:)`, undo, redo, save, and key changes
/// (refused through `update`, done as delete and insert, refused by SQLite on a taken key).
@Suite("Context: model-based random test of merges, undo and keys")
struct ModelBasedMergeTests {
    @Test(
        "random edits / other writers / rebase / resolve / undo / redo / save / key changes match the model",
        arguments: [1 as UInt64, 2, 3])
    func randomMergeSequences(seed: UInt64) throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appending(path: "notes.sqlite").path
        let store = try DraftStore(
            path: path,
            migrations: [
                Migration(
                    name: "0001",
                    sql: """
                        CREATE TABLE notes (id INTEGER PRIMARY KEY, title TEXT NOT NULL, body TEXT NOT NULL);
                        INSERT INTO notes VALUES (1, 'a', 'b'), (2, 'c', 'd'), (3, 'e', 'f');
                        """)
            ])
        defer { store.close() }
        // The other writer: a connection of its own, whose commits the store learns of as another process's.
        let other = try Connection(path: path)
        defer { other.close() }
        var random = SplitMix64(state: seed)
        var model = MergeModel(database: [1: ["a", "b"], 2: ["c", "d"], 3: ["e", "f"]])
        var item = try store.presentEdit(MergeNote.self, id: 1)
        model.open(1)
        var counter = 0
        let paths: [WritableKeyPath<MergeNote, String>] = [\.title, \.body]
        for step in 0..<1_500 {
            counter += 1
            let field = Int.random(in: 0..<2, using: &random)
            let value = Int.random(in: 0..<3, using: &random) == 0 ? ["a", "b", "c"].randomElement(using: &random)! : "v\(counter)"
            var action = ""
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<25:
                item.form.breakUndoCoalescing()
                item.draft[keyPath: paths[field]] = value
                model.edit(field, to: value)
                action = "edit \(field) = \(value)"
            case 25..<40:
                let id = model.database.keys.sorted().randomElement(using: &random)!
                try other.run("UPDATE notes SET \(field == 0 ? "title" : "body") = ? WHERE id = ?", [.text(value), .integer(id)])
                model.database[id]![field] = value
                action = "other writer: \(id).\(field) = \(value)"
            case 40..<48:
                try item.rebase()
                model.rebase()
                action = "rebase"
            case 48..<56:
                let takesTheirs = Bool.random(using: &random)
                try item.resolve(paths[field], takesTheirs ? .takeTheirs : .keepMine)
                model.moveBase([field])
                if takesTheirs { model.edit(field, to: model.database[model.id]![field]) }
                action = "resolve \(field) \(takesTheirs ? "takeTheirs" : "keepMine")"
            case 56..<68:
                item.undo()
                MergeModel.step(from: &model.undo, to: &model.redo, draft: &model.draft)
                action = "undo"
            case 68..<76:
                item.redo()
                MergeModel.step(from: &model.redo, to: &model.undo, draft: &model.draft)
                action = "redo"
            case 76..<86:
                action = "save"
                let conflicts = model.conflicts
                do {
                    _ = try item.save()
                    try #require(conflicts.isEmpty, "seed \(seed) step \(step): saved over conflicts \(conflicts)")
                    model.save()
                    let next = model.database.keys.sorted().randomElement(using: &random)!
                    item = try store.presentEdit(MergeNote.self, id: next)
                    model.open(next)
                } catch let SaveError.conflict(error) {
                    try #require(error.objects.flatMap(\.fields).map(\.name).sorted() == conflicts.map { ["title", "body"][$0] }.sorted())
                }
            default:
                action = try changeKey(&model, store: store, random: &random)
            }
            let rows = try store.withWriterConnection { connection in
                try connection.fetch("SELECT id, title, body FROM notes") { row in
                    (row.int64(at: 0), [try row.text(at: 1), try row.text(at: 2)])
                }
            }
            try #require(
                Dictionary(uniqueKeysWithValues: rows) == model.database,
                "seed \(seed) step \(step) (\(action)): notes differ from the model")
            try #require(
                [item.draft.title, item.draft.body] == model.draft && item.canUndo == !model.undo.isEmpty
                    && item.canRedo == !model.redo.isEmpty,
                "seed \(seed) step \(step) (\(action)): the editor differs from the model")
        }
    }

    /// Changes a note's key (not the editor's): `update` with the new key is refused; delete
    /// and insert under the new key saves it there, or SQLite refuses a key another row has
    /// (PRIMARY KEY, under the key field) and nothing is written.
    private func changeKey(_ model: inout MergeModel, store: DraftStore, random: inout SplitMix64) throws -> String {
        let candidates = model.database.keys.sorted().filter { $0 != model.id }
        guard let id = candidates.randomElement(using: &random) else { return "no key to change" }
        let new = Int64.random(in: 1...8, using: &random)
        guard new != id else { return "same key" }
        let context = store.newChildContext()
        var note = try #require(try context.fetch(MergeNote.self, id: id))
        note.id = new
        let refused = try #require(throws: ContextError.self) { try context.update(note) }
        try #require(isKeyNotRead(refused, table: "notes", key: RowKey(.integer(new))))
        try context.delete(MergeNote.self, id: id)
        do {
            try context.insert(note)
            _ = try context.save()
            try #require(model.database[new] == nil, "a key another row has was saved")
            model.database[new] = model.database.removeValue(forKey: id)
            return "key \(id) -> \(new)"
        } catch let SaveError.rejected(errors) {
            try #require(model.database[new] != nil)
            try #require(errors.map(\.field) == ["id"] && errors.first?.rejection?.kind == .primaryKey)
            return "key \(id) -> \(new) refused"
        } catch let error as ContextError {
            // The new key is a row this context read (none here but the deleted one).
            Issue.record("unexpected \(error)")
            return "key \(id) -> \(new): \(error)"
        }
    }
}
