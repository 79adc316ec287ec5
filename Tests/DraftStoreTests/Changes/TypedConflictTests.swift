import DraftStore
import Foundation
import Testing

/// Issue 17: a conflict's and a staleness's fields as the property's type, by key path.
@Suite("Changes: typed per-field conflicts and staleness")
struct TypedConflictTests {
    struct Record: Entity, Equatable {
        var id: Int64?
        var title = ""
        var note: String?
        var at = Date(timeIntervalSince1970: 0)
        var stamped = Date(timeIntervalSince1970: 0)
        var score = 0.0
        var unstored = 0
        static let schema = EntitySchema<Record>(
            table: "records",
            columns: [
                .primaryKey("id", \.id), .column("title", \.title), .column("note", \.note),
                .column("at", \.at, date: .unixMilliseconds), .column("stamped", \.stamped, date: .iso8601),
                .column("score", \.score),
            ])
    }

    static let sql = """
        CREATE TABLE records (id INTEGER PRIMARY KEY, title TEXT NOT NULL, note TEXT, at INTEGER NOT NULL,
            stamped TEXT NOT NULL, score REAL NOT NULL);
        INSERT INTO records VALUES (1, 'Base', NULL, 1000, '2021-01-01 00:00:00', 1.5);
        """

    static func day(_ n: Double) -> Date { Date(timeIntervalSince1970: 1_609_459_200 + n * 86_400) }

    /// Changes every field of record 1 in another context and saves it; returns a context
    /// that read the row before and changed every field its own way.
    func conflicting(_ store: DraftStore) throws -> ObjectContext {
        let mine = store.newChildContext()
        var record = try #require(try mine.fetch(Record.self, id: 1))
        let theirs = store.newChildContext()
        var other = try #require(try theirs.fetch(Record.self, id: 1))
        (other.title, other.note, other.at, other.stamped, other.score) = ("Theirs", "their note", Self.day(2), Self.day(2), 3.25)
        try theirs.update(other)
        try theirs.save()
        (record.title, record.note, record.at, record.stamped, record.score) = ("Mine", "my note", Self.day(1), Self.day(1), 2.75)
        try mine.update(record)
        return mine
    }

    @Test("a conflict gives String, optional, Date (INTEGER ms and ISO TEXT) and Double as their types")
    func conflictTyped() throws {
        let store = try DraftStore(path: nil, migrations: [Migration(name: "0001", sql: Self.sql)])
        defer { store.close() }
        let mine = try conflicting(store)
        var caught: ConflictError?
        do { try mine.save() } catch let SaveError.conflict(conflict) { caught = conflict }
        let object = try #require(caught?.objects.first)
        #expect(try object.field(\Record.title) == FieldConflict(name: "title", base: "Base", mine: "Mine", theirs: "Theirs"))
        #expect(try object.field(\Record.note) == FieldConflict(name: "note", base: nil, mine: "my note", theirs: "their note"))
        let at = try #require(try object.field(\Record.at))
        #expect((at.base, at.mine, at.theirs) == (Date(timeIntervalSince1970: 1), Self.day(1), Self.day(2)))
        let stamped = try #require(try object.field(\Record.stamped))
        #expect((stamped.base, stamped.mine, stamped.theirs) == (Self.day(0), Self.day(1), Self.day(2)))
        #expect(try object.field(\Record.score) == FieldConflict(name: "score", base: 1.5, mine: 2.75, theirs: 3.25))
    }

    @Test("a staleness gives the same typed fields")
    func staleTyped() throws {
        let store = try DraftStore(path: nil, migrations: [Migration(name: "0001", sql: Self.sql)])
        defer { store.close() }
        let mine = try conflicting(store)
        let stale = try #require(try mine.staleObjects().first)
        #expect(try stale.field(\Record.title) == FieldConflict(name: "title", base: "Base", mine: "Mine", theirs: "Theirs"))
        let stamped = try #require(try stale.field(\Record.stamped))
        #expect(stamped.theirs == Self.day(2))
    }

