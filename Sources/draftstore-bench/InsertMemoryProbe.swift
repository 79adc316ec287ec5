import Bookshelf
import CBench
import DraftStore
import Foundation

/// W1's peak memory: each side inserts the authors into a new file in a child process of its
/// own (the bench binary re-run with a hidden subcommand) and reports its peak resident set
/// (VmHWM) once the save is done, with the DraftStore context still referenced — what an app
/// that keeps its context after a bulk save holds.
enum InsertMemoryProbe {
    /// The hidden subcommand: `__w1-memory side path rows`.
    static let command = "__w1-memory"
    /// The sides, in the order they run: `ds-keep` is DraftStore with ``ObjectContext/keepsSavedObjects`` set.
    static let sides = ["C", "raw", "ds", "ds-keep"]

    /// In the child: creates `path` its side's way, inserts `rows` authors in one transaction,
    /// and prints `baseline-KiB peak-KiB rows`.
    static func child(side: String, path: String, rows: Int) throws {
        let baseline = cbench_peak_rss_kb()
        switch side {
        case "C":
            let db = try CSide.create(path)
            try BenchFailure.check(cbench_insert_authors(db, 1, Int64(rows)), "C insert")
            print("\(baseline) \(cbench_peak_rss_kb()) \(rows)")
            cbench_close(db)
        case "raw":
            let db = try RawSide(path: path, create: true)
            try db.insertAuthors(first: 1, count: rows)
            print("\(baseline) \(cbench_peak_rss_kb()) \(rows)")
            db.close()
        case "ds", "ds-keep":
            let store = try StoreSide.open(path)
            let context = store.newChildContext()
            context.keepsSavedObjects = side == "ds-keep"
            for id in 1...Int64(rows) { try context.insert(AuthorRows.author(id)) }
            try context.save()
            let count = try store.count(Author.self)
            withExtendedLifetime(context) { print("\(baseline) \(cbench_peak_rss_kb()) \(count)") }
            store.close()
        default:
            throw BenchFailure(description: "unknown memory side \(side)")
        }
    }

    /// In the parent: runs every side's child `rounds` times, alternating, each on a new file,
    /// and returns the median whole-process peak (MiB) of each side.
    static func measure(rows: Int, rounds: Int, scratch: Scratch) throws -> [String: Double] {
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        var peak: [String: [Double]] = [:]
        for round in 0..<rounds {
            for offset in sides.indices {
                let side = sides[(offset + round) % sides.count]
                let path = scratch.newPath("w1-memory")
                defer { scratch.remove(path) }
                let figures = try MemoryProbe.runChild(executable, side: side, path: path, extra: ["\(rows)"], command: command)
                guard figures.count == 3, figures[2] == Double(rows) else {
                    throw BenchFailure(description: "memory child \(side) reported \(figures)")
                }
                peak[side, default: []].append(figures[1] / 1024)
            }
        }
        return peak.mapValues(median)
    }

    /// The W1 memory row of the results.
    static func rows(options: BenchOptions, scratch: Scratch) throws -> [ResultRow] {
        let peak = try measure(rows: options.authors, rounds: options.memoryRounds, scratch: scratch)
        var row = ResultRow(
            "W1", "peak memory, bulk insert, context kept after save", size: "\(options.authors) rows", unit: "MiB",
            c: peak["C"], raw: peak["raw"], draftStore: peak["ds"])
        row.target("≤ 1.50× C", checked: row.ratioToC, limit: 1.5)
        row.note = String(
            format: "whole-process VmHWM; with keepsSavedObjects (the saved rows kept registered): DraftStore %.1f MiB",
            peak["ds-keep"] ?? .nan)
        return [row]
    }
}
