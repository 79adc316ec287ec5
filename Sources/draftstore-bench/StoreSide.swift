import Bookshelf
@_spi(Testing) import DraftStore
import Foundation

/// The DraftStore side: the same workloads written as an app writes them, with child
/// contexts and `PresentedItem`s over a `Bookshelf` store.
enum StoreSide {
    /// Opens (creating and migrating if needed) a Bookshelf store on a file, with `durability`.
    static func open(_ path: String, durability: DraftStore.Durability = .full) throws -> DraftStore {
        var configuration = DraftStore.Configuration()
        configuration.entities = Bookshelf.entities
        configuration.durability = durability
        return try DraftStore(path: path, migrations: Bookshelf.migrations, configuration: configuration)
    }

    /// W1: `count` new authors inserted into one child context, then one save.
    static func insertAuthors(_ store: DraftStore, first: Int64, count: Int) throws {
        let context = store.newChildContext()
        for id in first..<(first + Int64(count)) { try context.insert(AuthorRows.author(id)) }
        try context.save()
    }

    /// W2 registered: every author into a context, registered with its snapshot. The context
    /// is returned so a memory measurement can keep it alive.
    static func fetchRegistered(_ store: DraftStore) throws -> (ObjectContext, [Author]) {
        let context = store.newChildContext()
        return (context, try context.fetchAll(Author.self))
    }

    /// W2 plain: every author into an array, read-only, untracked.
    static func fetchPlain(_ store: DraftStore) throws -> [Author] {
        try store.fetch(FetchRequest<Author>.all)
    }

    /// W3: present each id for editing, change the name, save (conflict check included).
    static func editCycles(_ store: DraftStore, ids: [Int64]) throws {
        for (cycle, id) in ids.enumerated() {
            let item = try store.presentEdit(Author.self, id: id)
            item.draft.name = AuthorRows.editedName(id, cycle: cycle)
            try item.save()
        }
    }

    /// W4: present each id for editing, change the name, then the bio, cancel.
    /// - Returns: The text bytes of the drafts as presented, for the benchmark's check.
    static func cancelCycles(_ store: DraftStore, ids: [Int64]) throws -> Int {
        var bytes = 0
        for (cycle, id) in ids.enumerated() {
            let item = try store.presentEdit(Author.self, id: id)
            // The gets and sets that `item.draft.name = …` then `item.draft.bio = …` make, with the values
            // read counted between the first get and set.
            var draft = item.draft
            bytes += Verify.textBytes(draft)
            draft.name = AuthorRows.editedName(id, cycle: cycle)
            item.draft = draft
            var second = item.draft
            second.bio = AuthorRows.editedBio(id, cycle: cycle)
            item.draft = second
            try item.cancel()
        }
        return bytes
    }

    /// W5: present each id for editing (and close the editor, which runs nothing).
    /// - Returns: The text bytes of the drafts as presented, for the benchmark's check.
    static func presentCycles(_ store: DraftStore, ids: [Int64]) throws -> Int {
        var bytes = 0
        for id in ids {
            let item = try store.presentEdit(Author.self, id: id)
            bytes += Verify.textBytes(item.draft)
            try item.cancel()
        }
        return bytes
    }

    /// W6: one change per id made in `context`, then saved into its parent.
    private static func change(_ ids: [Int64], in context: ObjectContext) throws {
        for (cycle, id) in ids.enumerated() {
            guard var author = try context.fetch(Author.self, id: id) else { throw BenchFailure(description: "author \(id) missing") }
            author.name = AuthorRows.editedName(id, cycle: cycle)
            try context.update(author)
        }
    }

    /// W6 nested: a child of a child holds the changes, saves into its parent, which saves to disk.
    static func nestedSave(_ store: DraftStore, ids: [Int64]) throws {
        let parent = store.newChildContext()
        let child = parent.newChildContext()
        try change(ids, in: child)
        try child.save()
        try parent.save()
    }

    /// W6 reference: the same changes saved from a single child of the store.
    static func singleSave(_ store: DraftStore, ids: [Int64]) throws {
        let child = store.newChildContext()
        try change(ids, in: child)
        try child.save()
    }

    /// The SQL texts every connection of `store` runs during `body`, in order.
    static func statements(of store: DraftStore, during body: () throws -> Void) rethrows -> [String] {
        final class Log { var lines: [String] = [] }
        let log = Log()
        store.forEachConnection { connection in connection.setTraceHandler { log.lines.append($0) } }
        defer { store.forEachConnection { $0.setTraceHandler(nil) } }
        try body()
        return log.lines
    }
}
