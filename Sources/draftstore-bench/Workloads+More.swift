import Bookshelf
import CBench
import DraftStore
import Foundation

extension Workloads {
    /// W5: present-for-edit in a small and a large database; the library must add no growth of its own.
    ///
    /// Copying the large file for every round would dominate the run, so each side opens its
    /// own copy of each size once and runs all its rounds on it (the workload only reads).
    func scale() throws -> [ResultRow] {
        let lookups = options.scaleLookups
        var figures: [Int: [String: Double]] = [:]
        for rows in [options.scaleSmall, options.scaleLarge] {
            let cPath = try scratch.copyOfSeeded(rows: rows, label: "w5-c")
            let rawPath = try scratch.copyOfSeeded(rows: rows, label: "w5-raw")
            let storePath = try scratch.copyOfSeeded(rows: rows, label: "w5-ds")
            let cDB = try CSide.open(cPath)
            let raw = try RawSide(path: rawPath, create: false)
            let store = try StoreSide.open(storePath)
            defer {
                cbench_close(cDB)
                raw.close()
                store.close()
                [cPath, rawPath, storePath].forEach(scratch.remove)
            }
            let ids = { (round: Int) in SplitMix64.ids(count: lookups, rows: rows, seed: 5_000 &+ UInt64(round)) }
            // After every run each side read each id's seeded values; after its last, its file is
            // as seeded. One check of the file covers every round, since each side keeps its
            // file from round to round: digesting 1,000,000 rows twice after every run took most
            // of a full run's 10 minutes.
            let seeded = try Verify.digest(scratch.seededFile(rows: rows))
            let lastRound = options.rounds
            let checked = { (side: String, path: String, bytes: Int, ids: [Int64], round: Int) throws in
                try Verify.reads(bytes, ids: ids, side: "W5 \(side)")
                guard round == lastRound else { return }
                guard try Verify.digest(path) == seeded else {
                    throw BenchFailure(description: "W5 \(side): a read-only workload changed \(path)")
                }
            }
            figures[rows] = try Counting.$workload.withValue("W5 \(rows)") {
                try harness.compare([
                    (
                        "C",
                        { round in
                            let ids = ids(round)
                            let time = try measure("C") { try CSide.run(cbench_read_cycles, cDB, ids: ids, "C reads") }
                            try checked("C", cPath, Int(cbench_take_bytes_read(cDB)), ids, round)
                            return time
                        }
                    ),
                    (
                        "raw",
                        { round in
                            let ids = ids(round)
                            var bytes = 0
                            let time = try measure("raw") { bytes = try raw.readCycles(ids) }
                            try checked("raw", rawPath, bytes, ids, round)
                            return time
                        }
                    ),
                    (
                        "ds",
                        { round in
                            let ids = ids(round)
                            var bytes = 0
                            let time = try measure("ds") { bytes = try StoreSide.presentCycles(store, ids: ids) }
                            try checked("ds", storePath, bytes, ids, round)
                            return time
                        }
                    ),
                ])
            }
        }
        let (small, large) = (figures[options.scaleSmall]!, figures[options.scaleLarge]!)
        func label(_ rows: Int) -> String { rows >= 1_000_000 ? "\(rows / 1_000_000)M" : rows >= 1_000 ? "\(rows / 1_000)k" : "\(rows)" }
        var rows: [ResultRow] = []
        for (count, figure) in [(options.scaleSmall, small), (options.scaleLarge, large)] {
            rows.append(
                ResultRow(
                    "W5", "present for edit, \(label(count))-row database", size: "\(lookups) lookups", c: figure["C"], raw: figure["raw"],
                    draftStore: figure["ds"]))
        }
        let growth = { (side: String) in large[side].flatMap { l in small[side].map { l / $0 } } }
        var row = ResultRow(
            "W5", "growth \(label(options.scaleLarge)) / \(label(options.scaleSmall)) (each side's own)", size: "", unit: "×",
            c: growth("C"), raw: growth("raw"), draftStore: growth("ds"))
        row.target("growth ≤ 1.10× C's growth", checked: row.ratioToC, limit: 1.10)
        rows.append(row)
        return rows
    }

    /// W6: a child of a child holding the changes saves into its parent, then to disk;
    /// compared with the same changes saved from a single child.
    func nested() throws -> [ResultRow] {
        let (rows, changes) = (options.authors, options.nestedChanges)
        let ids = { (round: Int) in SplitMix64.distinctIDs(count: changes, rows: rows, seed: 6_000 &+ UInt64(round)) }
        // Every side must have written each changed id's new name, and nothing else.
        let written = { (side: String) in
            { (path: String, round: Int) in try Verify.table(path, rows: rows, edited: Verify.editedNames(ids(round)), side: "W6 \(side)") }
        }
        let medians = try harness.compare([
            cSide(rows: rows, check: written("C")) { db, round in try CSide.run(cbench_update_batch, db, ids: ids(round), "C update batch")
            },
            rawSide(rows: rows, check: written("raw")) { db, round in try db.updateBatch(ids(round)) },
            storeSide("ds-nested", rows: rows, check: written("ds-nested")) { store, round in
                try StoreSide.nestedSave(store, ids: ids(round))
            },
            storeSide("ds-single", rows: rows, check: written("ds-single")) { store, round in
                try StoreSide.singleSave(store, ids: ids(round))
            },
        ])
        var nested = ResultRow(
            "W6", "nested: child of a child saved into its parent, then to disk", size: "\(changes) changes",
            c: medians["C"], raw: medians["raw"], draftStore: medians["ds-nested"])
        let single = ResultRow(
            "W6", "single child, the same changes saved to disk", size: "\(changes) changes",
            c: medians["C"], raw: medians["raw"], draftStore: medians["ds-single"])
        let versusSingle = medians["ds-nested"].flatMap { n in medians["ds-single"].map { n / $0 } }
        nested.target("≤ 1.50× single child", checked: versusSingle, limit: 1.5)
        nested.note = String(format: "nested / single child = %.2f×", versusSingle ?? .nan)
        return [nested, single]
    }

    /// W7: open a new file, migrate, close — an app's cold start on first launch.
    func open() throws -> [ResultRow] {
        let rounds = options.openRounds
        let medians = try harness.compare(
            rounds: rounds,
            [
                (
                    "C",
                    { _ in
                        let path = scratch.newPath("w7-c")
                        defer { scratch.remove(path) }
                        return try measure("C") { try CSide.openMigrateClose(path) }
                    }
                ),
                (
                    "raw",
                    { _ in
                        let path = scratch.newPath("w7-raw")
                        defer { scratch.remove(path) }
                        return try measure("raw") { try RawSide.openMigrateClose(path) }
                    }
                ),
                (
                    "ds",
                    { _ in
                        let path = scratch.newPath("w7-ds")
                        defer { scratch.remove(path) }
                        return try measure("ds") { try StoreSide.open(path).close() }
                    }
                ),
            ])
        var row = ResultRow(
            "W7", "open a new file, migrate, close", size: "\(rounds) rounds", c: medians["C"], raw: medians["raw"],
            draftStore: medians["ds"])
        row.note = "no target; DraftStore also checks the file and the declared entities, records the schema and reads the foreign keys"
        return [row]
    }
}
