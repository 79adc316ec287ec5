import Bookshelf
import CBench
import Dispatch
import DraftStore
import Foundation

/// W2's cursor row: the peak memory growth of walking every author through
/// `store.reads.cursor` (batches of 256, nothing kept), beside C fetching them into an array
/// (``MemoryProbe``'s C child), each in a child process of its own, on 1,000,000 rows in a full run.
enum CursorMemoryProbe {
    /// The hidden subcommand.
    static let command = "__w2-cursor-memory"

    /// In the child: opens the store at `path`, walks every author by cursor, and prints
    /// `baseline-KiB peak-KiB rows`.
    static func child(path: String) throws {
        let baseline = cbench_peak_rss_kb()
        let store = try StoreSide.open(path)
        defer { store.close() }
        // Written by the walking task before it signals, read after the wait: one writer, then one reader.
        final class Outcome: @unchecked Sendable { var rows: Result<Int, any Error> = .success(0) }
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        // Detached: the top-level code holds the main actor while it waits.
        Task.detached {
            do {
                var rows = 0
                for try await _ in store.reads.cursor(FetchRequest<Author>.all, batchSize: 256) { rows += 1 }
                outcome.rows = .success(rows)
            } catch {
                outcome.rows = .failure(error)
            }
            done.signal()
        }
        done.wait()
        print("\(baseline) \(cbench_peak_rss_kb()) \(try outcome.rows.get())")
    }

    /// The row: median growth over `memoryRounds` alternating runs of each side.
    static func rows(options: BenchOptions, scratch: Scratch) throws -> [ResultRow] {
        let rows = options.quick ? options.authors : 1_000_000
        let path = try scratch.copyOfSeeded(rows: rows, label: "w2-cursor-memory")
        defer { scratch.remove(path) }
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        var growth: [String: [Double]] = [:]
        for round in 0..<options.memoryRounds {
            for side in round % 2 == 0 ? ["C", "ds-cursor"] : ["ds-cursor", "C"] {
                let figures =
                    side == "C"
                    ? try MemoryProbe.runChild(executable, side: "C", path: path)
                    : try MemoryProbe.runChild(executable, side: side, path: path, command: command)
                guard figures.count == 3, figures[2] == Double(rows) else {
                    throw BenchFailure(description: "cursor memory child \(side) reported \(figures)")
                }
                growth[side, default: []].append((figures[1] - figures[0]) / 1024)
            }
        }
        let medians = growth.mapValues(median)
        var row = ResultRow(
            "W2", "peak memory growth, walk every row by cursor", size: "\(rows) rows", unit: "MiB", c: medians["C"], raw: nil,
            draftStore: medians["ds-cursor"])
        row.note = "C keeps the rows in an array; the cursor keeps one batch of 256 (the test asks under 32 MiB for 1M rows)"
        return [row]
    }
}
