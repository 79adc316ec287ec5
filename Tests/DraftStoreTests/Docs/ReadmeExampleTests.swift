import Bookshelf
import DraftStore
import DraftStoreTesting
import Foundation
import Testing

// The README's "Testing your editing flows" example, as README shows it (scripts/check-snippets).
// snippet: readme-testing
let bookshelf = StoreFixture(migrations: Bookshelf.migrations, entities: Bookshelf.entities) { store in
    let context = store.newChildContext()
    try context.insert(Author(name: "Mira Okafor", email: "mira@example.com"))
    try context.save()
}

@Test func cancelWritesNothing() throws {
    try bookshelf.withEachKind { test in  // in memory, then in a file
        let item = try test.store.presentEdit(Author.self, id: 1)
        item.draft.email = "changed@example.com"
        try expectNoStatements(test.store) { try item.cancel() }
        #expect(try test.store.fetch(Author.self, id: 1)?.email == "mira@example.com")
    }
}

@Test func aConcurrentRenameIsAConflict() throws {
    try bookshelf.withStore(.file) { test in
        let item = try test.store.presentEdit(Author.self, id: 1)
        try BackgroundWriter(test).update(Author.self, id: 1) { $0.name = "Theirs" }
        item.draft.name = "Mine"
        expectConflict(on: \Author.name) { try item.save() }
    }
}
// snippet: end

/// The README's first form, as README shows it.
@Suite struct ReadmeExampleTests {
    @Test func theFirstForm() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appending(path: "bookshelf.sqlite").path
        // snippet: readme-first-form
        let store = try Bookshelf.openStore(path: path)  // migrated from Migrations/

        // The "Add author" button's action creates the presentation:
        let item = try store.presentNew(Author())
        item.draft.name = "Octavia Butler"  // a form binds $item.draft.name
        item.draft.email = "octavia@example.com"
        print(item.field(\.email).errors)  // shown once the field was edited or a save attempted
        let saved = try item.save()  // validated, one transaction; saved.rowID is the real id

        // "Edit", then Cancel: nothing is written, no SQL runs.
        let edit = try store.presentEdit(Author.self, id: saved.rowID)
        edit.draft.name = "Zed"
        try edit.cancel()

        // Someone else renamed her while this form was open: each field as its own type.
        let form = try store.presentEdit(Author.self, id: saved.rowID)
        form.draft.name = "Octavia E. Butler"
        if let name = try form.staleField(\.name) {  // FieldConflict<String>: base, mine, theirs
            print(name.base, name.mine, name.theirs)
            try form.resolve(\.name, .keepMine)  // or .takeTheirs; the save then writes mine
        }
        try form.save()
        // snippet: end
        #expect(try store.fetch(Author.self, id: saved.rowID)?.name == "Octavia E. Butler")
    }
}

/// The README's "Lists and observation" example, as written.
@Suite struct ReadmeObservationExampleTests {
    @MainActor
    @Test func listsAndObservation() async throws {
        let test = try bookshelf.makeStore(.file)
        defer { test.close() }
        let store = test.store
        let lists = Lock<[[String]]>([])

        // snippet: readme-lists
        // The list: the current result first, then one element per commit that changes it.
        let request = FetchRequest<Author>.all.filter(\.name, contains: "a").sorted(by: \.name).limit(20)
        let watcher = Task {
            for try await authors in store.results(of: request) {
                lists.withLock { $0.append(authors.map(\.name)) }  // never older than the one before
            }
        }

        // On the main actor, a list model for SwiftUI: `rows` follows the same sequence.
        let authors = ListModel(request, in: store)

        // An open form learns that its row changed elsewhere, before Save.
        let form = try store.presentEdit(Author.self, id: 1)
        let tracking = Task { await form.trackChangesElsewhere() }

        // Another screen saves; waiting for another writer's lock does not block its actor.
        let edit = try store.presentEdit(Author.self, id: 1)
        edit.draft.name = "Mira A. Okafor"
        try await edit.save()
        // snippet: end

        await caughtUp(authors)
        #expect(authors.rows.map(\.name) == ["Mira A. Okafor"])
        await eventually { form.changedElsewhere?.fields.first?.theirs == .text("Mira A. Okafor") }
        #expect(form.changedElsewhere?.fields.map(\.name) == ["name"])  // base / mine / theirs
        await eventually { lists.withLock { $0.last } == ["Mira A. Okafor"] }
        #expect(lists.withLock { $0.last } == ["Mira A. Okafor"])
        watcher.cancel()  // ends the observation
        tracking.cancel()
    }
}
