import DraftStore
import Foundation
import Observation
import Testing

// Probes written as a new user of the features added this session: typed keys in add forms,
// staleField / resolve, date columns with rules, observation of items, context bookkeeping.

// MARK: - Entities

private struct ProbeSlug: Entity {
    var slug = ""
    var title = ""
    static let schema = EntitySchema<ProbeSlug>(
        table: "probe_slugs",
        columns: [.primaryKey("slug", \.slug), .column("title", \.title, label: "Title", rules: [.required])])
}

private struct ProbePair: Entity {
    var a = ""
    var b = ""
    var v = ""
    static let schema = EntitySchema<ProbePair>(
        table: "probe_pairs", columns: [.primaryKey("a", \.a), .primaryKey("b", \.b), .column("v", \.v)])
}

private struct ProbeStep: Entity {
    var id: Int64?
    var slug = ""
    var text = ""
    static let schema = EntitySchema<ProbeStep>(
        table: "probe_steps",
        columns: [.primaryKey("id", \.id), .reference("slug", \.slug, to: ProbeSlug.self), .column("text", \.text)])
}

private struct ProbeRow: Entity {
    var id: Int64?
    var name = ""
    static let schema = EntitySchema<ProbeRow>(
        table: "probe_rows", columns: [.primaryKey("id", \.id), .column("name", \.name)])
}

private struct ProbeChild: Entity {
    var id: Int64?
    var parent: Int64 = 0
    static let schema = EntitySchema<ProbeChild>(
        table: "probe_children", columns: [.primaryKey("id", \.id), .reference("parent", \.parent, to: ProbeRow.self)])
}

private struct ProbeNote: Entity {
    var id: Int64?
    var title = ""
    var body = ""
    var due = Date(timeIntervalSince1970: 0)
    static let schema = EntitySchema<ProbeNote>(
        table: "probe_notes",
        columns: [
            .primaryKey("id", \.id), .column("title", \.title, label: "Title"), .column("body", \.body),
            .column("due", \.due, date: .iso8601),
        ])
}

private struct ProbeLoose: Entity {
    var id: Int64?
    var parent: Int64 = 0
    static let schema = EntitySchema<ProbeLoose>(
        table: "probe_loose", columns: [.primaryKey("id", \.id), .reference("parent", \.parent, to: ProbeRow.self)])
}

private let probeCutoff = Date(timeIntervalSince1970: 1_700_000_000)

private struct ProbeTask: Entity {
    var id: Int64?
    var due = Date(timeIntervalSince1970: 0)
    var done: Date?
    static let schema = EntitySchema<ProbeTask>(
        table: "probe_tasks",
        columns: [
            .primaryKey("id", \.id),
            .column(
                "due", \.due, date: .iso8601, label: "Due",
                rules: [.required, .custom(code: "tooEarly", message: "Pick a later day") { $0 > probeCutoff }]),
            .column("done", \.done, date: .unixSeconds, label: "Done", rules: [.required.when(.adding)]),
        ])
}

private let probeSQL = """
    CREATE TABLE probe_slugs (slug TEXT PRIMARY KEY, title TEXT NOT NULL);
    CREATE TABLE probe_pairs (a TEXT NOT NULL, b TEXT NOT NULL, v TEXT, PRIMARY KEY (a, b)) WITHOUT ROWID;
    CREATE TABLE probe_steps (id INTEGER PRIMARY KEY, slug TEXT NOT NULL REFERENCES probe_slugs(slug), text TEXT);
    CREATE TABLE probe_rows (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
    CREATE TABLE probe_children (id INTEGER PRIMARY KEY, parent INTEGER NOT NULL REFERENCES probe_rows(id));
    CREATE TABLE probe_notes (id INTEGER PRIMARY KEY, title TEXT NOT NULL, body TEXT NOT NULL, due TEXT NOT NULL);
    CREATE TABLE probe_tasks (id INTEGER PRIMARY KEY, due TEXT NOT NULL, done INTEGER);
    CREATE TABLE probe_loose (id INTEGER PRIMARY KEY, parent INTEGER NOT NULL);
    """

private let probeEntities: [any Entity.Type] = [
    ProbeSlug.self, ProbePair.self, ProbeStep.self, ProbeRow.self, ProbeChild.self, ProbeNote.self, ProbeTask.self, ProbeLoose.self,
]

private func probeStore(path: String? = nil, journals: Bool = false) throws -> DraftStore {
    var configuration = DraftStore.Configuration()
    configuration.entities = probeEntities
    configuration.journalsDrafts = journals
    return try DraftStore(path: path, migrations: [Migration(name: "0001", sql: probeSQL)], configuration: configuration)
}

private func probeFolder<T>(_ body: (String) throws -> T) throws -> T {
    let url = FileManager.default.temporaryDirectory.appending(path: "breaker-probes-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: url) }
    return try body(url.appending(path: "probe.sqlite").path)
}

private func scalar(_ store: DraftStore, _ sql: String) throws -> SQLiteValue? {
    try store.withWriterConnection { try $0.scalar(sql) }
}

/// Set when an observation fires.
private final class ProbeFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var fired = false
    func set() { lock.withLock { fired = true } }
    var value: Bool { lock.withLock { fired } }
}

/// Whether reading `read` is notified by `action`.
private func notified(_ read: () -> Void, by action: () throws -> Void) rethrows -> Bool {
    let flag = ProbeFlag()
    withObservationTracking(read, onChange: { flag.set() })
    try action()
    return flag.value
}

@Suite("Breaker probes")
struct BreakerProbes {
    // MARK: 1. A key typed in an add form

