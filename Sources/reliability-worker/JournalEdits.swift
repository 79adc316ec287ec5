import Bookshelf
import DraftStore
import Foundation

/// `reliability-worker journal PATH ID [cancel]`: opens the author `ID` of a Bookshelf store in
/// a journaled item and makes ``count`` edits, pausing 0–40 ms between them. After edit `k` it
/// writes `EDIT k <monotonic ns>` on standard output (one unbuffered `write`). Then it waits to
/// be killed; with `cancel`, it cancels the item, closes the store, writes `CANCELLED` and exits 0.
///
/// Edit `k` (1…10): an odd `k` sets the name to `Name k`, an even one the bio to `Bio k`;
/// edit 5 instead adds the related book `Draft book` (one row of another table in the context).
struct JournalEdits {
    /// How many edits the worker makes.
    static let count = 10

    let path: String
    let id: Int64
    let cancels: Bool

    func run() throws {
        var configuration = DraftStore.Configuration()
        configuration.entities = Bookshelf.entities
        configuration.journalsDrafts = true
        let store = try DraftStore(path: path, migrations: Bookshelf.migrations, configuration: configuration)
        let item = try store.presentEdit(Author.self, id: id)
        var generator = SystemRandomNumberGenerator()
        for edit in 1...Self.count {
            Thread.sleep(forTimeInterval: Double.random(in: 0...0.04, using: &generator))
            try Self.apply(edit, to: item)
            Worker.emit("EDIT \(edit) \(DispatchTime.now().uptimeNanoseconds)\n")
        }
        if cancels {
            try item.cancel()
            store.close()
            Worker.emit("CANCELLED\n")
            return
        }
        while true { Thread.sleep(forTimeInterval: 1) }
    }

    /// Makes edit number `edit` of the sequence.
    static func apply(_ edit: Int, to item: PresentedItem<Author>) throws {
        if edit == 5 {
            try item.insertRelated(Book(authorID: item.draft.id!, title: "Draft book", year: 2020))
        } else if edit % 2 == 1 {
            item.draft.name = "Name \(edit)"
        } else {
            item.draft.bio = "Bio \(edit)"
        }
    }
}
