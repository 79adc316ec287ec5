import CSQLite
import DraftStoreTesting
import Foundation
import Synchronization
import Testing

@testable import DraftStore

/// `apply(_:policy:)` on Chinook: fields changed on one side taken, on both sides
/// reported as base / mine / theirs, deleted rows as their own kind, each policy as for a save.
@Suite("Changesets: applying another copy's changes")
struct ChangesetApplyTests {
    /// Saves one change to a store.
    static func edit<E: Entity>(_ store: DraftStore, _ type: E.Type, id: Int64, _ change: (inout E) -> Void) throws {
        let context = store.newChildContext()
        var row = try #require(try context.fetch(type, id: id))
        change(&row)
        try context.update(row)
        try context.save()
    }

    /// Deletes one row.
    static func delete<E: Entity>(_ store: DraftStore, _ type: E.Type, id: Int64) throws {
        let context = store.newChildContext()
        try context.delete(type, id: id)
        try context.save()
    }

    @Test func takesColumnsChangedOnlyByTheChangeset() throws {
        try Replicas.with { replicas in
            try Self.edit(replicas.a, Track.self, id: 1) { $0.composer = "A. Young" }
            try Self.edit(replicas.b, Track.self, id: 1) { $0.name = "For Those About To Rock" }
            let report = try replicas.b.apply(try replicas.a.exportChanges(after: 0).changeset)
            #expect(report.conflicts.isEmpty && report.applied == 1)
            let track = try #require(try replicas.b.fetch(Track.self, id: 1))
            #expect(track.composer == "A. Young" && track.name == "For Those About To Rock")
        }
    }

