import CSQLite
import DraftStore
import Foundation
import Testing

/// A row of `attachments(id, name, data BLOB)`, the tests' own schema.
private struct Attachment: Entity {
    var id: Int64?
    var name = ""
    var data: Data?

    init() {}

    init(id: Int64?, name: String, data: Data?) {
        self.id = id
        self.name = name
        self.data = data
    }

    static let schema = EntitySchema<Attachment>(
        table: "attachments", columns: [.primaryKey("id", \.id), .column("name", \.name), .column("data", \.data)])
}

/// Issue 27, item 7: the store's own draft journal never makes the person's save fail busy. The
/// journal writes between the store's saves (holding the store's writer), so a save waits for the
/// journal's transaction in flight without SQLite's busy handler: even with no busy timeout at
/// all, and a draft holding a BLOB of 20 MiB, whose journal write takes long.
@Suite("Draft journal beside a save")
struct JournalBesideSaveTests {
    static let migration = Migration(
        name: "0001_attachments",
        sql: """
            CREATE TABLE attachments (id INTEGER PRIMARY KEY, name TEXT NOT NULL, data BLOB);
            INSERT INTO attachments (id, name) VALUES (1, 'scan');
            """)

    @Test("a save while the journal writes a 20 MiB draft waits for it and succeeds, with a busy timeout of zero")
    func saveDuringALargeJournalWrite() throws {
        try TemporaryFolder.with { folder in
            let path = folder.path("attachments.sqlite")
            var configuration = DraftStore.Configuration()
            configuration.entities = [Attachment.self]
            configuration.journalsDrafts = true
            configuration.busyTimeout = .zero
            let store = try DraftStore(path: path, migrations: [Self.migration], configuration: configuration)
            defer { store.close() }
            var options = Connection.Options()
            options.busyTimeout = .zero
            let probe = try Connection(path: path, options: options)
            defer { probe.close() }
            var overlapped = 0
            for round in 1...3 {
                let item = try store.presentEdit(Attachment.self, id: 1)
                item.draft.data = Data(repeating: UInt8(round), count: 20 << 20)
                item.draft.name = "scan \(round)"
                // Save while the journal's transaction holds SQLite's write lock, when it can be seen.
                if Self.waitForAnotherWriter(probe) { overlapped += 1 }
                do {
                    try item.save()
                } catch {
                    Issue.record("round \(round): the save failed beside the store's own journal: \(error)")
                    return
                }
                let row = try probe.fetch("SELECT name, length(data), hex(substr(data, 1, 1)) FROM attachments WHERE id = 1") {
                    [try $0.text(at: 0), String($0.int64(at: 1)), try $0.text(at: 2)]
                }
                #expect(row == [["scan \(round)", String(20 << 20), String(format: "%02X", round)]])
            }
            #expect(try store.restorableDrafts().isEmpty)
            print("Draft journal beside a save: \(overlapped) of 3 saves began while the journal held the write lock")
        }
    }

    /// Polls with `BEGIN IMMEDIATE` (no busy timeout) until another connection holds the write
    /// lock; `false` when none did within 2,000 polls (the journal's write had already ended).
    static func waitForAnotherWriter(_ probe: Connection) -> Bool {
        for _ in 0..<2_000 {
            do {
                try probe.execute("BEGIN IMMEDIATE")
                try probe.execute("ROLLBACK")
            } catch {
                if error.isBusy { return true }
            }
            usleep(1_000)
        }
        return false
    }
}

extension JournalBesideSaveTests {
    @Test("flushing the journal inside a batched save returns at once; the entry is written after the batch")
    func flushInsideABatch() throws {
        try TemporaryFolder.with { folder in
            let path = folder.path("attachments.sqlite")
            var configuration = DraftStore.Configuration()
            configuration.entities = [Attachment.self]
            configuration.journalsDrafts = true
            let store = try DraftStore(path: path, migrations: [Self.migration], configuration: configuration)
            defer { store.close() }
            let item = try store.presentEdit(Attachment.self, id: 1)
            item.draft.name = "renamed"
            let other = store.newChildContext()
            try other.insert(Attachment(id: 2, name: "second", data: nil))
            // The journal writes holding the store's writer: inside the batch it cannot, and must not wait.
            try store.batchedSave { batch in
                _ = try batch.save(other)
                store.flushDraftJournal()
            }
            store.flushDraftJournal()
            let drafts = try store.restorableDrafts()
            #expect(drafts.map(\.id) == [item.id])
            #expect(try store.count(Attachment.self) == 2)
        }
    }
}
