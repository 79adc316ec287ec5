import Foundation
import Testing

/// A save's memory does not grow beyond its rows: 1,000,000 new rows inserted into one context
/// and saved, in a child process (`reliability-worker bulk-save`) whose peak resident memory is
/// its own, grow that peak by at most twice the bytes the rows take in the database file.
/// Serialized, so no other test of this suite runs beside it: the worker needs the memory.
@Suite("Bulk save memory", .serialized)
struct BulkSaveMemoryTests {
    @Test("1,000,000 rows inserted in one context and saved: peak memory growth at most 2× the rows' stored bytes")
    func millionRowsSaved() throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "draftstore-bulk-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let rows = 1_000_000
        let result = try ChildProcess.run(
            try Executables.url("reliability-worker"), ["bulk-save", directory.appending(path: "notes.sqlite").path, String(rows)])
        #expect(result.status == 0, "the worker failed: \(result.stderr)")
        let line = result.stdout.split(separator: "\n").first { $0.hasPrefix("BULK ") } ?? ""
        var fields: [String: Int] = [:]
        for part in line.split(separator: " ").dropFirst() {
            let pair = part.split(separator: "=")
            if pair.count == 2 { fields[String(pair[0])] = Int(pair[1]) }
        }
        #expect(fields["rows"] == rows, "got: \(result.stdout)")
        let growth = try #require(fields["growth"]) * 1024
        let stored = try #require(fields["stored"])
        #expect(stored > rows * 50, "the file grew \(stored) bytes for \(rows) rows")
        #expect(growth <= 2 * stored, "peak resident memory grew \(growth) bytes, the rows take \(stored) in the file")
        print(
            "Bulk save: \(rows) rows; VmHWM growth \(growth / 1024) kB, file growth \(stored / 1024) kB (\(String(format: "%.2f", Double(growth) / Double(stored)))×)"
        )
    }
}
