import CChangesetApply
import Foundation
import Testing

@testable import DraftStore

/// A batched save on a store that records changes is in the change log like any save (one
/// recorded change per save of the batch, committed with it): its export brings another copy to
/// the same rows, and a save the batch refused (undone in its savepoint) is not in it.
@Suite("Changesets: a batched save is recorded")
struct BatchedSaveRecordingTests {
    static let migration = Migration(
        name: "001-tags", sql: "CREATE TABLE tags (id INTEGER PRIMARY KEY, name TEXT UNIQUE)")

    static func store(recording: Bool, path: String? = nil) throws -> DraftStore {
        var configuration = DraftStore.Configuration()
        configuration.recordsChanges = recording
        return try DraftStore(path: path, migrations: [migration], configuration: configuration)
    }

    static func rows(_ store: DraftStore) throws -> [[SQLiteValue]] {
        try store.withWriterConnection { connection in
            try connection.fetch("SELECT id, name FROM tags ORDER BY id") { [try $0.value(at: 0), try $0.value(at: 1)] }
        }
    }

    @Test func eachSaveOfABatchIsARecordedChangeAndTheirExportMakesTheSameRows() throws {
        let source = try Self.store(recording: true)
        let first = source.newChildContext()
        _ = try first.insert(Tag(name: "sea"))
        try first.save()
        var refused = false
        try source.batchedSave { batch in
            let context = source.newChildContext()
            for name in ["fado", "choro"] { _ = try context.insert(Tag(name: name)) }
            var sea = try #require(try context.fetch(Tag.self, id: 1))
            sea.name = "ocean"
            try context.update(sea)
            try batch.save(context)
            // A save the store refuses is undone in its savepoint: not in the recorded changes.
            let duplicate = source.newChildContext()
            _ = try duplicate.insert(Tag(name: "fado"))
            do { try batch.save(duplicate) } catch { refused = true }
            let last = source.newChildContext()
            _ = try last.insert(Tag(name: "zouk"))
            try batch.save(last)
        }
        #expect(refused)
        let all = try source.exportChanges(after: 0)
        #expect(all.count == 3 && all.through == 3)
        let batchOnly = try source.exportChanges(after: 1)
        let operations = try batchOnly.changeset.operations()
        #expect(batchOnly.count == 2)
        #expect(operations.map(\.kind).sorted { "\($0)" < "\($1)" } == [.insert, .insert, .insert, .update])
        // Another copy, by SQLite's own changeset application (plain SQL), holds the same rows.
        try TemporaryFolder.with { folder in
            let path = folder.path("copy.sqlite")
            try Self.store(recording: false, path: path).close()
            let code = all.changeset.bytes.withUnsafeBytes { cchangeset_apply(path, $0.baseAddress, Int32($0.count)) }
            #expect(code == 0)
            let copy = try Self.store(recording: false, path: path)
            defer { copy.close() }
            #expect(try Self.rows(copy) == Self.rows(source))
        }
        #expect(try Self.rows(source).map { $0[1] } == [.text("ocean"), .text("fado"), .text("choro"), .text("zouk")])
    }

    @Test func aBatchThatRollsBackRecordsNothingAndOneWithoutRecordingKeepsNoLog() throws {
        let source = try Self.store(recording: true)
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            try source.batchedSave { batch in
                let context = source.newChildContext()
                _ = try context.insert(Tag(name: "sea"))
                try batch.save(context)
                throw Stop()
            }
        }
        try source.batchedSave { _ in }
        #expect(try source.exportChanges(after: 0).count == 0)
        let plain = try Self.store(recording: false)
        try plain.batchedSave { batch in
            let context = plain.newChildContext()
            _ = try context.insert(Tag(name: "sea"))
            try batch.save(context)
        }
        #expect(try plain.exportChanges(after: 0).count == 0)
    }
}
