import DraftStore
import DraftStoreTesting
import Foundation
import Testing

/// The draft journal on Chinook (a schema nobody here designed): restore after a restart,
/// rows changed or deleted meanwhile, a table changed by a migration, and the entry leaving in
/// the save's own transaction.
@Suite("Draft journal")
struct DraftJournalTests {
    /// Opens (creating) a journaled Chinook store on `path`.
    static func open(_ path: String, migrations: [Migration] = Chinook.migrations, journal: Bool = true) throws -> DraftStore {
        var configuration = DraftStore.Configuration()
        configuration.entities = Chinook.entities
        configuration.journalsDrafts = journal
        return try DraftStore(path: path, migrations: migrations, configuration: configuration)
    }

    /// Runs `body` on a file with Chinook in it, and a plain connection for checking what SQLite holds.
    static func withChinook(_ body: (String) throws -> Void) throws {
        try TemporaryFolder.with { folder in
            let path = folder.path("chinook.sqlite")
            try open(path, journal: false).close()
            try body(path)
        }
    }

    /// The entries, as a second connection reads them.
    static func entryCount(_ path: String) throws -> Int64 {
        let connection = try Connection(path: path)
        defer { connection.close() }
        guard case let .integer(count) = try connection.scalar("SELECT count(*) FROM draftstore_drafts") else { return -1 }
        return count
    }

