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
            figures[rows] = try Counting.$workload.withValue("W5 \(rows)") {
                try harness.compare([
                    (
                        "C",
                        { round in
                            let ids = ids(round); return try measure("C") { try CSide.run(cbench_read_cycles, cDB, ids: ids, "C reads") }
                        }
                    ),
                    (
                        "raw",
                        { round in
                            let ids = ids(round); return try measure("raw") { try raw.readCycles(ids) }
                        }
                    ),
                    (
                        "ds",
                        { round in
                            let ids = ids(round); return try measure("ds") { try StoreSide.presentCycles(store, ids: ids) }
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
        let medians = try harness.compare([
            cSide(rows: rows) { db, round in try CSide.run(cbench_update_batch, db, ids: ids(round), "C update batch") },
            rawSide(rows: rows) { db, round in try db.updateBatch(ids(round)) },
            storeSide("ds-nested", rows: rows) { store, round in try StoreSide.nestedSave(store, ids: ids(round)) },
            storeSide("ds-single", rows: rows) { store, round in try StoreSide.singleSave(store, ids: ids(round)) },
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
