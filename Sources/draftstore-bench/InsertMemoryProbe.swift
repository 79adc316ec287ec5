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
    /// and returns the median of each side's whole-process peak and its growth above the child's
    /// start (MiB), and of the size of the file (and its WAL, if any) the child left (MiB).
    static func measure(rows: Int, rounds: Int, scratch: Scratch) throws
        -> (peak: [String: Double], growth: [String: Double], file: [String: Double])
    {
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        var peak: [String: [Double]] = [:]
        var growth: [String: [Double]] = [:]
        var file: [String: [Double]] = [:]
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
                growth[side, default: []].append((figures[1] - figures[0]) / 1024)
                file[side, default: []].append(Double(fileBytes(path)) / 1_048_576)
            }
        }
        return (peak.mapValues(median), growth.mapValues(median), file.mapValues(median))
    }

    /// The bytes of the database at `path` and of its WAL, if it has one.
    private static func fileBytes(_ path: String) -> Int {
        [path, path + "-wal"].reduce(0) { sum, file in
            sum + ((try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0)
        }
    }

    /// The W1 memory rows of the results: the peak growth of each side, then that growth over
    /// the size of the database file the side wrote (issue 32's target: ≤ 2× on DraftStore's side).
    static func rows(options: BenchOptions, scratch: Scratch) throws -> [ResultRow] {
        let (peak, growth, file) = try measure(rows: options.authors, rounds: options.memoryRounds, scratch: scratch)
        var row = ResultRow(
            "W1", "peak memory growth, bulk insert, context kept after save", size: "\(options.authors) rows", unit: "MiB",
            c: growth["C"], raw: growth["raw"], draftStore: growth["ds"])
        row.note = String(
            format: "growth of VmHWM above the child's start; whole-process peaks: C %.1f, raw %.1f, DraftStore %.1f MiB; "
                + "with keepsSavedObjects (the saved rows kept registered): growth %.1f MiB; database file: C %.1f, DraftStore %.1f MiB",
            peak["C"] ?? .nan, peak["raw"] ?? .nan, peak["ds"] ?? .nan, growth["ds-keep"] ?? .nan, file["C"] ?? .nan, file["ds"] ?? .nan)
        let perFile = { (side: String) in growth[side].flatMap { g in file[side].map { g / $0 } } }
        var ratio = ResultRow(
            "W1", "peak memory growth ÷ the database file's size", size: "\(options.authors) rows", unit: "×",
            c: perFile("C"), raw: perFile("raw"), draftStore: perFile("ds"))
        ratio.target("≤ 2.00× the file", checked: ratio.draftStore, limit: 2.0)
        return [row, ratio]
    }
}
