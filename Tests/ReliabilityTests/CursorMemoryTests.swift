import Foundation
import Testing

/// A cursor reads a table in memory bounded by its batch, not by the table: measured in a
/// child process (`reliability-worker cursor`), whose peak resident memory is its own.
@Suite("Cursor memory")
struct CursorMemoryTests {
    @Test("1,000,000 rows through a cursor: every row read, peak memory growth under 32 MiB")
    func millionRows() throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "draftstore-cursor-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let rows = 1_000_000
        let result = try ChildProcess.run(
            try Executables.url("reliability-worker"), ["cursor", directory.appending(path: "lines.sqlite").path, String(rows)])
        #expect(result.status == 0, "the worker failed: \(result.stderr)")
        let line = result.stdout.split(separator: "\n").first { $0.hasPrefix("CURSOR ") } ?? ""
        var fields: [String: Int] = [:]
        for part in line.split(separator: " ").dropFirst() {
            let pair = part.split(separator: "=")
            if pair.count == 2 { fields[String(pair[0])] = Int(pair[1]) }
        }
        #expect(fields["rows"] == rows, "got: \(result.stdout)")
        // The sum of i * 7 over 1 … n: every row read once, none repeated or skipped.
        #expect(fields["sum"] == 7 * rows * (rows + 1) / 2)
        let growth = try #require(fields["growth"])
        #expect(growth < 32 * 1024, "peak resident memory grew \(growth) kB while reading \(rows) rows")
        print("Cursor: \(rows) rows read through a cursor (batches of 256); VmHWM growth \(growth) kB")
    }
}
