import Bookshelf
import DraftStore
import Foundation
import Testing

// The code of "Sharing changes between copies" (README and DocC article), compiled and run
// here; `scripts/check-snippets` checks the article's blocks against the regions below.

@Suite("Sharing article examples")
struct SharingExamples {
    /// Two Bookshelf files that start equal (one author), each recording its commits.
    static func copies(in folder: TemporaryFolder) throws -> (phone: DraftStore, laptop: DraftStore) {
        // snippet: sharing-open
        var configuration = DraftStore.Configuration()
        configuration.entities = Bookshelf.entities
        configuration.recordsChanges = true  // each commit's changeset, in the table draftstore_changes
        let phone = try DraftStore(path: folder.path("phone.sqlite"), migrations: Bookshelf.migrations, configuration: configuration)
        // snippet: end
        let first = phone.newChildContext()
        try first.insert(Author(name: "Mira Okafor", email: "mira@example.com"))
        try first.save()
        phone.close()
        try FileManager.default.copyItem(atPath: folder.path("phone.sqlite"), toPath: folder.path("laptop.sqlite"))
        return (
            try DraftStore(path: folder.path("phone.sqlite"), migrations: Bookshelf.migrations, configuration: configuration),
            try DraftStore(path: folder.path("laptop.sqlite"), migrations: Bookshelf.migrations, configuration: configuration)
        )
    }

    @Test func captureOneSave() throws {
        let store = try Bookshelf.openStore(path: nil)
        // snippet: sharing-capture
        let context = store.newChildContext()
        context.capturesChanges = true  // this context's saves come back as SQLite changesets
        try context.insert(Author(name: "Octavia Butler", email: "octavia@example.com"))
        let result = try context.save()
        if let changes = result.capturedChanges {
            print(changes.changeset.bytes.count, "bytes, the real id SQLite assigned inside")  // SQLite's own format
            print(changes.omittedTables)  // tables without a declared PRIMARY KEY: SQLite left them out
        }
        // snippet: end
        let operations = try #require(result.capturedChanges).changeset.operations()
        #expect(operations.map(\.new[0]) == [.integer(1)])
    }

    @Test func keepTwoCopiesInStep() throws {
        try TemporaryFolder.with { folder in
            let (phone, laptop) = try Self.copies(in: folder)
            defer {
                phone.close()
                laptop.close()
            }
            let (lastSentFromPhone, lastSentFromLaptop): (Int64, Int64) = (1, 1)
            let onPhone = try phone.presentEdit(Author.self, id: 1)
            onPhone.draft.name = "Mira O."
            onPhone.draft.bio = "Sails."
            try onPhone.save()
            let onLaptop = try laptop.presentEdit(Author.self, id: 1)
            onLaptop.draft.name = "Mira Okafor-Bay"
            try onLaptop.save()
            // snippet: sharing-exchange
            // The phone's saves since the last exchange, applied on the laptop field by field.
            let fromPhone = try phone.exportChanges(after: lastSentFromPhone)
            let report = try laptop.apply(fromPhone.changeset, policy: .storeWins)
            for conflict in report.conflicts {  // every field both sides changed: base, mine, theirs
                print(conflict.table, conflict.key, conflict.kind, conflict.fields.map(\.name))
            }
            // The phone takes the laptop's merged state: its own changes undone, the laptop's taken.
            let back = try SQLiteChangeset.concatenated([
                fromPhone.changeset.inverted(),
                laptop.exportChanges(after: lastSentFromLaptop).changeset,
            ])
            try phone.apply(back)
            // snippet: end
            #expect(report.conflicts.map(\.fields.first?.name) == ["name"])
            let mine = try #require(try phone.fetch(Author.self, id: 1))
            #expect(mine == (try laptop.fetch(Author.self, id: 1)))
            #expect(mine.name == "Mira Okafor-Bay" && mine.bio == "Sails.")
        }
    }
}
