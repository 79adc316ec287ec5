import DraftStore
import Foundation

/// `reliability-worker bulk-save PATH ROWS`: inserts `ROWS` new rows of a table of its own into
/// one context and saves them, in its own process (tests running in parallel do not share its
/// memory), and writes `BULK rows=<rows in the file> growth=<VmHWM growth in kB> stored=<bytes>`:
/// the peak resident memory of the inserts and the save above what the process held before
/// them, and how many bytes the file grew by (`page_count × page_size`).
struct BulkSaveMemory {
    let path: String
    let rows: Int

    /// A row of the worker's table: a short title, an e-mail-like unique text, a longer body on
    /// two rows of three, as an app's import would bring.
    struct Note: Entity {
        var id: Int64?
        var title = ""
        var address = ""
        var body: String?
        var rank: Int64 = 0
        static let schema = EntitySchema<Note>(
            table: "notes",
            columns: [
                .primaryKey("id", \.id), .column("title", \.title), .column("address", \.address), .column("body", \.body),
                .column("rank", \.rank),
            ])
    }

    func run() throws {
        let migration = Migration(
            name: "0001_notes",
            sql: """
                CREATE TABLE notes (id INTEGER PRIMARY KEY, title TEXT NOT NULL, address TEXT NOT NULL UNIQUE, body TEXT,
                    rank INTEGER NOT NULL)
                """)
        let store = try DraftStore(path: path, migrations: [migration])
        let before = try Self.storedBytes(store)
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
        let baseline = CursorMemory.status("VmHWM")
        let context = store.newChildContext()
        for number in 1...Int64(rows) {
            let body = number % 3 == 0 ? nil : "Note \(number): what was said, and what is still to do about it."
            try context.insert(Note(title: "Note \(number)", address: "note\(number)@example.com", body: body, rank: number * 7))
        }
        try context.save()
        let growth = CursorMemory.status("VmHWM") - baseline
        let stored = try Self.storedBytes(store) - before
        let count = try store.count(Note.self)
        store.close()
        Worker.emit("BULK rows=\(count) growth=\(growth) stored=\(stored)\n")
    }

    /// The bytes of the database file as SQLite counts them: `page_count × page_size`.
    static func storedBytes(_ store: DraftStore) throws -> Int {
        try store.withWriterConnection { connection in
            let pages = try connection.scalar("PRAGMA page_count")
            let size = try connection.scalar("PRAGMA page_size")
            guard case let .integer(count) = pages, case let .integer(bytes) = size else { return 0 }
            return Int(count * bytes)
        }
    }
}
