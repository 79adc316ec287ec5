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
    /// opens it its own way (`open` is given the path and whether the file is new), is timed on
    /// `body`, then closes (`close`) and deletes the file.
    /// After the timed part, `check` is given the file and the round (``Verify``).
    func side<Handle>(
        _ name: String, rows: Int, check: @escaping (String, Int) throws -> Void,
        open: @escaping (String, Bool) throws -> Handle, close: @escaping (Handle) -> Void,
        _ body: @escaping (Handle, Int) throws -> Void
    ) -> (String, (Int) throws -> Duration) {
        (
            name,
            { round in
                let path = rows > 0 ? try scratch.copyOfSeeded(rows: rows, label: name) : scratch.newPath(name)
                let handle = try open(path, rows == 0)
                defer { close(handle); scratch.remove(path) }
                let time = try measure(name) { try body(handle, round) }
                try check(path, round)
                return time
            }
        )
    }

    /// The C side on a fresh file; see ``side(_:rows:check:open:close:_:)``.
    func cSide(
        rows: Int, durability: DraftStore.Durability = .full, check: @escaping (String, Int) throws -> Void = { _, _ in },
        _ body: @escaping (OpaquePointer, Int) throws -> Void
    ) -> (String, (Int) throws -> Duration) {
        side(
            "C", rows: rows, check: check,
            open: { path, create in
                try create ? CSide.create(path, durability: durability) : CSide.open(path, durability: durability)
            }, close: { cbench_close($0) }, body)
    }

    /// The raw Swift side on a fresh file; see ``side(_:rows:check:open:close:_:)``.
    func rawSide(
        rows: Int, durability: DraftStore.Durability = .full, check: @escaping (String, Int) throws -> Void = { _, _ in },
        _ body: @escaping (RawSide, Int) throws -> Void
    ) -> (String, (Int) throws -> Duration) {
        side(
            "raw", rows: rows, check: check, open: { try RawSide(path: $0, create: $1, durability: durability) }, close: { $0.close() },
            body)
    }

    /// A DraftStore side on a fresh file; see ``side(_:rows:check:open:close:_:)``.
    func storeSide(
        _ name: String = "ds", rows: Int, durability: DraftStore.Durability = .full,
        check: @escaping (String, Int) throws -> Void = { _, _ in }, _ body: @escaping (DraftStore, Int) throws -> Void
    ) -> (String, (Int) throws -> Duration) {
        side(
            name, rows: rows, check: check, open: { path, _ in try StoreSide.open(path, durability: durability) }, close: { $0.close() },
            body)
    }

    /// W1: bulk insert into one child context, one save.
    func bulkInsert() throws -> [ResultRow] {
        let count = options.authors
        // Every side must have written exactly the rows 1...count.
        let written = { (side: String) in { (path: String, _: Int) in try Verify.table(path, rows: count, side: "W1 \(side)") } }
        let medians = try harness.compare([
            cSide(rows: 0, check: written("C")) { db, _ in try BenchFailure.check(cbench_insert_authors(db, 1, Int64(count)), "C insert") },
            rawSide(rows: 0, check: written("raw")) { db, _ in try db.insertAuthors(first: 1, count: count) },
            storeSide(rows: 0, check: written("ds")) { store, _ in try StoreSide.insertAuthors(store, first: 1, count: count) },
        ])
        var row = ResultRow(
            "W1", "bulk insert, one child context, one save", size: "\(count) rows", c: medians["C"], raw: medians["raw"],
            draftStore: medians["ds"])
        row.target("≤ 1.40× C", checked: row.ratioToC, limit: 1.4)
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
                try untimed { try Verify.fetched(authors, count: count, rows: rows) }
                cbench_free_authors(authors, count)
            },
            rawSide(rows: rows) { db, _ in
                let authors = try db.fetchAll()
                try untimed { try Verify.fetched(authors, rows: rows, side: "W2 raw") }
            },
            storeSide("ds-registered", rows: rows) { store, _ in
                let (context, authors) = try StoreSide.fetchRegistered(store)
                try untimed { try withExtendedLifetime(context) { try Verify.fetched(authors, rows: rows, side: "W2 ds-registered") } }
            },
            storeSide("ds-plain", rows: rows) { store, _ in
                let authors = try StoreSide.fetchPlain(store)
                try untimed { try Verify.fetched(authors, rows: rows, side: "W2 ds-plain") }
            },
        ])
        var registered = ResultRow(
            "W2", "fetch all into a context (registered, snapshots)", size: "\(rows) rows",
            c: medians["C"], raw: medians["raw"], draftStore: medians["ds-registered"])
        registered.target("≤ 1.60× C", checked: registered.ratioToC, limit: 1.6)
        var plain = ResultRow(
            "W2", "fetch all, plain read-only array", size: "\(rows) rows", c: medians["C"], raw: medians["raw"],
            draftStore: medians["ds-plain"])
        plain.target("≤ 1.40× raw Swift", checked: plain.ratioToRawSwift, limit: 1.4)
        return [registered, plain]
    }

    /// The random ids of a round's cycles (the same on every side).
    func cycleIDs(round: Int, salt: UInt64, count: Int? = nil) -> [Int64] {
        SplitMix64.ids(count: count ?? options.cycles, rows: options.authors, seed: salt &* 1_000 &+ UInt64(round))
    }

    /// W3: present, change the name, save — the full edit cycle with its conflict check, one
    /// commit a cycle, so it runs under each durability setting (every side with the same one).
    func editCycle() throws -> [ResultRow] {
        let (rows, cycles) = (options.authors, options.commitCycles)
        let statements = try tracedStatements(rows: rows) { store, ids in try StoreSide.editCycles(store, ids: ids) }
        return try DraftStore.Durability.allCases.map { durability in
            let medians = try Counting.$workload.withValue("W3 \(durability.pragmaValue)") {
                // Every side must have written each edited id's last name, and nothing else.
                let written = { (side: String) in
                    { (path: String, round: Int) in
                        try Verify.table(
                            path, rows: rows, edited: Verify.editedNames(cycleIDs(round: round, salt: 3, count: cycles)), side: "W3 \(side)"
                        )
                    }
                }
                return try harness.compare([
                    cSide(rows: rows, durability: durability, check: written("C")) { db, round in
                        try CSide.run(cbench_edit_cycles, db, ids: cycleIDs(round: round, salt: 3, count: cycles), "C edit cycles")
                    },
                    rawSide(rows: rows, durability: durability, check: written("raw")) { db, round in
                        try db.editCycles(cycleIDs(round: round, salt: 3, count: cycles))
                    },
                    storeSide(rows: rows, durability: durability, check: written("ds")) { store, round in
                        try StoreSide.editCycles(store, ids: cycleIDs(round: round, salt: 3, count: cycles))
                    },
                ])
            }
            var row = ResultRow(
                "W3", "edit cycle: present, change, save (synchronous=\(durability.pragmaValue))", size: "\(cycles) cycles",
                c: medians["C"], raw: medians["raw"], draftStore: medians["ds"])
            row.target("≤ 1.50× C", checked: row.ratioToC, limit: 1.5)
            if durability == .full { row.note = "DraftStore SQL per cycle: " + statements.joined(separator: "; ") }
            return row
        }
    }

    /// W4: present, change the name and then the bio, cancel. Also counts the statements DraftStore ran.
    func cancelCycle() throws -> [ResultRow] {
        let (rows, cycles) = (options.authors, options.cycles)
        // Every side must have read each id's seeded values and written nothing.
        let seeded = try scratch.seededFile(rows: rows)
        let unchanged = { (side: String) in { (path: String, _: Int) in try Verify.unchanged(path, like: seeded, side: "W4 \(side)") } }
        let medians = try harness.compare([
            cSide(rows: rows, check: unchanged("C")) { db, round in
                let ids = cycleIDs(round: round, salt: 4)
                try CSide.run(cbench_read_cycles, db, ids: ids, "C read cycles")
                let bytes = Int(cbench_take_bytes_read(db))
                try untimed { try Verify.reads(bytes, ids: ids, side: "W4 C") }
            },
            rawSide(rows: rows, check: unchanged("raw")) { db, round in
                let ids = cycleIDs(round: round, salt: 4)
                let bytes = try db.readCycles(ids)
                try untimed { try Verify.reads(bytes, ids: ids, side: "W4 raw") }
            },
            storeSide(rows: rows, check: unchanged("ds")) { store, round in
                let ids = cycleIDs(round: round, salt: 4)
                let bytes = try StoreSide.cancelCycles(store, ids: ids)
                try untimed { try Verify.reads(bytes, ids: ids, side: "W4 ds") }
            },
        ])
        // Count every statement of a whole untimed run of the cycles, on every connection.
        let path = try scratch.copyOfSeeded(rows: rows, label: "w4-trace")
        let store = try StoreSide.open(path)
        defer { store.close(); scratch.remove(path) }
        let ids = cycleIDs(round: 0, salt: 4)
        let statements = try StoreSide.statements(of: store) { _ = try StoreSide.cancelCycles(store, ids: ids) }
        // The read by id is the only statement a cancel cycle may run: nothing is written.
        let reads = statements.filter { $0.hasPrefix("SELECT ") && $0.hasSuffix(#"FROM "authors" WHERE "id" = ?"#) }.count
        guard reads == cycles, statements.count == cycles else {
            throw BenchFailure(description: "W4 ds: \(statements.count) statements for \(cycles) cycles, \(reads) of them the read by id")
        }
        var row = ResultRow(
            "W4", "cancel cycle: present, two changes, cancel", size: "\(cycles) cycles", c: medians["C"], raw: medians["raw"],
            draftStore: medians["ds"])
        row.target("≤ 1.60× C", checked: row.ratioToC, limit: 1.6)
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
