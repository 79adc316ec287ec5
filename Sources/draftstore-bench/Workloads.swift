import Bookshelf
import CBench
import DraftStore
import Foundation

/// The workloads W1–W8: each runs its C, raw Swift and DraftStore sides on fresh files.
struct Workloads {
    let options: BenchOptions
    let scratch: Scratch
    var harness: Harness { Harness(options: options) }

    /// A side that gets a fresh copy of the seeded database (or an empty one when `rows` is 0),
    /// opens it its own way, is timed on `body`, then closes and deletes the file.
    func cSide(rows: Int, durability: DraftStore.Durability = .full, _ body: @escaping (OpaquePointer, Int) throws -> Void) -> (
        String, (Int) throws -> Duration
    ) {
        (
            "C",
            { round in
                let path = rows > 0 ? try scratch.copyOfSeeded(rows: rows, label: "c") : scratch.newPath("c")
                let db = rows > 0 ? try CSide.open(path, durability: durability) : try CSide.create(path, durability: durability)
                defer { cbench_close(db); scratch.remove(path) }
                return try measure("C") { try body(db, round) }
            }
        )
    }

    /// The raw Swift side on a fresh file; see ``cSide(rows:_:)``.
    func rawSide(rows: Int, durability: DraftStore.Durability = .full, _ body: @escaping (RawSide, Int) throws -> Void) -> (
        String, (Int) throws -> Duration
    ) {
        (
            "raw",
            { round in
                let path = rows > 0 ? try scratch.copyOfSeeded(rows: rows, label: "raw") : scratch.newPath("raw")
                let db = try RawSide(path: path, create: rows == 0, durability: durability)
                defer { db.close(); scratch.remove(path) }
                return try measure("raw") { try body(db, round) }
            }
        )
    }

    /// A DraftStore side on a fresh file; see ``cSide(rows:_:)``.
    func storeSide(
        _ name: String = "ds", rows: Int, durability: DraftStore.Durability = .full, _ body: @escaping (DraftStore, Int) throws -> Void
    ) -> (
        String, (Int) throws -> Duration
    ) {
        (
            name,
            { round in
                let path = rows > 0 ? try scratch.copyOfSeeded(rows: rows, label: name) : scratch.newPath(name)
                let store = try StoreSide.open(path, durability: durability)
                defer { store.close(); scratch.remove(path) }
                return try measure(name) { try body(store, round) }
            }
        )
    }

    /// W1: bulk insert into one child context, one save.
    func bulkInsert() throws -> [ResultRow] {
        let count = options.authors
        let medians = try harness.compare([
            cSide(rows: 0) { db, _ in try BenchFailure.check(cbench_insert_authors(db, 1, Int64(count)), "C insert") },
            rawSide(rows: 0) { db, _ in try db.insertAuthors(first: 1, count: count) },
            storeSide(rows: 0) { store, _ in try StoreSide.insertAuthors(store, first: 1, count: count) },
        ])
        var row = ResultRow(
            "W1", "bulk insert, one child context, one save", size: "\(count) rows", c: medians["C"], raw: medians["raw"],
            draftStore: medians["ds"])
        row.target("≤ 1.50× C", checked: row.ratioToC, limit: 1.5)
        return [row]
    }

    /// W2: fetch every author, registered in a context and plain.
    func fetch() throws -> [ResultRow] {
        let rows = options.authors
        let medians = try harness.compare([
            cSide(rows: rows) { db, _ in
                var authors: UnsafeMutablePointer<cbench_author>?
                var count: Int64 = 0
                try BenchFailure.check(cbench_fetch_all(db, &authors, &count), "C fetch")
                cbench_free_authors(authors, count)
            },
            rawSide(rows: rows) { db, _ in _ = try db.fetchAll() },
            storeSide("ds-registered", rows: rows) { store, _ in _ = try StoreSide.fetchRegistered(store) },
            storeSide("ds-plain", rows: rows) { store, _ in _ = try StoreSide.fetchPlain(store) },
        ])
        var registered = ResultRow(
            "W2", "fetch all into a context (registered, snapshots)", size: "\(rows) rows",
            c: medians["C"], raw: medians["raw"], draftStore: medians["ds-registered"])
        registered.target("≤ 2.00× C", checked: registered.ratioToC, limit: 2.0)
        var plain = ResultRow(
            "W2", "fetch all, plain read-only array", size: "\(rows) rows", c: medians["C"], raw: medians["raw"],
            draftStore: medians["ds-plain"])
        plain.target("≤ 1.15× raw Swift", checked: plain.ratioToRawSwift, limit: 1.15)
        return [registered, plain]
    }

