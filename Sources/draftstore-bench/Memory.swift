import Bookshelf
import CBench
import DraftStore
import Foundation

/// W2's peak memory: each side fetches every author in a child process of its own (the bench
/// binary re-run with a hidden subcommand), keeps the rows, and reports its peak resident
/// set (VmHWM) and what it was before opening the database.
enum MemoryProbe {
    /// The hidden subcommand.
    static let command = "__w2-memory"
    /// The sides, in the order they run.
    static let sides = ["C", "raw", "ds-registered", "ds-plain"]

    /// In the child: opens `path` its side's way, fetches every author, keeps them, and prints
    /// `baseline-KiB peak-KiB rows`.
    static func child(side: String, path: String) throws {
        let baseline = cbench_peak_rss_kb()
        let count: Int
        switch side {
        case "C":
            let db = try CSide.open(path)
            var rows: UnsafeMutablePointer<cbench_author>?
            var found: Int64 = 0
            try BenchFailure.check(cbench_fetch_all(db, &rows, &found), "C fetch")
            count = Int(found)
            report(baseline, count)
            cbench_free_authors(rows, found)
            cbench_close(db)
            return
        case "raw":
            let db = try RawSide(path: path, create: false)
            let authors = try db.fetchAll()
            count = authors.count
            withExtendedLifetime(authors) { report(baseline, count) }
            db.close()
        case "ds-registered":
            let store = try StoreSide.open(path)
            let (context, authors) = try StoreSide.fetchRegistered(store)
            withExtendedLifetime((context, authors)) { report(baseline, authors.count) }
            store.close()
        case "ds-plain":
            let store = try StoreSide.open(path)
            let authors = try StoreSide.fetchPlain(store)
            withExtendedLifetime(authors) { report(baseline, authors.count) }
            store.close()
        default:
            throw BenchFailure(description: "unknown memory side \(side)")
        }
    }

    /// Prints the child's figures.
    private static func report(_ baseline: Int64, _ rows: Int) {
        print("\(baseline) \(cbench_peak_rss_kb()) \(rows)")
    }

    /// In the parent: runs every side's child `rounds` times, alternating, on copies of one
    /// seeded file, and returns the median growth of the peak (MiB) above the child's baseline.
    static func measure(rows: Int, rounds: Int, scratch: Scratch) throws -> (growth: [String: Double], peak: [String: Double]) {
        let path = try scratch.copyOfSeeded(rows: rows, label: "w2-memory")
        defer { scratch.remove(path) }
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        var growth: [String: [Double]] = [:]
        var peak: [String: [Double]] = [:]
        for round in 0..<rounds {
            for offset in sides.indices {
                let side = sides[(offset + round) % sides.count]
                let figures = try runChild(executable, side: side, path: path)
                guard figures.count == 3, figures[2] == Double(rows) else {
                    throw BenchFailure(description: "memory child \(side) reported \(figures)")
                }
                growth[side, default: []].append((figures[1] - figures[0]) / 1024)
                peak[side, default: []].append(figures[1] / 1024)
            }
        }
        return (growth.mapValues(median), peak.mapValues(median))
    }

    /// Runs one child and reads its three numbers.
    static func runChild(_ executable: String, side: String, path: String, extra: [String] = [], command: String = command) throws
        -> [Double]
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = [command, side, path] + extra
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchFailure(description: "memory child \(side) exited with \(process.terminationStatus)")
        }
        return String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
    }

    /// The W2 memory rows of the results.
    static func rows(options: BenchOptions, scratch: Scratch) throws -> [ResultRow] {
        let (growth, peak) = try measure(rows: options.authors, rounds: options.memoryRounds, scratch: scratch)
        var registered = ResultRow(
            "W2", "peak memory growth, fetch into a context", size: "\(options.authors) rows", unit: "MiB",
            c: growth["C"], raw: growth["raw"], draftStore: growth["ds-registered"])
        registered.target("≤ 1.60× C", checked: registered.ratioToC, limit: 1.6)
        registered.note = String(
            format: "growth of VmHWM above the child's start; whole-process peaks: C %.1f, raw %.1f, DraftStore %.1f MiB",
            peak["C"] ?? .nan, peak["raw"] ?? .nan, peak["ds-registered"] ?? .nan)
        var plain = ResultRow(
            "W2", "peak memory growth, plain fetch", size: "\(options.authors) rows", unit: "MiB",
            c: growth["C"], raw: growth["raw"], draftStore: growth["ds-plain"])
        plain.note = String(format: "whole-process peak: DraftStore %.1f MiB", peak["ds-plain"] ?? .nan)
        // Issue 32's target: a context adds at most 30% to what the plain fetch grows by.
        var versusPlain = ResultRow(
            "W2", "peak memory growth, into a context ÷ plain fetch", size: "\(options.authors) rows", unit: "×",
            c: nil, raw: nil, draftStore: growth["ds-registered"].flatMap { r in growth["ds-plain"].map { r / $0 } })
        versusPlain.target("≤ 1.30× the plain fetch", checked: versusPlain.draftStore, limit: 1.3)
        return [registered, plain, versusPlain]
    }
}
