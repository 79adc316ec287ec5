import Bookshelf
import DraftStore
import DraftStoreTesting
import Testing

/// What an acknowledged save survives (issue 19): with the default durability every save has
/// synced the write-ahead log before `save()` returns; with the `normal` opt-in no commit syncs
/// (SQLite syncs the log only when it starts it anew and at checkpoints).
/// Counted in the harness's fault VFS (`xSync` calls on the `-wal` file).
@Suite("Durability: syncs per acknowledged save")
struct DurabilityTests {
    static let fixture = StoreFixture(migrations: Bookshelf.migrations, entities: Bookshelf.entities)

    /// Saves one new author and returns how many times the WAL was synced meanwhile.
    static func syncsOfOneSave(_ test: TestStore, number: Int) throws -> Int {
        let before = test.calls(.sync, on: .writeAheadLog)
        let context = test.newChildContext()
        try context.insert(Author(name: "Writer \(number)", email: "writer\(number)@example.com"))
        try context.save()
        return test.calls(.sync, on: .writeAheadLog) - before
    }

    @Test("by default every acknowledged save has synced the write-ahead log")
    func fullSyncsEveryCommit() throws {
        let test = try Self.fixture.makeStore(.file)
        defer { test.close() }
        #expect(test.store.configuration.durability == .full)
        try test.countCalls(on: .writeAheadLog)
        try test.countCalls(on: .database)
        for number in 1...10 {
            let syncs = try Self.syncsOfOneSave(test, number: number)
            #expect(syncs >= 1, "save \(number) returned with \(syncs) syncs of the WAL")
        }
        // No checkpoint ran: the database file itself was never synced.
        #expect(test.calls(.sync, on: .database) == 0)
        #expect(try test.store.fetch(FetchRequest<Author>.all).count == 10)
    }

    @Test("with durability .normal no commit syncs the write-ahead log")
    func normalSyncsNoCommit() throws {
        let test = try Self.fixture.makeStore(.file, durability: .normal)
        defer { test.close() }
        // The first save starts a new log, whose header SQLite syncs once (as after each
        // checkpoint that restarts the log); the commits after it sync nothing.
        #expect(try Self.syncsOfOneSave(test, number: 0) <= 1)
        try test.countCalls(on: .writeAheadLog)
        try test.countCalls(on: .database)
        for number in 1...10 {
            let syncs = try Self.syncsOfOneSave(test, number: number)
            #expect(syncs == 0, "save \(number) synced the WAL \(syncs) times")
        }
        // Ten small saves stay far below the checkpoint threshold: nothing synced at all.
        #expect(test.calls(.sync, on: .database) == 0)
        #expect(try test.store.fetch(FetchRequest<Author>.all).count == 11)
    }
}
