import Bookshelf
import DraftStoreTesting
import Foundation
import Testing

@testable import DraftStore
@testable import DraftStoreSQLite

// The code of the DocC articles, compiled and run here. `scripts/check-snippets` checks
// that each article's code block equals its `// snippet:` region below.

/// The seeded fixture the article examples run against.
private let fixture = StoreFixture(migrations: Bookshelf.migrations, entities: Bookshelf.entities) { store in
    let context = store.newChildContext()
    let mira = try context.insert(Author(name: "Mira Okafor", email: "mira@example.com"))
    try context.insert(Book(authorID: mira.id!, title: "Tide Charts"))
    try context.insert(Author(name: "Jon Bay", email: "jon@example.com"))
    try context.save()
}

@Suite("Article examples")
struct ArticleExamples {
    @Test func gettingStarted() throws {
        // snippet: getting-started
        let store = try Bookshelf.openStore(path: nil)  // in memory; pass a path for a file

        // Add: the action that opens the editor creates the item and its draft.
        let add = try store.presentNew(Author())
        add.draft.name = "Octavia Butler"
        add.draft.email = "octavia@example.com"
        let octavia = try add.save()  // validated, one transaction; octavia.rowID is the real id

        // Edit, then cancel: nothing is written, no SQL runs.
        let cancelled = try store.presentEdit(Author.self, id: octavia.rowID)
        cancelled.draft.name = "Zed"
        try cancelled.cancel()

        // Edit and save.
        let edit = try store.presentEdit(Author.self, id: octavia.rowID)
        edit.draft.bio = "Wrote Kindred."
        try edit.save()
        // snippet: end
        #expect(try store.fetch(Author.self, id: octavia.rowID)?.name == "Octavia Butler")
        #expect(try store.fetch(Author.self, id: octavia.rowID)?.bio == "Wrote Kindred.")
    }

    @Test func nestedContexts() throws {
        try fixture.withEachKind { test in
            let store = test.store
            // snippet: nested-contexts
            let edit = store.newChildContext()
            var mira = try edit.fetch(Author.self, id: 1)!
            mira.name = "Mira O."
            try edit.update(mira)

            let bookEditor = edit.newChildContext()  // a child of the child
            try bookEditor.insert(Book(authorID: 1, title: "Salt Roads"))
            try bookEditor.save()  // into `edit` only: the database is unchanged

            try edit.save()  // now both changes are on disk, in one transaction
            // snippet: end
            #expect(try store.count(Book.self) == 2)
            #expect(try store.fetch(Author.self, id: 1)?.name == "Mira O.")
        }
    }

    @Test func conflicts() throws {
        try fixture.withStore(.file) { test in
            let store = test.store
            let otherProcess = try BackgroundWriter(test)
            // snippet: conflicts
            let item = try store.presentEdit(Author.self, id: 1)
            item.draft.name = "Mira Okafor-Bay"

            // Meanwhile, another process renames her and changes her bio.
            try otherProcess.update(Author.self, id: 1) {
                $0.name = "M. Okafor"
                $0.bio = "Sailor."
            }

            do {
                try item.save()  // the default policy, .error, refuses
            } catch SaveError.conflict(let conflict) {
                let field = conflict.objects[0].fields[0]
                print(field.name, field.base, field.mine, field.theirs)
                // name 'Mira Okafor' 'Mira Okafor-Bay' 'M. Okafor'
            }

            // Take their bio, keep my name, and save.
            try item.rebase()
            try item.save()
            // snippet: end
            let saved = try store.fetch(Author.self, id: 1)
            #expect(saved?.name == "Mira Okafor-Bay")
            #expect(saved?.bio == "Sailor.")
        }
    }

    @Test func mergePolicy() throws {
        try fixture.withStore(.file) { test in
            let store = test.store
            let item = try store.presentEdit(Author.self, id: 1)
            item.draft.name = "Mine"
            try BackgroundWriter(test).update(Author.self, id: 1) { $0.name = "Theirs" }
            // snippet: merge-policy
            try item.save(policy: .storeWins)  // theirs is kept for fields both changed
            // snippet: end
            #expect(try store.fetch(Author.self, id: 1)?.name == "Theirs")
        }
    }

    @Test func validation() throws {
        try fixture.withEachKind { test in
            let store = test.store
            // snippet: validation
            let item = try store.presentNew(Author())
            #expect(item.visibleErrors.isEmpty)  // a fresh form shows no red

            item.draft.name = "A"
            #expect(item.visibleErrors.map(\.message) == ["Enter at least 2 characters"])
            #expect(!item.canSave)

            item.draft.name = "Ada Lovelace"
            item.draft.email = "MIRA@example.com"  // valid, but taken (case is ignored)
            do {
                try item.save()
            } catch let error as SaveError {
                #expect(error.fieldErrors.first?.source == .store)
            }
            item.draft.email = "ada@example.com"  // editing the field clears the store's error
            try item.save()
            // snippet: end
        }
    }

    @Test func wholeNumbers() {
        // snippet: whole-numbers
        #expect(WholeNumber.parse(" 42 ") == .value(42))
        #expect(WholeNumber.parse("٤٢") == .value(42))  // Arabic-Indic digits
        #expect(WholeNumber.parse("4.5") == .notAWholeNumber)
        #expect(WholeNumber.parse("99999999999999999999") == .tooLarge)
        // snippet: end
    }

    @Test func migrations() throws {
        // snippet: migrations
        let migrations = [
            Migration(name: "0001_create_notes", sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL) STRICT;"),
            Migration(name: "0002_add_pinned", sql: "ALTER TABLE notes ADD COLUMN pinned INTEGER NOT NULL DEFAULT 0;"),
        ]
        let store = try DraftStore(path: nil, migrations: migrations)
        // snippet: end
        let columns = try store.withWriterConnection { connection in
            try connection.fetch("SELECT name FROM pragma_table_info('notes')") { try $0.text(at: 0) }
        }
        #expect(columns == ["id", "body", "pinned"])
    }

    @Test func concurrency() async throws {
        let test = try fixture.makeStore(.file)
        defer { test.close() }
        // snippet: concurrency
        let store = test.store  // Sendable: share it freely
        let count = try await Task.detached {
            // A background task uses its own context.
            let context = store.newChildContext()
            try context.insert(Author(name: "Background Writer", email: "bg@example.com"))
            try context.save()
            return try store.count(Author.self)
        }.value
        // snippet: end
        #expect(count == 3)
    }

    @Test func testingFlows() throws {
        // snippet: testing
        try fixture.withEachKind { test in
            let item = try test.store.presentEdit(Author.self, id: 1)
            item.draft.email = "changed@example.com"
            try expectNoStatements(test.store) { try item.cancel() }
            #expect(try test.store.fetch(Author.self, id: 1)?.email == "mira@example.com")
        }
        // snippet: end
    }
}
