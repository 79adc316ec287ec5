import Bookshelf
import CSQLite
import DraftStore
import DraftStoreTesting
import Foundation
import Testing

/// Fault injection like SQLite's own I/O-error tests (issue 19): for each file operation,
/// fail its N-th call while an app opens its store and makes a realistic save — a new author
/// with two books plus an edit of another author — for N = 1, 2, … until the open and save pass
/// without hitting the fault, once and persistently. (The open is included because in WAL mode a
/// save takes no file lock: the connection's shared lock is taken when it first reads.) Every run leaves the store old or new, never partial (a failed save leaves it
/// old), the file passes `integrity_check`, and the same context saves after the faults clear.
@Suite("Fault sweep: the N-th write, sync, read, lock or shm call fails")
struct FaultSweepTests {
    /// Two authors (Mira, with two books, and Jon), as the disk-full tests use.
    static var fixture: StoreFixture { StorageFaultTests.fixture }

    /// One sweep: which calls fail, with which code, once or from then on.
    struct Sweep: Sendable, CustomTestStringConvertible {
        let operation: FileOperation
        let code: Int32
        let persistently: Bool
        var testDescription: String { "\(operation) → \(code)\(persistently ? ", persistently" : ", once")" }
    }

    /// The I/O error each operation returns in SQLite's own VFS when it fails.
    static let codes: [(FileOperation, Int32)] = [
        (.write, SQLiteError.ioErrorWrite), (.write, SQLITE_FULL), (.sync, SQLiteError.ioErrorFsync),
        (.read, SQLiteError.ioErrorRead), (.lock, SQLiteError.ioErrorLock), (.sharedMemory, SQLiteError.ioErrorSharedMemoryLock),
    ]
    /// CI size: every operation with its own error code, once and persistently; the full size
    /// adds the generic `SQLITE_IOERR` and `SQLITE_FULL` for every operation.
    static var sweeps: [Sweep] {
        var pairs = codes
        if Reliability.full {
            pairs += FileOperation.allCases.flatMap { operation in
                [SQLITE_IOERR, SQLITE_FULL].filter { code in !codes.contains { $0 == (operation, code) } }.map { (operation, $0) }
            }
        }
        return pairs.flatMap { operation, code in [false, true].map { Sweep(operation: operation, code: code, persistently: $0) } }
    }

    /// The rows that matter, without the timestamps the store sets at save time.
    static func contents(of path: String) throws -> [[SQLiteValue]] {
        var options = Connection.Options()
        options.readOnly = true
        let connection = try Connection(path: path, options: options)
        defer { connection.close() }
        #expect(try connection.scalar("PRAGMA integrity_check") == .text("ok"))
        let authors = try connection.fetch("SELECT 'author', id, name, email, bio FROM authors ORDER BY id") { row in
            try (0..<5).map { try row.value(at: $0) }
        }
        let books = try connection.fetch("SELECT 'book', id, author_id, title, year FROM books ORDER BY id") { row in
            try (0..<5).map { try row.value(at: $0) }
        }
        return authors + books
    }

    /// A context holding the save: a new author with two books, and another author renamed.
    static func realisticChanges(in store: DraftStore) throws -> ObjectContext {
        let context = store.newChildContext()
        let author = try context.insert(Author(name: "Ines Faure", email: "ines@example.com", bio: "Poems of the river."))
        try context.insert(Book(authorID: author.id!, title: "Upstream", year: 2019))
        try context.insert(Book(authorID: author.id!, title: "Delta", year: 2022))
        guard var jon = try context.fetch(Author.self, id: 2) else { throw CocoaError(.fileNoSuchFile) }
        jon.name = "Jonathan Bay"
        try context.update(jon)
        return context
    }

    /// Opens the store's file again through the fault VFS, as an app does at launch.
    static func open(_ test: TestStore) throws -> DraftStore {
        var configuration = DraftStore.Configuration()
        configuration.entities = Bookshelf.entities
        return try DraftStore(
            path: "file:\(test.filePath!)?vfs=draftstore-fault", migrations: Bookshelf.migrations, configuration: configuration)
    }

    /// The store's rows before and after the save, from a run without faults.
    static let oldAndNew: Result<([[SQLiteValue]], [[SQLiteValue]]), any Error> = Result {
        let test = try fixture.makeStore(.file)
        defer { test.close() }
        let old = try contents(of: test.filePath!)
        try realisticChanges(in: test.store).save()
        return (old, try contents(of: test.filePath!))
    }

    /// One run: open the closed file, make the changes and save them, with call `number` failing.
    /// Returns whether the fault was hit.
    static func run(_ sweep: Sweep, number: Int, old: [[SQLiteValue]], new: [[SQLiteValue]]) throws -> (hit: Bool, failed: Bool) {
        let test = try fixture.makeStore(.file)
        defer { test.close() }
        test.store.close()  // one file, as after the app's last run
        var store: DraftStore?
        var context: ObjectContext?
        defer { store?.close() }
        try test.failCall(sweep.operation, number: number, persistently: sweep.persistently, code: sweep.code)
        var failure: (any Error)?
        do {
            store = try open(test)
            context = try realisticChanges(in: store!)
            try context!.save()
        } catch { failure = error }
        let hit = test.failedCalls > 0
        test.clearFaults()
        let after = try contents(of: test.filePath!)
        guard let failure else {
            #expect(after == new, "call \(number): an acknowledged save is not on disk as saved")
            return (hit, false)
        }
        #expect(failure is SaveError || failure is SQLiteError || failure is MigrationError, "call \(number): untyped \(failure)")
        #expect("\(failure)".contains(test.filePath!), "call \(number): the error does not name the file: \(failure)")
        #expect(after == old, "call \(number): a failed save (\(failure)) left the store changed")
        if store == nil { store = try open(test) }
        if context == nil { context = try realisticChanges(in: store!) }
        try context!.save()
        #expect(try contents(of: test.filePath!) == new, "call \(number): the retry did not save the changes")
        return (hit, true)
    }

    @Test("every run leaves the store old or new, and the draft saves after the faults clear", arguments: sweeps)
    func sweep(_ sweep: Sweep) throws {
        let (old, new) = try Self.oldAndNew.get()
        #expect(old != new)
        var failedRuns = 0
        for number in 1...1_000 {
            let (hit, failed) = try Self.run(sweep, number: number, old: old, new: new)
            if failed { failedRuns += 1 }
            if !hit {  // the open and the save made fewer calls than `number`: the sweep is complete
                #expect(number > 1, "no \(sweep.operation) call to fail")
                #expect(failedRuns == number - 1, "a fault was hit, yet the open and save succeeded")
                return
            }
        }
        Issue.record("the open and save still hit the fault at call 1000")
    }
}
