import DraftStore
import Foundation
import Testing

/// `memos(id, title)`: the tests' own table for journal entries.
struct Memo: Entity, Equatable {
    var id: Int64?
    var title = ""
    static let schema = EntitySchema<Memo>(table: "memos", columns: [.primaryKey("id", \.id), .column("title", \.title)])
}

/// Issue 27, item 9: a restored draft is identified by its journal row, and an entry whose
/// contents disagree with that row is refused (`DraftJournalError.entryDisagrees`), nothing opened.
@Suite("Draft journal: an entry is its row's")
struct JournalEntryIdentityTests {
    static let migrations = [
        Migration(
            name: "0001_memos",
            sql: "CREATE TABLE memos(id INTEGER PRIMARY KEY, title TEXT NOT NULL); INSERT INTO memos VALUES (1, 'one'), (2, 'two');")
    ]

    static func open(_ path: String) throws -> DraftStore {
        var configuration = DraftStore.Configuration()
        configuration.entities = [Memo.self]
        configuration.journalsDrafts = true
        return try DraftStore(path: path, migrations: migrations, configuration: configuration)
    }

    /// Journals edits of memos 1 and 2 and closes the store; returns the two items' ids.
    static func journalTwo(_ path: String) throws -> (UUID, UUID) {
        let store = try open(path)
        defer { store.close() }
        let first = try store.presentEdit(Memo.self, id: 1)
        first.draft.title = "one, edited"
        let second = try store.presentEdit(Memo.self, id: 2)
        second.draft.title = "two, edited"
        store.flushDraftJournal()
        return (first.id, second.id)
    }

    @Test("An entry copied into another draft's row is refused, naming the column it contradicts")
    func copiedEntry() throws {
        try TemporaryFolder.with { folder in
            let path = folder.path("memos.sqlite")
            let (first, second) = try Self.journalTwo(path)
            let plain = try Connection(path: path)
            try plain.run(
                "UPDATE draftstore_drafts SET entry = (SELECT entry FROM draftstore_drafts WHERE id = ?) WHERE id = ?",
                [.text(first.uuidString), .text(second.uuidString)])
            plain.close()
            let store = try Self.open(path)
            defer { store.close() }
            #expect(throws: DraftJournalError.entryDisagrees(second, column: "id")) { try store.restoreDraft(Memo.self, id: second) }
            // The untouched entry restores under its own id, with its own edit.
            let item = try store.restoreDraft(Memo.self, id: first)
            #expect(item.id == first)
            #expect(item.draft == Memo(id: 1, title: "one, edited"))
        }
    }

    @Test("A row whose listed key is not its entry's key is refused")
    func listedKeyDisagrees() throws {
        try TemporaryFolder.with { folder in
            let path = folder.path("memos.sqlite")
            let (_, second) = try Self.journalTwo(path)
            let plain = try Connection(path: path)
            try plain.run("UPDATE draftstore_drafts SET key = '[{\"integer\":1}]' WHERE id = ?", [.text(second.uuidString)])
            plain.close()
            let store = try Self.open(path)
            defer { store.close() }
            #expect(throws: DraftJournalError.entryDisagrees(second, column: "key")) { try store.restoreDraft(Memo.self, id: second) }
            let restored = try store.restoreDraft(Memo.self, id: try #require(try store.restorableDrafts().first { $0.id != second }?.id))
            #expect(restored.draft.id == 1)
        }
    }
}