    @Test("Composite TEXT key typed one column at a time: one row under the last key")
    func compositeKeyOneColumnAtATime() throws {
        let store = try probeStore()
        defer { store.close() }
        let item = try store.presentNew(ProbePair())
        item.draft.a = "x"
        item.draft.b = "y"
        item.draft.a = "xx"
        item.draft.b = "yy"
        item.draft.a = "x"
        item.draft.v = "value"
        #expect(item.context.changeset().changes.map(\.key) == [RowKey(values: [.text("x"), .text("yy")])])
        let saved = try item.save()
        #expect(saved.a == "x" && saved.b == "yy")
        #expect(try scalar(store, "SELECT group_concat(a || '|' || b || '|' || v) FROM probe_pairs") == .text("x|yy|value"))
    }

    @Test("Composite key typed to equal a stored row: rejected, draft kept, nothing written")
    func compositeKeyTaken() throws {
        let store = try probeStore()
        defer { store.close() }
        try store.withWriterConnection { try $0.run("INSERT INTO probe_pairs VALUES ('x', 'y', 'stored')") }
        let item = try store.presentNew(ProbePair())
        item.draft.a = "x"
        item.draft.b = "y"
        item.draft.v = "mine"
        let error = try #require(throws: SaveError.self) { try item.save() }
        guard case let .rejected(errors) = error else { Issue.record("expected a rejection, got \(error)"); return }
        #expect(!errors.isEmpty)
        #expect(!item.isFinished && item.draft.v == "mine")
        #expect(try scalar(store, "SELECT group_concat(a || b || v) FROM probe_pairs") == .text("xystored"))
        #expect(!item.form.storeErrors.isEmpty)
        item.draft.b = "z"
        // Once a known issue, now fixed: editing the key does not clear the store's refusal of the key (key edits change no declared field)
        do {
            #expect(item.form.storeErrors.isEmpty, "still: \(item.form.storeErrors.map(\.description))")
        }
        _ = try item.save()
        #expect(try scalar(store, "SELECT count(*) FROM probe_pairs") == .integer(2))
    }

    @Test("Key typed then changed back to the original (also by undo): saved under the original key")
    func keyBackToOriginal() throws {
        let store = try probeStore()
        defer { store.close() }
        let item = try store.presentNew(ProbeSlug(slug: "start"))
        item.draft.slug = "other"
        item.draft.slug = "start"
        item.draft.title = "T"
        #expect(try item.save().slug == "start")
        #expect(try scalar(store, "SELECT group_concat(slug) FROM probe_slugs") == .text("start"))
    }

    @Test("Undo after typing a key undoes only the key (the key edit is its own undo step, an edited field, a new revision)")
    func undoTypedKey() throws {
        let store = try probeStore()
        defer { store.close() }
        let undone = try store.presentNew(ProbeSlug(slug: "u"))
        undone.draft.title = "U"
        undone.draft.slug = "typed"
        let revision = undone.revision
        undone.draft.slug = "typed2"
        // Once a known issue, now fixed: a key edit is an edit (the key is a field of the form)
        do {
            #expect(undone.revision > revision)
            #expect(undone.form.editedFields.contains("slug"))
            undone.undo()  // the key's edits coalesce into one step, as typing does
            #expect(undone.draft.slug == "u")
            #expect(undone.draft.title == "U", "undo of the key also undid the title")
        }
        #expect(undone.context.changeset().changes.map(\.key) == [undone.draft.rowKey!])
        undone.draft.slug = "u"
        undone.draft.title = "U"
        #expect(try undone.save().slug == "u")
        #expect(try scalar(store, "SELECT group_concat(slug || title) FROM probe_slugs") == .text("uU"))
    }

    @Test("Cancel after typing a key: nothing written")
    func cancelAfterTyping() throws {
        let store = try probeStore()
        defer { store.close() }
        let item = try store.presentNew(ProbeSlug())
        for s in ["a", "ab", "abc"] { item.draft.slug = s }
        item.draft.title = "x"
        try item.cancel()
        #expect(try scalar(store, "SELECT count(*) FROM probe_slugs") == .integer(0))
        if case .cancelled? = item.outcome {} else { Issue.record("outcome is not cancelled") }
    }

    @Test("INTEGER PRIMARY KEY set explicitly after presenting: stored under that id")
    func rowidSetAfterPresenting() throws {
        let store = try probeStore()
        defer { store.close() }
        let item = try store.presentNew(ProbeRow(name: "n"))
        item.draft.id = 42
        let saved = try item.save()
        #expect(saved.id == 42)
        #expect(try scalar(store, "SELECT group_concat(id) FROM probe_rows") == .text("42"))
    }

    @Test("INTEGER PRIMARY KEY set to a stored id: a rejection, nothing written")
    func rowidSetToStoredID() throws {
        let store = try probeStore()
        defer { store.close() }
        try store.withWriterConnection { try $0.run("INSERT INTO probe_rows VALUES (7, 'stored')") }
        let item = try store.presentNew(ProbeRow(name: "mine"))
        item.draft.id = 7
        let error = try #require(throws: SaveError.self) { try item.save() }
        guard case .rejected = error else { Issue.record("expected a rejection, got \(error)"); return }
        #expect(try scalar(store, "SELECT name FROM probe_rows WHERE id = 7") == .text("stored"))
        #expect(!item.isFinished)
    }