    @Test(arguments: [MergePolicy.error, .draftWins, .storeWins, .overwrite, .rollback])
    func aFieldChangedOnBothSidesIsReported(policy: MergePolicy) throws {
        try Replicas.with { replicas in
            try Self.edit(replicas.a, Track.self, id: 2) {
                $0.name = "Theirs"; $0.milliseconds = 1
            }
            try Self.edit(replicas.b, Track.self, id: 2) {
                $0.name = "Mine"; $0.composer = "Only mine"
            }
            let before = try Replicas.contents(replicas.b)
            let changeset = try replicas.a.exportChanges(after: 0).changeset
            let expected = ConflictError.Field(name: "Name", base: .text("Balls to the Wall"), mine: .text("Mine"), theirs: .text("Theirs"))
            let conflicts: [ChangesetConflict]
            do {
                conflicts = try replicas.b.apply(changeset, policy: policy).conflicts
                #expect(policy != .error)
            } catch let ChangesetError.conflict(found) {
                #expect(policy == .error)
                #expect(try Replicas.contents(replicas.b) == before)
                conflicts = found
            }
            #expect(conflicts.map(\.fields) == [[expected]] && conflicts.map(\.kind) == [.changedOnBothSides])
            let track = try #require(try replicas.b.fetch(Track.self, id: 2))
            switch policy {
            case .error: #expect(conflicts[0].resolution == .refused && track.milliseconds == 342562)
            case .draftWins, .overwrite:
                #expect(conflicts[0].resolution == .theirsTaken && track.name == "Theirs" && track.milliseconds == 1)
            case .storeWins: #expect(conflicts[0].resolution == .mineKept && track.name == "Mine" && track.milliseconds == 1)
            case .rollback: #expect(conflicts[0].resolution == .mineKept && track.name == "Mine" && track.milliseconds == 342562)
            }
            if policy != .error { #expect(track.composer == "Only mine") }
        }
    }

    @Test func rowsDeletedOnEitherSideAreTheirOwnKind() throws {
        try Replicas.with { replicas in
            try Self.delete(replicas.a, Genre.self, id: 20)
            try Self.edit(replicas.b, Genre.self, id: 20) { $0.name = "SF" }
            try Self.edit(replicas.a, Genre.self, id: 21) { $0.name = "Theatre" }
            try Self.delete(replicas.b, Genre.self, id: 21)
            try Self.delete(replicas.a, Genre.self, id: 22)
            try Self.delete(replicas.b, Genre.self, id: 22)  // Deleted on both sides: no conflict.
            let changeset = try replicas.a.exportChanges(after: 0).changeset
            #expect(throws: ChangesetError.self) { try replicas.b.apply(changeset, policy: .draftWins) }
            let report = try replicas.b.apply(changeset, policy: .storeWins)
            #expect(report.conflicts.map(\.kind) == [.deletedThere, .deletedHere])
            #expect(report.conflicts[0].fields == [.init(name: "Name", base: .text("Sci Fi & Fantasy"), mine: .text("SF"), theirs: .null)])
            #expect(report.conflicts[1].fields.isEmpty && report.conflicts.allSatisfy { $0.resolution == .mineKept })
            #expect(try replicas.b.fetch(Genre.self, id: 20)?.name == "SF")
            #expect(try replicas.b.fetch(Genre.self, id: 21) == nil)
        }
    }

    @Test func refusesPatchsetsDamagedInputAndTablesThatDoNotFit() throws {
        try Replicas.with { replicas in
            let context = replicas.a.newChildContext()
            context.capturesChanges = true
            var track = try #require(try context.fetch(Track.self, id: 4))
            track.name = "Changed"
            try context.update(track)
            let captured = try #require(try context.save().capturedChanges)
            let before = try Replicas.contents(replicas.b)
            #expect {
                try replicas.b.apply(captured.patchset)
            } throws: {
                if case ChangesetError.patchset = $0 { true } else { false }
            }
            // A table header cut short: SQLite 3.40.1's reader loops forever on it.
            var cut = captured.changeset.bytes
            cut.append(contentsOf: [0x54, 0x03, 0x02, 0x01, 0x00, 0x75])
            #expect {
                try replicas.b.apply(SQLiteChangeset(cut))
            } throws: {
                if case ChangesetError.damaged = $0 { true } else { false }
            }
            // Every prefix is refused, but one that ends right after the table header: a table with no changes.
            var accepted = 0
            for length in 1..<captured.changeset.bytes.count {
                if let report = try? replicas.b.apply(SQLiteChangeset(captured.changeset.bytes.prefix(length))) {
                    accepted += 1
                    #expect(report.applied == 0)
                }
                #expect(try Replicas.contents(replicas.b) == before)
            }
            #expect(accepted == 1)
            var generator = SystemRandomNumberGenerator()
            for _ in 0..<300 {
                var bytes = [UInt8](captured.changeset.bytes)
                bytes[Int.random(in: bytes.indices, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
                let copy = try Replicas.contents(replicas.b)
                do { try replicas.b.apply(SQLiteChangeset(Data(bytes)), policy: .storeWins) } catch is ChangesetError {
                    #expect(try Replicas.contents(replicas.b) == copy)
                }
            }
        }
    }

    @Test func aTableWithOnlyTheImplicitRowidIsRefused() throws {
        let keyed = Migration(name: "001-tags", sql: "CREATE TABLE tags (id INTEGER PRIMARY KEY, name TEXT)")
        let rowid = Migration(name: "001-tags", sql: "CREATE TABLE tags (id INTEGER, name TEXT)")
        let source = try DraftStore(path: nil, migrations: [keyed])
        let context = source.newChildContext()
        context.capturesChanges = true
        _ = try context.insert(Tag(name: "sea"))
        let changeset = try #require(try context.save().capturedChanges?.changeset)
        let target = try DraftStore(path: nil, migrations: [rowid])
        #expect {
            try target.apply(changeset)
        } throws: {
            if case ChangesetError.noPrimaryKey(table: "tags") = $0 { true } else { false }
        }
        let other = try DraftStore(
            path: nil, migrations: [Migration(name: "001-other", sql: "CREATE TABLE other (id INTEGER PRIMARY KEY)")])
        #expect {
            try other.apply(changeset)
        } throws: {
            if case ChangesetError.unknownTable("tags") = $0 { true } else { false }
        }
        #expect(try target.withWriterConnection { try $0.scalar("SELECT count(*) FROM tags") } == .integer(0))
    }

    @Test func observersAndOpenItemsSeeTheAppliedRows() throws {
        try Replicas.with { replicas in
            try Self.edit(replicas.a, Track.self, id: 5) { $0.composer = "From A" }
            let seen = Mutex<[String?]>([])
            let observation = replicas.b.observe(FetchRequest<Track>.all) { tracks in
                seen.withLock { $0.append(tracks.first { $0.trackID == 5 }?.composer) }
            }
            defer { observation.cancel() }
            let item = try replicas.b.presentEdit(Track.self, key: 5)
            item.draft.name = "Edited in B"
            try replicas.b.apply(try replicas.a.exportChanges(after: 0).changeset)
            waitForObservers(replicas.b)  // results are delivered on the engine's queue
            #expect(seen.withLock { $0.last } == "From A")
            let stale = try item.context.staleObjects()
            #expect(stale.map(\.key) == [RowKey(5)] && stale[0].fields.map(\.name) == ["Composer"])
            let saved = try item.save()
            #expect(saved.composer == "From A" && saved.name == "Edited in B")
        }
    }
}