    @Test("a key path that is no declared column throws UnknownColumnError")
    func unknownKeyPath() throws {
        let store = try DraftStore(path: nil, migrations: [Migration(name: "0001", sql: Self.sql)])
        defer { store.close() }
        let stale = try #require(try conflicting(store).staleObjects().first)
        #expect(throws: UnknownColumnError.self) { try stale.field(\Record.unstored) }
    }

    @Test("resolve: take theirs and keep mine per field, then the save succeeds with the expected row on disk")
    func resolveThenSave() throws {
        let store = try DraftStore(path: nil, migrations: [Migration(name: "0001", sql: Self.sql)])
        defer { store.close() }
        let item = try store.presentEdit(Record.self, id: 1)
        item.draft.title = "Mine"
        item.draft.score = 2.75
        let theirs = store.newChildContext()
        var other = try #require(try theirs.fetch(Record.self, id: 1))
        (other.title, other.note, other.score) = ("Theirs", "their note", 3.25)
        try theirs.update(other)
        try theirs.save()
        #expect(item.changedElsewhere == nil, "not tracked")
        #expect(try item.staleField(\.title)?.theirs == "Theirs", "read now, with no refresh")
        #expect(item.changedElsewhere?.fields.map(\.name).sorted() == ["note", "score", "title"])
        #expect(try item.staleField(\.score)?.mine == 2.75)
        try item.resolve(\.title, .takeTheirs)
        try item.resolve(\.score, .keepMine)
        #expect(item.draft.title == "Theirs")
        #expect(try item.staleField(\.title) == nil)
        _ = try item.save()
        let stored = try store.withWriterConnection { try rows($0, "SELECT title, note, score FROM records") }
        #expect(stored == [[.text("Theirs"), .text("their note"), .real(2.75)]])
    }

    @Test("staleField reads the store now: a save by another store on the same file is seen with no tracking")
    func staleFieldFromAnotherStore() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "typed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appending(path: "records.sqlite").path
        let store = try DraftStore(path: path, migrations: [Migration(name: "0001", sql: Self.sql)])
        defer { store.close() }
        let other = try DraftStore(path: path, migrations: [Migration(name: "0001", sql: Self.sql)])
        defer { other.close() }
        let item = try store.presentEdit(Record.self, id: 1)
        item.draft.title = "Mine"
        let theirs = try other.presentEdit(Record.self, id: 1)
        theirs.draft.title = "Theirs"
        _ = try theirs.save()
        let title = try #require(try item.staleField(\.title))
        #expect(title == FieldConflict(name: "title", base: "Base", mine: "Mine", theirs: "Theirs"))
        try item.resolve(\.title, .keepMine)
        #expect(try item.save().title == "Mine")
        #expect(try other.fetch(Record.self, id: 1)?.title == "Mine")
    }

    @Test("resolve and staleField with a key path that is no declared column throw UnknownColumnError")
    func resolveUnknownKeyPath() throws {
        let store = try DraftStore(path: nil, migrations: [Migration(name: "0001", sql: Self.sql)])
        defer { store.close() }
        let item = try store.presentEdit(Record.self, id: 1)
        #expect(throws: UnknownColumnError.self) { try item.resolve(\.unstored, .keepMine) }
        #expect(throws: UnknownColumnError.self) { try item.staleField(\.unstored) }
    }

    @Test("every supported column type is a FieldValue in the library, Date and Data included")
    func columnTypesAreFieldValues() {
        func sameness<V: FieldValue>(_ value: V) -> Bool { V.isSameFieldValue(value, value) && !value.isEmptyFieldValue }
        #expect(sameness(Self.day(1)) && sameness(Data([1])) && sameness(1) && sameness(Int64(1)) && sameness(1.5))
        #expect(sameness(true) && sameness("a") && sameness(Optional(Self.day(1))) && sameness(Optional(Data([1]))))
    }
}