    @Test("INTEGER PRIMARY KEY set back to nil after presenting: a clear refusal under the key, nothing written")
    func rowidSetToNil() throws {
        let store = try probeStore()
        defer { store.close() }
        let item = try store.presentNew(ProbeRow(name: "n"))
        item.draft.id = nil
        let error = try #require(throws: SaveError.self) { try item.save() }
        #expect(error.fieldErrors.map(\.code) == [.keyChanged])
        #expect(error.fieldErrors.first?.message.contains("has no key") == true)
        #expect(try scalar(store, "SELECT count(*) FROM probe_rows") == .integer(0))
        #expect(!item.isFinished)
        item.draft.id = 9
        #expect(try item.save().id == 9)
    }

    @Test("INTEGER PRIMARY KEY set to a negative id: a clear refusal, nothing written")
    func rowidSetNegative() throws {
        let store = try probeStore()
        defer { store.close() }
        let item = try store.presentNew(ProbeRow(name: "n"))
        item.draft.id = -5
        // Once a known issue, now fixed: the chosen id -5 is taken as a temporary id: saved silently as id 1
        do {
            do {
                let saved = try item.save()
                let rows = try scalar(store, "SELECT group_concat(id) FROM probe_rows")
                Issue.record("negative id saved: returned \(String(describing: saved.id)), stored \(String(describing: rows))")
            } catch {
                #expect(try scalar(store, "SELECT count(*) FROM probe_rows") == .integer(0))
            }
        }
    }

    @Test("Related child inserted with the draft's temporary id, then the app sets the id: the child follows (or a clear refusal)")
    func relatedFollowsExplicitRowid() throws {
        let store = try probeStore()
        defer { store.close() }
        try store.withWriterConnection { try $0.run("PRAGMA foreign_keys = ON") }
        let item = try store.presentNew(ProbeRow(name: "parent"))
        let temporary = try #require(item.draft.id)
        try item.insertRelated(ProbeChild(parent: temporary))
        item.draft.id = 42
        // Once a known issue, now fixed: the child keeps the old temporary id; save refused as a missing parent ('may have been deleted')
        _ = try item.save()
        #expect(try scalar(store, "SELECT group_concat(id) FROM probe_rows") == .text("42"))
        #expect(try scalar(store, "SELECT group_concat(parent) FROM probe_children") == .text("42"))
    }

    @Test("Related step referencing the typed slug: both saved; a step referencing an older typed slug is a clear refusal")
    func relatedReferencesTypedSlug() throws {
        let store = try probeStore()
        defer { store.close() }
        let item = try store.presentNew(ProbeSlug())
        item.draft.slug = "waffles"
        item.draft.title = "Waffles"
        try item.insertRelated(ProbeStep(slug: "waffles", text: "Stir"))
        _ = try item.save()
        #expect(try scalar(store, "SELECT slug FROM probe_steps") == .text("waffles"))

        let second = try store.presentNew(ProbeSlug())
        second.draft.slug = "p"
        second.draft.title = "Pancakes"
        try second.insertRelated(ProbeStep(slug: "p", text: "Mix"))
        second.draft.slug = "pancakes"  // the step still says "p"
        do {
            _ = try second.save()
            let orphan = try scalar(store, "SELECT count(*) FROM probe_steps WHERE slug NOT IN (SELECT slug FROM probe_slugs)")
            #expect(orphan == .integer(0), "a step was saved referencing a slug no row has")
        } catch let error as SaveError {
            #expect(try scalar(store, "SELECT count(*) FROM probe_slugs WHERE slug LIKE 'p%'") == .integer(0))
            #expect(!second.isFinished)
            _ = error
        }
    }

