import Bookshelf
import DraftStore
import Foundation
import Testing

// The code of the README's and the DocC article's "Drafts that survive", compiled and run here;
// scripts/check-snippets checks that the article's blocks equal the `// snippet:` regions.

@Suite struct JournalExamples {
    @Test func draftsThatSurvive() throws {
        try TemporaryFolder.with { folder in
            let path = folder.path("bookshelf.sqlite")
            try Bookshelf.openStore(path: path).presentNew(Author(name: "Octavia Butler", email: "octavia@example.com")).save()
            do {
                // snippet: journal-open
                var configuration = DraftStore.Configuration()
                configuration.entities = Bookshelf.entities
                configuration.journalsDrafts = true  // every item presented from this store is journaled
                let store = try DraftStore(path: path, migrations: Bookshelf.migrations, configuration: configuration)

                let item = try store.presentEdit(Author.self, id: 1)
                item.draft.name = "Octavia E. Butler"  // in the journal within 200 ms; the edit does not wait
                // snippet: end
                // The process dies here (closing, unlike a kill, writes what is pending at once).
                store.close()
            }
            var configuration = DraftStore.Configuration()
            configuration.entities = Bookshelf.entities
            configuration.journalsDrafts = true
            let store = try DraftStore(path: path, migrations: Bookshelf.migrations, configuration: configuration)
            defer { store.close() }
            var presented: [PresentedItem<Author>] = []
            func present(_ item: PresentedItem<Author>) { presented.append(item) }
            // snippet: journal-restore
            // At launch: offer each draft a killed process left.
            for draft in try store.restorableDrafts() where draft.entity == "Author" {
                do {
                    let item = try store.restoreDraft(Author.self, id: draft.id, related: [Book.self])
                    if let stale = try item.staleness() { print(stale) }  // changed meanwhile, as for any open item
                    present(item)
                } catch DraftJournalError.schemaChanged {
                    try store.discardDraft(id: draft.id)  // a migration changed its table since
                }
            }
            // snippet: end
            #expect(presented.map(\.draft.name) == ["Octavia E. Butler"])
            // snippet: journal-save
            let item = presented[0]
            try item.save()  // writes the edits; the entry is deleted in the same transaction
            // snippet: end
            #expect(try store.restorableDrafts().isEmpty)
            #expect(try store.fetch(Author.self, id: 1)?.name == "Octavia E. Butler")
        }
    }

    @Test func journalOneItem() throws {
        try TemporaryFolder.with { folder in
            let store = try Bookshelf.openStore(path: folder.path("bookshelf.sqlite"))
            defer { store.close() }
            // snippet: journal-per-item
            let item = try store.presentNew(Author(), journal: true)  // this item only
            item.draft.name = "Ursula K. Le Guin"
            try item.cancel()  // deletes its entry; nothing else runs
            // snippet: end
            store.flushDraftJournal()
            #expect(try store.restorableDrafts().isEmpty)
        }
    }
}
