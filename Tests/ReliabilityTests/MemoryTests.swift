import Foundation
import Testing

/// Item 7: 20 cycles of a context holding many inserted drafts (and 100 presented items
/// over it), created and discarded, in a child process so that tests running in parallel
/// do not share its resident memory. Every context and item is freed each cycle (weak
/// references become `nil`), and VmRSS plateaus: cycle 20 within 5% of cycle 3 (the C
/// allocator keeps freed pages, so it does not fall back to the start).
///
/// The worker runs with `MALLOC_MMAP_THRESHOLD_=131072`: glibc otherwise raises its mmap
/// threshold each time a large block is freed, so later multi-megabyte buffers (the
/// context's dictionaries) come from the heap and stay resident — a one-time step of
/// ~9% at 100,000 drafts that is the allocator's policy, not memory the program holds.
/// Fixing the threshold makes VmRSS show what the program keeps.
@Suite("Memory")
struct MemoryTests {
    @Test("20 cycles of a context with many drafts: everything freed, resident memory plateaus")
    func cyclesPlateau() throws {
        let drafts = Reliability.memoryDrafts
        let result = try ChildProcess.run(
            try Executables.url("reliability-worker"), ["memory", "20", String(drafts)],
            environment: ProcessInfo.processInfo.environment.merging(["MALLOC_MMAP_THRESHOLD_": "131072"]) { $1 })
        #expect(result.status == 0, "the worker failed: \(result.stderr)")
        var rss: [Int: Int] = [:]
        for line in result.stdout.split(separator: "\n") {
            var fields: [String: Int] = [:]
            let parts = line.split(separator: " ")
            guard parts.count == 5, parts[0] == "CYCLE", let cycle = Int(parts[1]) else { continue }
            for part in parts.dropFirst(2) {
                let pair = part.split(separator: "=")
                fields[String(pair[0])] = Int(pair[1])
            }
            #expect(fields["alive"] == 0, "cycle \(cycle): \(fields["alive"] ?? -1) contexts or items were not freed")
            #expect(fields["drafts"] == drafts)
            rss[cycle] = fields["rss"]
        }
        #expect(rss.count == 20, "expected 20 cycles, got: \(result.stdout)")
        guard let third = rss[3], let last = rss[20], third > 0 else { return }
        let growth = Double(last - third) / Double(third)
        #expect(growth <= 0.05, "VmRSS grew \(Int(growth * 100))% from cycle 3 (\(third) kB) to cycle 20 (\(last) kB)")
        print(
            "Memory: 20 cycles × \(drafts) drafts + 100 items; all freed; VmRSS cycle 1 \(rss[1] ?? 0) kB, cycle 3 \(third) kB, cycle 20 \(last) kB (\(String(format: "%+.1f", growth * 100))%)"
        )
    }
}