    /// The random ids of a round's cycles (the same on every side).
    func cycleIDs(round: Int, salt: UInt64) -> [Int64] {
        SplitMix64.ids(count: options.cycles, rows: options.authors, seed: salt &* 1_000 &+ UInt64(round))
    }

    /// W3: present, change the name, save — the full edit cycle with its conflict check, one
    /// commit a cycle, so it runs under each durability setting (every side with the same one).
    func editCycle() throws -> [ResultRow] {
        let (rows, cycles) = (options.authors, options.cycles)
        let statements = try tracedStatements(rows: rows) { store, ids in try StoreSide.editCycles(store, ids: ids) }
        return try DraftStore.Durability.allCases.map { durability in
            let medians = try Counting.$workload.withValue("W3 \(durability.pragmaValue)") {
                try harness.compare([
                    cSide(rows: rows, durability: durability) { db, round in
                        try CSide.run(cbench_edit_cycles, db, ids: cycleIDs(round: round, salt: 3), "C edit cycles")
                    },
                    rawSide(rows: rows, durability: durability) { db, round in try db.editCycles(cycleIDs(round: round, salt: 3)) },
                    storeSide(rows: rows, durability: durability) { store, round in
                        try StoreSide.editCycles(store, ids: cycleIDs(round: round, salt: 3))
                    },
                ])
            }
            var row = ResultRow(
                "W3", "edit cycle: present, change, save (synchronous=\(durability.pragmaValue))", size: "\(cycles) cycles",
                c: medians["C"], raw: medians["raw"], draftStore: medians["ds"])
            row.target("≤ 2.00× C", checked: row.ratioToC, limit: 2.0)
            if durability == .full { row.note = "DraftStore SQL per cycle: " + statements.joined(separator: "; ") }
            return row
        }
    }

    /// W4: present, change the name, cancel. Also counts the statements DraftStore ran.
    func cancelCycle() throws -> [ResultRow] {
        let (rows, cycles) = (options.authors, options.cycles)
        let medians = try harness.compare([
            cSide(rows: rows) { db, round in try CSide.run(cbench_read_cycles, db, ids: cycleIDs(round: round, salt: 4), "C read cycles") },
            rawSide(rows: rows) { db, round in try db.readCycles(cycleIDs(round: round, salt: 4)) },
            storeSide(rows: rows) { store, round in try StoreSide.cancelCycles(store, ids: cycleIDs(round: round, salt: 4)) },
        ])
        // Count every statement of a whole untimed run of the cycles, on every connection.
        let path = try scratch.copyOfSeeded(rows: rows, label: "w4-trace")
        let store = try StoreSide.open(path)
        defer { store.close(); scratch.remove(path) }
        let ids = cycleIDs(round: 0, salt: 4)
        let statements = try StoreSide.statements(of: store) { try StoreSide.cancelCycles(store, ids: ids) }
        let reads = statements.filter { $0 == RawSide.SQL.selectByID }.count
        var row = ResultRow(
            "W4", "cancel cycle: present, change, cancel", size: "\(cycles) cycles", c: medians["C"], raw: medians["raw"],
            draftStore: medians["ds"])
        row.target("≤ 2.00× C", checked: row.ratioToC, limit: 2.0)
        row.note = "DraftStore ran \(statements.count) statements for \(cycles) cycles (\(reads) of them the read by id)"
        if options.traceSQL {
            print("W4 SQL of one cycle:\n  " + Array(statements.prefix(statements.count / max(cycles, 1))).joined(separator: "\n  "))
        }
        return [row]
    }

    /// The statements DraftStore runs for one cycle of `body` (a traced, untimed run of one id).
    func tracedStatements(rows: Int, _ body: (DraftStore, [Int64]) throws -> Void) throws -> [String] {
        let path = try scratch.copyOfSeeded(rows: rows, label: "trace")
        let store = try StoreSide.open(path)
        defer { store.close(); scratch.remove(path) }
        let statements = try StoreSide.statements(of: store) { try body(store, [Int64(rows / 2)]) }
        if options.traceSQL { print("W3 SQL of one cycle:\n  " + statements.joined(separator: "\n  ")) }
        return statements
    }
}
