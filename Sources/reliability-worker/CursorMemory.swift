import DraftStore
import Foundation

/// `reliability-worker cursor PATH ROWS`: fills a file with `ROWS` rows of a table of its own,
/// then reads them all through ``StoreCursor`` in its own process (tests running in parallel
/// do not share its memory), and writes
/// `CURSOR rows=<rows read> growth=<VmHWM growth in kB>`: the peak resident memory of the read
/// above what the process held before it (the peak is reset first, `/proc/self/clear_refs`).
struct CursorMemory {
    let path: String
    let rows: Int

    /// A row of the worker's table.
    struct Line: Entity {
        var id: Int64?
        var text = ""
        var number: Int64 = 0
        static let schema = EntitySchema<Line>(
            table: "lines", columns: [.primaryKey("id", \.id), .column("text", \.text), .column("number", \.number)])
    }

    func run() async throws {
        let migration = Migration(
            name: "0001_lines", sql: "CREATE TABLE lines (id INTEGER PRIMARY KEY, text TEXT NOT NULL, number INTEGER NOT NULL)")
        let store = try DraftStore(path: path, migrations: [migration])
        try store.withWriterConnection { connection in
            try connection.run(
                """
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
                INSERT INTO lines (id, text, number) SELECT i, printf('line %08d of the cursor test', i), i * 7 FROM n
                """, [.integer(Int64(rows))])
        }
        // The first batch opens the reader and warms its cache: the baseline is taken after it.
        var iterator = store.reads.cursor(FetchRequest<Line>.all, batchSize: 256).makeAsyncIterator()
        var read = 0
        var sum: Int64 = 0
        if let first = try await iterator.next() {
            read += 1
            sum += first.number
        }
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
        let baseline = Self.status("VmHWM")
        while let line = try await iterator.next() {
            read += 1
            sum += line.number
        }
        let growth = Self.status("VmHWM") - baseline
        store.close()
        Worker.emit("CURSOR rows=\(read) growth=\(growth) sum=\(sum)\n")
    }

    /// A `/proc/self/status` field in kB; 0 where unavailable.
    static func status(_ field: String) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        let line = status.split(separator: "\n").first { $0.hasPrefix(field + ":") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
}

extension CursorMemory {
    /// Runs ``run()`` from the worker's synchronous `main`, waiting for it.
    /// - Throws: What it throws.
    func runWaiting() throws {
        let outcome = Lock<(any Error)?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task {
            do { try await run() } catch { outcome.withLock { $0 = error } }
            done.signal()
        }
        done.wait()
        if let error = outcome.withLock({ $0 }) { throw error }
    }
}
