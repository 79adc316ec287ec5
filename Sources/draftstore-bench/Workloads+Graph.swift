import Bookshelf
import CBench
import DraftStore
import Foundation

extension Workloads {
    /// W10 (graph): open an author with her 20 books in one form (`PresentedItem.children`), edit
    /// 3 books' titles, save; and the same, cancelled. C runs the same SQL (``GraphRows``).
    func graphCycle() throws -> [ResultRow] {
        let parents = min(options.authors, 1_000)
        let cycles = max(options.cycles / 10, 10)
        let ids = { (round: Int) in SplitMix64.ids(count: cycles, rows: parents, seed: 10_000 &+ UInt64(round)) }
        var result: [ResultRow] = []
        for save in [true, false] {
            let label = save ? "save" : "cancel"
            let check = { (side: String) in { (path: String, _: Int) in try GraphRows.verify(path, edited: save, side: "W10 \(side)") } }
            let medians = try Counting.$workload.withValue("W10 \(label)") {
                try harness.compare([
                    side(
                        "C", rows: options.authors, check: check("C"),
                        open: { path, _ in try GraphRows.openC(path, parents: parents) }, close: { cbench_graph_close($0) }
                    ) { db, round in
                        let ids = ids(round)
                        let code = ids.withUnsafeBufferPointer { cbench_graph_cycles(db, $0.baseAddress, Int64($0.count), 3, save ? 1 : 0) }
                        try BenchFailure.check(code, "C graph cycles")
                    },
                    side(
                        "ds", rows: options.authors, check: check("ds"),
                        open: { path, _ in try GraphRows.openStore(path, parents: parents) }, close: { $0.close() }
                    ) { store, round in try GraphRows.cycles(store, ids: ids(round), save: save) },
                ])
            }
            result.append(
                ResultRow(
                    "W10", "open an author with 20 books in a form, edit 3, \(label)", size: "\(cycles) cycles", c: medians["C"], raw: nil,
                    draftStore: medians["ds"]))
        }
        return result
    }
}

/// W10's rows and sides: 20 books for each of the first `parents` authors of the seeded file
/// (added before a side opens it, untimed), and the form's cycle.
enum GraphRows {
    /// Adds 20 books ("Book 1" … "Book 20") to each of authors 1…`parents`.
    static func addBooks(_ path: String, parents: Int) throws {
        let connection = try Connection(path: path)
        defer { connection.close() }
        try connection.execute(
            """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20)
            INSERT INTO books (author_id, title, year) SELECT a.id, 'Book ' || n.i, 1990 + n.i FROM authors a, n WHERE a.id <= \(parents);
            """)
    }

    static func openC(_ path: String, parents: Int) throws -> OpaquePointer {
        try addBooks(path, parents: parents)
        var db: OpaquePointer?
        try BenchFailure.check(cbench_graph_open(path, DraftStore.Durability.full.pragmaValue, &db), "C graph open \(path)")
        guard let db else { throw BenchFailure(description: "C graph open returned no handle") }
        return db
    }

    static func openStore(_ path: String, parents: Int) throws -> DraftStore {
        try addBooks(path, parents: parents)
        return try StoreSide.open(path)
    }

    /// For each id: present the author, her books (by title), 3 titles edited, save or cancel.
    static func cycles(_ store: DraftStore, ids: [Int64], save: Bool) throws {
        for (cycle, id) in ids.enumerated() {
            let item = try store.presentEdit(Author.self, id: id)
            let books = try item.children(Author.books)
            for index in 0..<3 {
                var book = books.rows[index]
                book.title = "\(book.title) v\(cycle)"
                try books.update(book)
            }
            if save { try item.save() } else { try item.cancel() }
        }
    }

    /// Checks a side's file: edited titles (" v" in them) after saves, none after cancels.
    static func verify(_ path: String, edited: Bool, side: String) throws {
        let connection = try Connection(path: path)
        defer { connection.close() }
        let count = try connection.scalar("SELECT count(*) FROM books WHERE title LIKE '% v%'")
        guard case let .integer(found)? = count, (found > 0) == edited else {
            throw BenchFailure(description: "\(side): \(String(describing: count)) edited titles, expected \(edited ? "some" : "none")")
        }
    }
}