    @Test("Restored after a restart: same identity, every edit, related rows; nothing in the app's rows; saving writes exactly the edits")
    func restoresAfterRestart() throws {
        try Self.withChinook { path in
            let before = try Connection(path: path)
            let tracksBefore = try before.scalar("SELECT count(*) FROM Track")
            before.close()
            var ids: [UUID] = []
            var editedFields: Set<String> = []
            do {
                let store = try Self.open(path)
                let edit = try store.presentEdit(Track.self, id: 1)
                edit.draft.composer = "Young, Young, Johnson"
                edit.draft.unitPrice = 1.29
                let add = try store.presentNew(Album(title: "Draft album", artistID: 1))
                try add.insertRelated(Track(name: "Draft track", albumID: add.draft.albumID, milliseconds: 1000))
                ids = [edit.id, add.id]
                editedFields = edit.form.editedFields
                store.flushDraftJournal()
                // The process ends without saving or cancelling (closing keeps the entries).
                store.close()
            }
            let store = try Self.open(path)
            defer { store.close() }
            let drafts = try store.restorableDrafts()
            #expect(Set(drafts.map(\.id)) == Set(ids))
            #expect(drafts.first { $0.id == ids[0] }?.mode == .edit(key: 1))
            #expect(drafts.first { $0.id == ids[1] }?.mode == .add)
            #expect(drafts.allSatisfy { $0.editedAt.timeIntervalSinceNow > -60 })
            // Nothing of the drafts reached the app's rows.
            #expect(try store.fetch(Track.self, key: 1)?.composer == "Angus Young, Malcolm Young, Brian Johnson")
            #expect(try store.withWriterConnection { try $0.scalar("SELECT count(*) FROM Track") } == tracksBefore)

            let edit = try store.restoreDraft(Track.self, id: ids[0])
            #expect(edit.id == ids[0] && edit.mode == .edit(key: 1))
            #expect(edit.draft.composer == "Young, Young, Johnson" && edit.draft.unitPrice == 1.29)
            #expect(edit.form.editedFields == editedFields)
            #expect(try edit.staleness() == nil)
            let add = try store.restoreDraft(Album.self, id: ids[1], related: [Track.self])
            #expect(add.mode == .add && add.draft.title == "Draft album" && add.draft.albumID! < 0)
            let related = try add.context.fetch(FetchRequest<Track>.all.filter(\.albumID, equals: add.draft.albumID))
            #expect(related.map(\.name) == ["Draft track"])

            try edit.save()
            let album = try add.save()
            let check = try Connection(path: path)
            defer { check.close() }
            #expect(
                try check.scalar("SELECT Composer || ' ' || UnitPrice FROM Track WHERE TrackId = 1") == .text("Young, Young, Johnson 1.29"))
            #expect(try check.scalar("SELECT Name FROM Track WHERE AlbumId = ?", [.integer(album.albumID!)]) == .text("Draft track"))
            #expect(try check.scalar("SELECT count(*) FROM draftstore_drafts") == .integer(0))
        }
    }

    @Test("On restore, rows changed or deleted meanwhile are reported exactly as for a live item, and rebase works")
    func staleAndDeletedRowsOnRestore() throws {
        try Self.withChinook { path in
            let extra = try Connection(path: path)
            defer { extra.close() }
            try extra.run("INSERT INTO Track (TrackId, Name, MediaTypeId, Milliseconds, UnitPrice) VALUES (9001, 'Spare', 1, 1, 0.99)")
            var ids: [UUID] = []
            do {
                let store = try Self.open(path)
                let changed = try store.presentEdit(Track.self, id: 2)
                changed.draft.composer = "Mine"
                let deleted = try store.presentEdit(Track.self, id: 9001)
                deleted.draft.name = "Spare, edited"
                ids = [changed.id, deleted.id]
                store.close()
            }
            let store = try Self.open(path)
            defer { store.close() }
            // Live twins read the same rows before they change.
            let liveChanged = try store.presentEdit(Track.self, id: 2, journal: false)
            liveChanged.draft.composer = "Mine"
            let liveDeleted = try store.presentEdit(Track.self, id: 9001, journal: false)
            liveDeleted.draft.name = "Spare, edited"
            try extra.run("UPDATE Track SET Name = 'Theirs', Composer = 'Theirs too' WHERE TrackId = 2")
            try extra.run("DELETE FROM Track WHERE TrackId = 9001")

            let changed = try store.restoreDraft(Track.self, id: ids[0])
            let deleted = try store.restoreDraft(Track.self, id: ids[1])
            #expect(try changed.staleness()?.description == liveChanged.staleness()?.description)
            #expect(try changed.staleness()?.fields.map(\.name) == ["Name", "Composer"])
            #expect(try deleted.staleness()?.wasDeleted == true)
            #expect(try deleted.staleness()?.description == liveDeleted.staleness()?.description)
            // Saved as they are: the same conflicts as the live items.
            #expect(Self.conflict(of: changed) == Self.conflict(of: liveChanged))
            #expect(Self.conflict(of: deleted) == Self.conflict(of: liveDeleted))
            #expect(Self.conflict(of: deleted)?.contains("deleted") == true)
            // Rebase: theirs for the name, mine kept for the composer (which both changed).
            let undecided = try changed.rebase()
            #expect(undecided?.fields.map(\.name) == ["Composer"])
            #expect(changed.draft.name == "Theirs" && changed.draft.composer == "Mine")
            try changed.save()
            #expect(try extra.scalar("SELECT Name || '/' || Composer FROM Track WHERE TrackId = 2") == .text("Theirs/Mine"))
            #expect(try extra.scalar("SELECT count(*) FROM draftstore_drafts WHERE id = ?", [.text(ids[0].uuidString)]) == .integer(0))
        }
    }

    /// The conflict a save reports, in words; `nil` when it saved or failed otherwise.
    static func conflict(of item: PresentedItem<Track>) -> String? {
        do {
            _ = try item.save()
            return nil
        } catch {
            if case let .conflict(conflict) = error {
                return "\(conflict.objects.map { "\($0.table)#\($0.key) \($0.wasDeleted ? "deleted" : "") \($0.fields.map(\.name))" })"
            }
            return nil
        }
    }

    @Test("An entry whose table a migration changed is reported, not restored; it can be discarded")
    func schemaChangedIsReported() throws {
        try Self.withChinook { path in
            var id = UUID()
            do {
                let store = try Self.open(path)
                let item = try store.presentEdit(ChinookArtist.self, id: 1)
                item.draft.name = "AC/DC (draft)"
                id = item.id
                store.close()
            }
            let migrations =
                Chinook.migrations + [Migration(name: "0099_artist_country", sql: "ALTER TABLE Artist ADD COLUMN Country TEXT;")]
            let store = try Self.open(path, migrations: migrations)
            defer { store.close() }
            #expect(try store.restorableDrafts().map(\.id) == [id])
            #expect(throws: DraftJournalError.schemaChanged(table: "Artist")) { try store.restoreDraft(ChinookArtist.self, id: id) }
            #expect(throws: DraftJournalError.entityMismatch(expected: "Album", found: "ChinookArtist")) {
                try store.restoreDraft(Album.self, id: id)
            }
            try store.discardDraft(id: id)
            #expect(try store.restorableDrafts().isEmpty)
            #expect(try store.fetch(ChinookArtist.self, key: 1)?.name == "AC/DC")
        }
    }

    @Test("A successful save deletes the entry in its own transaction; a failed save keeps it, and it keeps being updated")
    func saveRemovesTheEntryInItsTransaction() throws {
        try Self.withChinook { path in
            let store = try Self.open(path)
            defer { store.close() }
            let item = try store.presentEdit(Track.self, id: 3)
            item.draft.composer = "Draft composer"
            store.flushDraftJournal()
            #expect(try Self.entryCount(path) == 1)
            // A failed save (a conflict): nothing written, the entry stays.
            let other = try Connection(path: path)
            defer { other.close() }
            try other.run("UPDATE Track SET Composer = 'Someone else' WHERE TrackId = 3")
            #expect(throws: SaveError.self) { try item.save() }
            store.flushDraftJournal()
            #expect(try Self.entryCount(path) == 1)
            _ = try item.rebase()
            item.draft.composer = "Draft composer, again"
            store.flushDraftJournal()
            let entry = try other.scalar("SELECT count(*) FROM draftstore_drafts WHERE entry LIKE '%Draft composer, again%'")
            #expect(entry == .integer(1))
            // The save's statements: the entry's DELETE runs between its BEGIN and its COMMIT.
            let statements = Lock<[String]>([])
            try store.withWriterConnection { connection in
                connection.setTraceHandler { sql in statements.withLock { $0.append(sql) } }
            }
            try item.save()
            try store.withWriterConnection { $0.setTraceHandler(nil) }
            let sql = statements.withLock { $0 }
            let begin = sql.firstIndex { $0.hasPrefix("BEGIN") }
            let delete = sql.firstIndex { $0.hasPrefix("DELETE FROM draftstore_drafts") }
            let commit = sql.firstIndex { $0.hasPrefix("COMMIT") }
            #expect(begin != nil && delete != nil && commit != nil)
            if let begin, let delete, let commit { #expect(begin < delete && delete < commit, "\(sql)") }
            #expect(sql.filter { $0.hasPrefix("BEGIN") }.count == 1)
            #expect(try other.scalar("SELECT Composer FROM Track WHERE TrackId = 3") == .text("Draft composer, again"))
            #expect(try Self.entryCount(path) == 0)
        }
    }

    @Test("Journal writes in flight never fail a save, and no saved item's entry comes back")
    func writesInFlightNeverFailASave() throws {
        try Self.withChinook { path in
            let store = try Self.open(path)
            defer { store.close() }
            let stop = Lock(false)
            // Another thread keeps the journal writing while items are edited and saved.
            let flusher = Thread {
                while !stop.withLock({ $0 }) { store.flushDraftJournal() }
            }
            flusher.start()
            var failures: [String] = []
            for round in 0..<200 {
                let item = try store.presentEdit(Genre.self, id: Int64(round % 20 + 1))
                item.draft.name = "Genre \(round)"
                if round % 3 == 0 { store.flushDraftJournal() }
                item.draft.name = "Genre \(round)!"
                do { try item.save() } catch { failures.append("\(round): \(error)") }
            }
            stop.withLock { $0 = true }
            store.flushDraftJournal()
            #expect(failures.isEmpty)
            #expect(try store.restorableDrafts().isEmpty)
            #expect(try Self.entryCount(path) == 0)
            #expect(try store.fetch(Genre.self, key: 20)?.name == "Genre 199!")
        }
    }

    @Test("Cancel deletes only its own entry; an item never edited runs no SQL at all when cancelled")
    func cancelRemovesTheEntry() throws {
        try Self.withChinook { path in
            let store = try Self.open(path)
            defer { store.close() }
            let kept = try store.presentEdit(Genre.self, id: 1)
            kept.draft.name = "Rock (kept)"
            let cancelled = try store.presentEdit(Genre.self, id: 2)
            cancelled.draft.name = "Jazz (cancelled)"
            store.flushDraftJournal()
            #expect(try Self.entryCount(path) == 2)
            try cancelled.cancel()
            store.flushDraftJournal()
            #expect(try store.restorableDrafts().map(\.id) == [kept.id])
            let untouched = try store.presentEdit(Genre.self, id: 3)
            try expectNoStatements(store) { try untouched.cancel() }
        }
    }

    @Test("Stores and tables the journal cannot serve are refused with typed errors")
    func refusals() throws {
        var configuration = DraftStore.Configuration()
        configuration.entities = Chinook.entities
        let memory = try DraftStore(path: nil, migrations: Chinook.migrations, configuration: configuration)
        #expect(throws: DraftJournalError.unavailable(.inMemory)) { try memory.presentEdit(Genre.self, id: 1, journal: true) }
        try TemporaryFolder.with { folder in
            let path = folder.path("visits.sqlite")
            let migrations = [Migration(name: "0001_visits", sql: "CREATE TABLE visits (url TEXT NOT NULL);")]
            let store = try DraftStore(path: path, migrations: migrations)
            defer { store.close() }
            #expect(throws: DraftJournalError.implicitRowID(table: "visits")) {
                try store.presentNew(JournalVisit(url: "a"), journal: true)
            }
            #expect(throws: DraftJournalError.notFound(UUID(uuidString: "00000000-0000-0000-0000-000000000001")!)) {
                try store.restoreDraft(JournalVisit.self, id: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!)
            }
        }
    }

    @Test("An entry of another format version is reported, not read")
    func otherFormatIsReported() throws {
        try Self.withChinook { path in
            let store = try Self.open(path)
            defer { store.close() }
            let item = try store.presentEdit(Genre.self, id: 4)
            item.draft.name = "Alternative (draft)"
            let id = item.id
            store.flushDraftJournal()
            item.context.discard()
            store.flushDraftJournal()
            #expect(try store.restorableDrafts().isEmpty)
            let other = try Connection(path: path)
            defer { other.close() }
            try other.run(
                "INSERT INTO draftstore_drafts VALUES (?, 99, 'Genre', 'Genre', 'edit', '[{\"integer\":4}]', 0, '{\"format\":99}')",
                [.text(id.uuidString)])
            #expect(try store.restorableDrafts().first?.format == 99)
            #expect(throws: DraftJournalError.unsupportedFormat(99)) { try store.restoreDraft(Genre.self, id: id) }
        }
    }
}

/// `visits(url)`: a table with only the implicit rowid.
struct JournalVisit: Entity {
    var rowID: Int64?
    var url = ""
    static let schema = EntitySchema<JournalVisit>(table: "visits", columns: [.primaryKey("rowid", \.rowID), .column("url", \.url)])
}
