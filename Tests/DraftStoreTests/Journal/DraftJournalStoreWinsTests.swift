import DraftStore
import DraftStoreTesting
import Foundation
import Testing

/// A journaled save that ends up writing none of the app's rows still ends its draft's entry.
@Suite("Draft journal: a save that writes nothing")
struct DraftJournalStoreWinsTests {
    @Test("A storeWins save whose only field another writer changed removes the entry; the row keeps their value")
    func storeWinsSaveThatWritesNothingRemovesTheEntry() throws {
        try DraftJournalTests.withChinook { path in
            let store = try DraftJournalTests.open(path)
            defer { store.close() }
            let item = try store.presentEdit(Track.self, id: 5)
            item.draft.composer = "Mine"
            store.flushDraftJournal()
            #expect(try DraftJournalTests.entryCount(path) == 1)
            let other = try Connection(path: path)
            defer { other.close() }
            try other.run("UPDATE Track SET Composer = 'Theirs' WHERE TrackId = 5")
            try item.save(policy: .storeWins)
            store.flushDraftJournal()
            #expect(try DraftJournalTests.entryCount(path) == 0)
            #expect(try store.restorableDrafts().isEmpty)
            #expect(try other.scalar("SELECT Composer FROM Track WHERE TrackId = 5") == .text("Theirs"))
        }
    }
}