    @Test("Typed key equal to a related insert of the same form: refused at save, then saved after a new key")
    func typedKeyEqualsRelatedInsert() throws {
        let store = try probeStore()
        defer { store.close() }
        let item = try store.presentNew(ProbeSlug())
        try item.insertRelated(ProbeSlug(slug: "dup", title: "Related"))
        item.draft.title = "Main"
        item.draft.slug = "dup"
        let error = try #require(throws: SaveError.self) { try item.save() }
        guard case .invalid = error else { Issue.record("expected .invalid, got \(error)"); return }
        #expect(try scalar(store, "SELECT count(*) FROM probe_slugs") == .integer(0))
        item.draft.slug = "main"
        _ = try item.save()
        // Once a known issue, now fixed: the related row 'dup' was overwritten with the draft's title ('dup:Main'): typing its key updated it
        do {
            #expect(
                try scalar(store, "SELECT group_concat(slug || ':' || title, ',') FROM (SELECT * FROM probe_slugs ORDER BY slug)")
                    == .text("dup:Related,main:Main"))
        }
    }

    @Test("Add form whose context deleted a stored row, then the key of that row is typed: saved as SQLite would (DELETE, INSERT)")
    func typedKeyOfRowDeletedInContext() throws {
        let store = try probeStore()
        defer { store.close() }
        try store.withWriterConnection { try $0.run("INSERT INTO probe_slugs VALUES ('old', 'Old')") }
        let item = try store.presentNew(ProbeSlug())
        try item.context.delete(ProbeSlug.self, key: "old")
        item.draft.slug = "old"
        item.draft.title = "New"
        // Once a known issue, now fixed: refused: 'Another row in this form already has this key' (the row was deleted in the form)
        _ = try item.save()
        #expect(try scalar(store, "SELECT group_concat(slug || ':' || title) FROM probe_slugs") == .text("old:New"))
    }

    @Test("Journal: restore an add draft after typing a key, type more, save: one row under the last key")
    func journalRestoreTypedKey() throws {
        try probeFolder { path in
            let id: UUID
            do {
                let store = try probeStore(path: path, journals: true)
                let item = try store.presentNew(ProbeSlug())
                item.draft.slug = "abc"
                item.draft.title = "Typed"
                id = item.id
                store.close()
            }
            let store = try probeStore(path: path, journals: true)
            defer { store.close() }
            #expect(try store.restorableDrafts().map(\.id) == [id])
            let item = try store.restoreDraft(ProbeSlug.self, id: id)
            #expect(item.draft.slug == "abc" && item.draft.title == "Typed")
            item.draft.slug = "abcd"
            // Once a known issue, now fixed: a restored add item does not follow a typed key: refused as 'This probeSlug was deleted', nothing written
            do {
                let saved = try item.save()
                #expect(saved.slug == "abcd")
                #expect(try scalar(store, "SELECT group_concat(slug) FROM probe_slugs") == .text("abcd"))
            }
        }
    }

    @Test("Journal: restore an add draft after typing a key, save unchanged: saved under the typed key")
    func journalRestoreSave() throws {
        try probeFolder { path in
            let id: UUID
            do {
                let store = try probeStore(path: path, journals: true)
                let item = try store.presentNew(ProbeSlug())
                item.draft.slug = "a"
                item.draft.slug = "abc"
                item.draft.title = "Typed"
                id = item.id
                store.close()
            }
            let store = try probeStore(path: path, journals: true)
            defer { store.close() }
            let item = try store.restoreDraft(ProbeSlug.self, id: id)
            #expect(try item.save().slug == "abc")
            #expect(try scalar(store, "SELECT group_concat(slug) FROM probe_slugs") == .text("abc"))
            #expect(try store.restorableDrafts().isEmpty)
        }
    }

    // MARK: 2. staleField / resolve with a second store

    private func noteFile(_ body: (DraftStore, DraftStore) throws -> Void) throws {
        try probeFolder { path in
            let mine = try probeStore(path: path)
            defer { mine.close() }
            let other = try probeStore(path: path)
            defer { other.close() }
            try mine.withWriterConnection {
                try $0.run("INSERT INTO probe_notes VALUES (1, 'orig', 'body', '2024-01-02T03:04:05.000Z')")
            }
            try body(mine, other)
        }
    }

    @Test("staleField then keepMine: the save writes mine; takeTheirs: the draft takes theirs")
    func staleFieldResolve() throws {
        try noteFile { mine, other in
            let item = try mine.presentEdit(ProbeNote.self, id: 1)
            item.draft.title = "mine"
            let edit = try other.presentEdit(ProbeNote.self, id: 1)
            edit.draft.title = "theirs"
            _ = try edit.save()
            let conflict = try #require(try item.staleField(\.title))
            #expect(conflict.base == "orig" && conflict.mine == "mine" && conflict.theirs == "theirs")
            try item.resolve(\.title, .keepMine)
            #expect(try item.staleField(\.title) == nil)
            _ = try item.save()
            #expect(try scalar(other, "SELECT title FROM probe_notes") == .text("mine"))

            let again = try mine.presentEdit(ProbeNote.self, id: 1)
            again.draft.title = "mine 2"
            try other.withWriterConnection { try $0.run("UPDATE probe_notes SET title = 'theirs 2'") }
            try again.resolve(\.title, .takeTheirs)
            #expect(again.draft.title == "theirs 2")
            #expect(try again.staleField(\.title) == nil)
            _ = try again.save()
            #expect(try scalar(other, "SELECT title FROM probe_notes") == .text("theirs 2"))
        }
    }

    @Test("staleField of a date column changed elsewhere (iso8601 text written by plain SQL): the Date value")
    func staleDateField() throws {
        try noteFile { mine, other in
            let item = try mine.presentEdit(ProbeNote.self, id: 1)
            try other.withWriterConnection { try $0.run("UPDATE probe_notes SET due = '2025-06-07T08:09:10.000Z'") }
            let conflict = try #require(try item.staleField(\.due))
            #expect(conflict.theirs == Date(timeIntervalSince1970: 1_749_283_750))
            #expect(conflict.base == Date(timeIntervalSince1970: 1_704_164_645))
            try item.resolve(\.due, .takeTheirs)
            #expect(item.draft.due == Date(timeIntervalSince1970: 1_749_283_750))
        }
    }

    @Test("A field changed only elsewhere is kept by the save of another field")
    func otherFieldChangedElsewhere() throws {
        try noteFile { mine, other in
            let item = try mine.presentEdit(ProbeNote.self, id: 1)
            item.draft.title = "mine"
            try other.withWriterConnection { try $0.run("UPDATE probe_notes SET body = 'their body'") }
            let body = try item.staleField(\.body)
            #expect(body?.theirs == "their body")
            _ = try item.save()
            #expect(try scalar(other, "SELECT title || '/' || body FROM probe_notes") == .text("mine/their body"))
        }
    }

    @Test("Row deleted elsewhere: changedElsewhere says deleted, resolve does nothing, save is refused without re-inserting")
    func rowDeletedElsewhere() throws {
        try noteFile { mine, other in
            let item = try mine.presentEdit(ProbeNote.self, id: 1)
            item.draft.title = "mine"
            try other.withWriterConnection { try $0.run("DELETE FROM probe_notes") }
            let field = try item.staleField(\.title)
            #expect(item.changedElsewhere?.wasDeleted == true)
            _ = field
            try item.resolve(\.title, .takeTheirs)
            try item.resolve(\.title, .keepMine)
            #expect(item.draft.title == "mine")
            #expect(throws: SaveError.self) { try item.save() }
            #expect(try scalar(other, "SELECT count(*) FROM probe_notes") == .integer(0))
        }
    }

    @Test("staleField / resolve on a finished item: nil, no throw, nothing written")
    func finishedItem() throws {
        try noteFile { mine, other in
            let item = try mine.presentEdit(ProbeNote.self, id: 1)
            item.draft.title = "mine"
            _ = try item.save()
            try other.withWriterConnection { try $0.run("UPDATE probe_notes SET title = 'theirs'") }
            #expect(try item.staleField(\.title) == nil)
            try item.resolve(\.title, .takeTheirs)
            try item.resolve(\.title, .keepMine)
            #expect(try scalar(other, "SELECT title FROM probe_notes") == .text("theirs"))
            let cancelled = try mine.presentEdit(ProbeNote.self, id: 1)
            try cancelled.cancel()
            #expect(try cancelled.staleField(\.title) == nil)
        }
    }

    // MARK: 3. Date columns with an encoding and rules

    @Test("Date columns with rules: .required.when(.adding) on Date?, .custom on Date; typeof and round trip")
    func dateColumnsWithRules() throws {
        let store = try probeStore()
        defer { store.close() }
        let item = try store.presentNew(ProbeTask(due: Date(timeIntervalSince1970: 1_800_000_000)))
        let error = try #require(throws: SaveError.self) { try item.save() }
        guard case let .invalid(errors) = error else { Issue.record("expected .invalid, got \(error)"); return }
        #expect(errors.map(\.field) == ["done"])
        #expect(errors.map(\.code) == [.required])
        item.draft.done = Date(timeIntervalSince1970: 1_800_000_100)
        item.draft.due = Date(timeIntervalSince1970: 1_600_000_000)  // before the cutoff
        #expect(item.visibleErrors.map(\.field) == ["due"])
        #expect(item.visibleErrors.map(\.message) == ["Pick a later day"])
        #expect(!item.canSave)
        item.draft.due = Date(timeIntervalSince1970: 1_800_000_000)
        let saved = try item.save()
        // REAL seconds, stored by INTEGER affinity as an integer.
        #expect(try scalar(store, "SELECT typeof(due) || ',' || typeof(done) FROM probe_tasks") == .text("text,integer"))
        #expect(try scalar(store, "SELECT due FROM probe_tasks") == .text("2027-01-15 08:00:00"))
        #expect(try scalar(store, "SELECT done FROM probe_tasks") == .integer(1_800_000_100))
        let fetched = try #require(try store.fetch(ProbeTask.self, id: saved.id!))
        #expect(fetched.due == Date(timeIntervalSince1970: 1_800_000_000))
        #expect(fetched.done == Date(timeIntervalSince1970: 1_800_000_100))

        let edit = try store.presentEdit(ProbeTask.self, id: saved.id!)
        edit.draft.done = nil  // required only when adding
        #expect(edit.canSave)
        _ = try edit.save()
        #expect(try scalar(store, "SELECT typeof(done) FROM probe_tasks") == .text("null"))
    }

    @Test("Date with fractional seconds: what iso8601 and unixSeconds store, and that fetch round-trips or the loss is documented")
    func dateFractionalRoundTrip() throws {
        let store = try probeStore()
        defer { store.close() }
        let due = Date(timeIntervalSince1970: 1_800_000_000.1234)
        let done = Date(timeIntervalSince1970: 1_800_000_000.75)
        let item = try store.presentNew(ProbeTask(due: due, done: done))
        let saved = try item.save()
        let fetched = try #require(try store.fetch(ProbeTask.self, id: saved.id!))
        // The saved value the item returns must equal what a fetch reads back (no silent drift between them).
        #expect(saved.due == fetched.due, "item returned \(saved.due.timeIntervalSince1970), fetch \(fetched.due.timeIntervalSince1970)")
        #expect(
            saved.done == fetched.done,
            "item returned \(String(describing: saved.done?.timeIntervalSince1970)), fetch \(String(describing: fetched.done?.timeIntervalSince1970))"
        )
        // An edit form opened on it and saved unchanged writes nothing new.
        let edit = try store.presentEdit(ProbeTask.self, id: saved.id!)
        #expect(!edit.context.hasChanges)
    }

    @Test("Date stored by plain SQL in another form (iso8601 column holding '2024-01-02 03:04:05'): read or refused clearly")
    func dateForeignForm() throws {
        let store = try probeStore()
        defer { store.close() }
        try store.withWriterConnection { try $0.run("INSERT INTO probe_tasks VALUES (1, '2024-01-02 03:04:05', NULL)") }
        do {
            let task = try store.fetch(ProbeTask.self, id: 1)
            #expect(task?.due == Date(timeIntervalSince1970: 1_704_164_645))
        } catch {
            // a clear error naming the column is acceptable
            #expect("\(error)".contains("due"), "error does not name the column: \(error)")
        }
    }

    // MARK: 4. Observation

    @Test("Observation: draft, canSave, visibleErrors, canUndo are notified by edits, undo, redo")
    func observationOfEdits() throws {
        let store = try probeStore()
        defer { store.close() }
        let item = try store.presentNew(ProbeSlug(slug: "s"))
        #expect(notified({ _ = item.draft }, by: { item.draft.title = "T" }))
        #expect(notified({ _ = item.canSave }, by: { item.draft.title = "" }))
        #expect(notified({ _ = item.visibleErrors }, by: { item.draft.title = "again" }))
        let fresh = try store.presentNew(ProbeSlug(slug: "f"))
        #expect(notified({ _ = fresh.form.canUndo }, by: { fresh.draft.title = "t" }))
        #expect(notified({ _ = fresh.form.canUndo }, by: { fresh.undo() }))
        #expect(notified({ _ = item.draft }, by: { item.undo() }))
        #expect(notified({ _ = item.draft }, by: { item.redo() }))
        #expect(notified({ _ = item.draft }, by: { item.draft.slug = "typed" }))
        #expect(try notified({ _ = item.outcome }, by: { _ = try item.save() }))
        let other = try store.presentNew(ProbeSlug(slug: "o", title: "O"))
        #expect(try notified({ _ = other.outcome }, by: { try other.cancel() }))
    }

    @Test("Observation: a draft set that changes nothing does not notify (nice-to-have)")
    func observationNoSpurious() throws {
        let store = try probeStore()
        defer { store.close() }
        let item = try store.presentNew(ProbeSlug(slug: "s", title: "T"))
        let same = item.draft
        let spurious = notified({ _ = item.draft }, by: { item.draft = same })
        let spuriousCanSave = notified({ _ = item.canSave }, by: { item.draft.title = "T" })
        withKnownIssue("nice-to-have: a set that changes nothing notifies readers of draft and canSave") { () throws in
            #expect(!spurious, "a set of an equal draft notified readers of draft")
            #expect(!spuriousCanSave, "a set of an equal title notified readers of canSave")
        }
    }

    @Test("Observation: changedElsewhere is notified by refreshChangedElsewhere and by resolve")
    func observationChangedElsewhere() throws {
        try noteFile { mine, other in
            let item = try mine.presentEdit(ProbeNote.self, id: 1)
            item.draft.title = "mine"
            try other.withWriterConnection { try $0.run("UPDATE probe_notes SET title = 'theirs'") }
            #expect(notified({ _ = item.changedElsewhere }, by: { item.refreshChangedElsewhere() }))
            #expect(item.changedElsewhere != nil)
            #expect(try notified({ _ = item.draft }, by: { try item.resolve(\.title, .takeTheirs) }))
            #expect(item.changedElsewhere == nil)
        }
    }

    // MARK: 5. Context bookkeeping

    @Test("Context: an edit back to the base value is no change; insert then delete is no change")
    func contextEditBack() throws {
        let store = try probeStore()
        defer { store.close() }
        try store.withWriterConnection { try $0.run("INSERT INTO probe_slugs VALUES ('k', 'base')") }
        let context = store.newChildContext()
        var row = try #require(try context.fetch(ProbeSlug.self, key: "k"))
        row.title = "changed"
        try context.update(row)
        #expect(context.hasChanges)
        row.title = "base"
        try context.update(row)
        #expect(!context.hasChanges)
        #expect(context.changeset().changes.isEmpty)
        _ = try context.insert(ProbeSlug(slug: "n", title: "N"))
        try context.delete(ProbeSlug.self, key: "n")
        #expect(!context.hasChanges)
        _ = try context.save()
        #expect(try scalar(store, "SELECT group_concat(slug || title) FROM probe_slugs") == .text("kbase"))

        let item = try store.presentEdit(ProbeSlug.self, key: "k")
        item.draft.title = "x"
        item.draft.title = "base"
        #expect(!item.context.hasChanges)
    }

    @Test("Context: delete then re-insert the same key saves the new values (as DELETE + INSERT in SQLite)")
    func deleteThenReinsert() throws {
        let store = try probeStore()
        defer { store.close() }
        try store.withWriterConnection { try $0.run("INSERT INTO probe_slugs VALUES ('k', 'old')") }
        let context = store.newChildContext()
        try context.delete(ProbeSlug.self, key: "k")
        #expect(context.isDeleted(ProbeSlug.self, key: "k"))
        // Once a known issue, now fixed: insert of a key deleted in the same context: 'already in this context; use update(_:)'
        try deleteThenReinsertRest(store, context)
    }

    private func deleteThenReinsertRest(_ store: DraftStore, _ context: ObjectContext) throws {
        _ = try context.insert(ProbeSlug(slug: "k", title: "new"))
        #expect(try context.fetch(ProbeSlug.self, key: "k")?.title == "new")
        _ = try context.save()
        #expect(!context.hasChanges)
        #expect(try scalar(store, "SELECT group_concat(slug || title) FROM probe_slugs") == .text("knew"))

        let same = store.newChildContext()
        try same.delete(ProbeSlug.self, key: "k")
        _ = try same.insert(ProbeSlug(slug: "k", title: "new"))
        _ = try same.save()
        #expect(try scalar(store, "SELECT group_concat(slug || title) FROM probe_slugs") == .text("knew"))
    }

    @Test("Context: rollback forgets everything; a discarded context refuses work")
    func rollbackAndDiscard() throws {
        let store = try probeStore()
        defer { store.close() }
        try store.withWriterConnection { try $0.run("INSERT INTO probe_slugs VALUES ('k', 'base')") }
        let context = store.newChildContext()
        _ = try context.insert(ProbeSlug(slug: "n", title: "N"))
        var row = try #require(try context.fetch(ProbeSlug.self, key: "k"))
        row.title = "changed"
        try context.update(row)
        try context.delete(ProbeSlug.self, key: "k")
        context.rollback()
        #expect(!context.hasChanges)
        #expect(try context.fetch(ProbeSlug.self, key: "k")?.title == "base")
        #expect(try context.fetch(ProbeSlug.self, key: "n") == nil)
        #expect(!context.isDeleted(ProbeSlug.self, key: "k"))
        _ = try context.insert(ProbeSlug(slug: "n", title: "N2"))  // the key is free again
        _ = try context.save()
        #expect(try store.count(ProbeSlug.self) == 2)

        let discarded = store.newChildContext()
        _ = try discarded.insert(ProbeSlug(slug: "d", title: "D"))
        discarded.discard()
        #expect(throws: (any Error).self) { _ = try discarded.insert(ProbeSlug(slug: "e", title: "E")) }
        #expect(throws: SaveError.self) { _ = try discarded.save() }
        #expect(try store.count(ProbeSlug.self) == 2)
    }

    @Test("Nested contexts: a grandchild's saves land in the child, the child's in the store; edits back to the parent's value")
    func nestedContexts() throws {
        let store = try probeStore()
        defer { store.close() }
        try store.withWriterConnection { try $0.run("INSERT INTO probe_slugs VALUES ('k', 'base')") }
        let parent = store.newChildContext()
        let child = parent.newChildContext()
        _ = try child.insert(ProbeSlug(slug: "n", title: "N"))
        var row = try #require(try child.fetch(ProbeSlug.self, key: "k"))
        row.title = "child"
        try child.update(row)
        _ = try child.save()
        #expect(!child.hasChanges && parent.hasChanges)
        #expect(try store.count(ProbeSlug.self) == 1)
        #expect(try parent.fetch(ProbeSlug.self, key: "k")?.title == "child")

        // The grandchild edits the parent's insert back and forth, and the edit back to base is no change.
        let grandchild = parent.newChildContext()
        var inserted = try #require(try grandchild.fetch(ProbeSlug.self, key: "n"))
        inserted.title = "X"
        try grandchild.update(inserted)
        inserted.title = "N"
        try grandchild.update(inserted)
        #expect(!grandchild.hasChanges)
        // The grandchild deletes the parent's insert and re-inserts it with the same key.
        try grandchild.delete(ProbeSlug.self, key: "n")
        // Once a known issue, now fixed: re-insert of a key deleted in the same context refused ('already in this context')
        _ = try grandchild.insert(ProbeSlug(slug: "n", title: "N again"))
        #expect(try grandchild.fetch(ProbeSlug.self, key: "n")?.title == "N again")
        _ = try grandchild.save()
        #expect(try parent.fetch(ProbeSlug.self, key: "n")?.title == "N again")

        // The parent edits k back to its stored value: only n is left to write.
        var back = try #require(try parent.fetch(ProbeSlug.self, key: "k"))
        back.title = "base"
        try parent.update(back)
        #expect(parent.changeset().changes.map(\.key) == [RowKey("n")])
        _ = try parent.save()
        #expect(!parent.hasChanges)
        #expect(
            try scalar(store, "SELECT group_concat(slug || ':' || title, ',') FROM (SELECT * FROM probe_slugs ORDER BY slug)")
                == .text("k:base,n:N again"))
    }

    @Test("Add item in a nested context: typed key, saved into the parent, then the parent saves")
    func typedKeyThroughParent() throws {
        let store = try probeStore()
        defer { store.close() }
        let parent = store.newChildContext()
        let item = try parent.presentNew(ProbeSlug())
        item.draft.slug = "a"
        item.draft.slug = "ab"
        item.draft.title = "AB"
        _ = try item.save()
        #expect(try parent.fetch(ProbeSlug.self, key: "ab")?.title == "AB")
        #expect(try parent.fetch(ProbeSlug.self, key: "a") == nil)
        #expect(try parent.fetch(ProbeSlug.self, key: "") == nil)
        _ = try parent.save()
        #expect(try scalar(store, "SELECT group_concat(slug) FROM probe_slugs") == .text("ab"))
    }

    // MARK: More probes

    @Test("Typed key equal to a stored row the add form's context has read: refused, and that stored row is never written")
    func typedKeyOfRowReadInContext() throws {
        let store = try probeStore()
        defer { store.close() }
        try store.withWriterConnection { try $0.run("INSERT INTO probe_slugs VALUES ('stored', 'Stored')") }
        let item = try store.presentNew(ProbeSlug())
        _ = try item.context.fetch(ProbeSlug.self, key: "stored")  // a picker showing existing rows
        item.draft.title = "Mine"
        item.draft.slug = "stored"
        #expect(throws: SaveError.self) { _ = try item.save() }
        #expect(try scalar(store, "SELECT group_concat(slug || ':' || title) FROM probe_slugs") == .text("stored:Stored"))
        item.draft.slug = "mine"
        _ = try item.save()
        let stored = try scalar(store, "SELECT group_concat(slug || ':' || title, ',') FROM (SELECT * FROM probe_slugs ORDER BY slug)")
        // Once a known issue, now fixed: typing the key of a row read into the form's context updated that stored row with the draft's values
        do {
            #expect(stored == .text("mine:Mine,stored:Stored"), "stored: \(String(describing: stored))")
        }
    }

    @Test("Nested add item whose typed key equals an unsaved insert of the parent: refused, the parent's row kept")
    func typedKeyOfParentInsert() throws {
        let store = try probeStore()
        defer { store.close() }
        let parent = store.newChildContext()
        _ = try parent.insert(ProbeSlug(slug: "p", title: "Parent's"))
        let item = try parent.presentNew(ProbeSlug())
        item.draft.title = "Child's"
        item.draft.slug = "p"
        // Once a known issue, now fixed: the nested add item's save replaced the parent's unsaved insert with the same key
        do {
            do {
                _ = try item.save()
                Issue.record("saved over the parent's insert")
            } catch {}
            #expect(try parent.fetch(ProbeSlug.self, key: "p")?.title == "Parent's")
        }
        _ = try parent.save()
        let rows = try scalar(store, "SELECT group_concat(slug || ':' || title) FROM probe_slugs")
        // Once a known issue, now fixed: store then holds the child's values
        do {
            #expect(rows == .text("p:Parent's"), "stored: \(String(describing: rows))")
        }
    }

    @Test("Nested add item presented WITH the key of an unsaved insert of the parent (no typing): refused, the parent's row kept")
    func presentedKeyOfParentInsert() throws {
        let store = try probeStore()
        defer { store.close() }
        let parent = store.newChildContext()
        _ = try parent.insert(ProbeSlug(slug: "p", title: "Parent's"))
        // Once a known issue, now fixed: not specific to typed keys: a nested add item with the key of the parent's unsaved insert replaces it on save
        do {
            do {
                let item = try parent.presentNew(ProbeSlug(slug: "p", title: "Child's"))
                do { _ = try item.save(); Issue.record("saved over the parent's insert") } catch {}
            } catch {}
            #expect(try parent.fetch(ProbeSlug.self, key: "p")?.title == "Parent's")
        }
    }

    @Test("Two add forms type the same key: the second save is the store's refusal, its draft kept")
    func twoFormsSameKey() throws {
        let store = try probeStore()
        defer { store.close() }
        let first = try store.presentNew(ProbeSlug())
        let second = try store.presentNew(ProbeSlug())
        first.draft.slug = "k"
        first.draft.title = "First"
        second.draft.slug = "k"
        second.draft.title = "Second"
        _ = try first.save()
        let error = try #require(throws: SaveError.self) { _ = try second.save() }
        guard case .rejected = error else { Issue.record("expected a rejection, got \(error)"); return }
        #expect(!second.isFinished && second.draft.title == "Second")
        #expect(try scalar(store, "SELECT group_concat(slug || title) FROM probe_slugs") == .text("kFirst"))
    }

    @Test("Typed key, save refused locally (title empty), then the title typed: saved under the typed key")
    func typedKeyAfterLocalRefusal() throws {
        let store = try probeStore()
        defer { store.close() }
        let item = try store.presentNew(ProbeSlug())
        item.draft.slug = "k"
        #expect(throws: SaveError.self) { _ = try item.save() }
        item.draft.slug = "k2"
        item.draft.title = "T"
        #expect(try item.save().slug == "k2")
        #expect(try scalar(store, "SELECT group_concat(slug) FROM probe_slugs") == .text("k2"))
    }

    @Test(
        "Child without a FOREIGN KEY in SQL, inserted with the draft's temporary id, then the app sets the id: never stored with a dangling id"
    )
    func looseChildExplicitRowid() throws {
        let store = try probeStore()
        defer { store.close() }
        let item = try store.presentNew(ProbeRow(name: "parent"))
        let temporary = try #require(item.draft.id)
        try item.insertRelated(ProbeLoose(parent: temporary))
        item.draft.id = 42
        // Once a known issue, now fixed: child stored with a parent that is not the draft's id
        _ = try item.save()
        let parent = try scalar(store, "SELECT group_concat(parent) FROM probe_loose")
        #expect(parent == .text("42"), "child stored with parent \(String(describing: parent))")
    }

    @Test("staleField / resolve on an add item: nil, no throw")
    func staleFieldOnAddItem() throws {
        let store = try probeStore()
        defer { store.close() }
        let item = try store.presentNew(ProbeSlug(slug: "a", title: "A"))
        #expect(try item.staleField(\.title) == nil)
        try item.resolve(\.title, .takeTheirs)
        #expect(item.draft.title == "A")
        item.draft.slug = "b"
        #expect(try item.staleField(\.slug) == nil)
    }

    @Test("Date columns: .custom passes nil on Date?; .required refuses nil in both modes")
    func optionalDateRules() throws {
        let store = try probeStore()
        defer { store.close() }
        let item = try store.presentNew(ProbeTask(due: Date(timeIntervalSince1970: 1_800_000_000), done: Date(timeIntervalSince1970: 1)))
        let saved = try item.save()
        let edit = try store.presentEdit(ProbeTask.self, id: saved.id!)
        edit.draft.due = Date(timeIntervalSince1970: 1_000)  // before the cutoff: the custom rule
        #expect(try edit.visibleErrors(for: \.due).map(\.code) == ["tooEarly"])
        #expect(throws: SaveError.self) { _ = try edit.save() }
        #expect(try scalar(store, "SELECT due FROM probe_tasks") == .text("2027-01-15 08:00:00"))
    }

    @Test("Edit form: the key field changed (not followed in edit mode): a clear refusal, no other row written")
    func editFormKeyChanged() throws {
        let store = try probeStore()
        defer { store.close() }
        try store.withWriterConnection { try $0.run("INSERT INTO probe_slugs VALUES ('a', 'A'), ('b', 'B')") }
        let item = try store.presentEdit(ProbeSlug.self, key: "a")
        _ = try item.context.fetch(ProbeSlug.self, key: "b")  // a picker in the form read row b
        item.draft.title = "A edited"
        item.draft.slug = "b"
        let outcome: String
        do { _ = try item.save(); outcome = "saved" } catch { outcome = "refused: \(error)" }
        let rows = try scalar(store, "SELECT group_concat(slug || ':' || title, ',') FROM (SELECT * FROM probe_slugs ORDER BY slug)")
        #expect(rows == .text("a:A,b:B"), "\(outcome); stored: \(String(describing: rows))")
        #expect(outcome.hasPrefix("refused"), "\(outcome)")
    }
}
