import Bookshelf
import CSQLite
import DraftStore
import DraftStoreTesting
import Testing

/// Storage failures after COMMIT reach the app (issue 19): a checkpoint that fails to write
/// the database file leaves the save committed and is reported in `store.health`, naming the file.
@Suite("Checkpoint failures in store health")
struct CheckpointHealthTests {
    static let fixture = StoreFixture(migrations: Bookshelf.migrations, entities: Bookshelf.entities)

    static func saveAuthor(_ test: TestStore, _ number: Int) throws {
        let context = test.newChildContext()
        try context.insert(Author(name: "Writer \(number)", email: "writer\(number)@example.com"))
        try context.save()
    }

    @Test("a failed checkpoint write: the save stays committed, health names the file, the next checkpoint clears it")
    func failedCheckpoint() throws {
        // Every commit checkpoints, so the first write to the database file is a checkpoint's.
        let test = try Self.fixture.makeStore(.file) { $0.checkpointPages = 1 }
        defer { test.close() }
        try Self.saveAuthor(test, 1)
        #expect(test.store.health.isHealthy)
        #expect(test.store.health.lastCheckpointError == nil)

        try test.failCall(.write, number: 1, persistently: true, code: SQLiteError.ioErrorWrite, on: .database)
        try Self.saveAuthor(test, 2)  // does not throw: the commit happened
        #expect(test.failedCalls > 0)
        let health = test.store.health
        #expect(!health.isHealthy)
        #expect(health.checkpointFailures == 1)
        let error = try #require(health.lastCheckpointError)
        #expect(error.extendedCode == SQLiteError.ioErrorWrite, "\(error)")
        #expect(error.message.contains(test.filePath!), "\(error)")
        #expect(try test.store.fetch(FetchRequest<Author>.all).count == 2)

        test.clearFaults()
        try Self.saveAuthor(test, 3)
        #expect(test.store.health.isHealthy)
        #expect(test.store.health.checkpointFailures == 1)
        test.store.close()
        let reader = try Connection(path: test.filePath!)
        defer { reader.close() }
        #expect(try reader.scalar("SELECT count(*) FROM authors") == .integer(3))
        #expect(try reader.scalar("PRAGMA integrity_check") == .text("ok"))
    }

    @Test("a failed checkpoint at close is reported too, and the log keeps the saves")
    func failedCheckpointAtClose() throws {
        let test = try Self.fixture.makeStore(.file) { $0.checkpointPages = 0 }
        defer { test.close() }
        try Self.saveAuthor(test, 1)
        try test.failCall(.sync, number: 1, persistently: true, code: SQLiteError.ioErrorFsync, on: .database)
        test.store.close()
        #expect(!test.store.health.isHealthy)
        #expect(test.store.health.lastCheckpointError?.message.contains(test.filePath!) == true)
        test.clearFaults()
        let reader = try Connection(path: test.filePath!)
        defer { reader.close() }
        #expect(try reader.scalar("SELECT count(*) FROM authors") == .integer(1))
    }
}
