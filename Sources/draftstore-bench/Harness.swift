import Foundation

/// What to run and how big: the full run, or `--quick` for CI.
struct BenchOptions {
    /// Reduced sizes that finish in a few seconds.
    var quick = false
    /// Where `--json` writes; `"-"` for standard output instead of the table.
    var jsonPath: String?
    /// Print the SQL of one W3 and one W4 cycle, as DraftStore runs it.
    var traceSQL = false
    /// Workloads to run (`--only W1,W3`); all when empty.
    var only: Set<String> = []
    /// Measured rounds after the warm-up round.
    var rounds = 5
    /// Authors of W1 and W2, and rows of the databases W3, W4 and W6 run on.
    var authors = 100_000
    /// Cycles of W4 and W9's journal (no commit a cycle).
    var cycles = 10_000
    /// Cycles of W3 and W9's changeset capture, each a commit (an fsync under `synchronous=FULL`):
    /// at 10,000 these alone ran past 10 minutes on a 2-core machine.
    var commitCycles = 1_000
    /// W5: the small and the large database, and the lookups made in each.
    var scaleSmall = 1_000, scaleLarge = 1_000_000, scaleLookups = 10_000
    /// W6: changes made in the child.
    var nestedChanges = 10_000
    /// W7: rounds of open + migrate + close (each one is short).
    var openRounds = 25
    /// W2 memory: child processes per side.
    var memoryRounds = 3
    /// W8: the rows observed, the saves made by this store's writer, and the commits of another connection.
    var observedRows = 10_000, observedSaves = 1_000, foreignSaves = 200
    /// `--instructions`: the sizes scripts/bench-instructions runs under callgrind (one measured
    /// round, no memory children).
    var counting = false
    /// `--memory`: only the memory workloads (W1 and W2 peak memory, each side in a child
    /// process), at the sizes chosen; what scripts/bench-instructions prints beside the counts.
    var memoryOnly = false

    /// Reads the command line; exits with usage on an unknown argument.
    init(arguments: [String]) {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--quick":
                quick = true
                (rounds, authors, cycles, nestedChanges, openRounds, memoryRounds) = (3, 2_000, 300, 300, 5, 1)
                commitCycles = 300
                (scaleSmall, scaleLarge, scaleLookups) = (1_000, 20_000, 300)
                (observedRows, observedSaves, foreignSaves) = (2_000, 100, 30)
            case "--instructions":
                counting = true
                (rounds, authors, cycles, nestedChanges, openRounds) = (1, 10_000, 1_000, 1_000, 3)
                (scaleSmall, scaleLarge, scaleLookups) = (1_000, 100_000, 1_000)
                (observedSaves, foreignSaves) = (100, 0)
            case "--json":
                jsonPath = rest.first.map { $0.hasPrefix("--") ? "-" : rest.popFirst()! } ?? "-"
            case "--memory": memoryOnly = true
            case "--trace-sql": traceSQL = true
            case "--only": only = Set((rest.popFirst() ?? "").split(separator: ",").map { $0.uppercased() })
            case "--rounds": rounds = max(1, Int(rest.popFirst() ?? "") ?? rounds)
            default:
                FileHandle.standardError.write(Data(Self.usage.utf8))
                exit(argument == "--help" || argument == "-h" ? 0 : 64)
            }
        }
    }

    /// Whether workload `id` (such as `"W3"`) is selected.
    func runs(_ id: String) -> Bool { only.isEmpty || only.contains(id) }

    /// Whether a step runs, by whether it measures memory: with `--memory` only those; under
    /// `--instructions` (callgrind) none of them; otherwise all.
    func selects(memory: Bool) -> Bool { memoryOnly ? memory : !(counting && memory) }

    static let usage = """
        usage: draftstore-bench [--quick | --instructions] [--memory] [--json [path]] [--only W1,W2,…] [--rounds n] [--trace-sql]
          --quick       reduced sizes for CI (a few seconds)
          --instructions  the sizes counted under callgrind by scripts/bench-instructions (10,000 rows,
                        1,000 cycles, one measured round, no memory children)
          --memory      only the memory workloads (W1, W2 peak memory), at the sizes chosen
          --json [path] write the results as JSON to path (standard output instead of the table without one)
          --only list   run only these workloads
          --rounds n    measured rounds after the warm-up (default 5)
          --trace-sql   print the statements DraftStore runs in one W3 and one W4 cycle

        """
}

/// One line of the results: a workload's median figures on each side and their ratios.
struct ResultRow: Encodable {
    /// `W1` … `W8`.
    var workload: String
    /// What was measured, in words.
    var title: String
    /// Rows, cycles or changes.
    var size: String
    /// `ms` for times, `MiB` for memory, `×` for growth ratios.
    var unit = "ms"
    /// Median of the C side.
    var c: Double?
    /// Median of the raw Swift side.
    var rawSwift: Double?
    /// Median of the DraftStore side.
    var draftStore: Double?
    /// DraftStore / C.
    var ratioToC: Double?
    /// DraftStore / raw Swift.
    var ratioToRawSwift: Double?
    /// The target, in words (`"≤ 1.50× C"`); empty when none.
    var target = ""
    /// The figure the target is checked on.
    var checked: Double?
    /// Whether the target is met; `nil` without a target.
    var met: Bool?
    /// Anything else worth knowing (statement counts, the reference figure).
    var note = ""

    init(_ workload: String, _ title: String, size: String, unit: String = "ms", c: Double?, raw: Double?, draftStore: Double?) {
        self.workload = workload
        self.title = title
        self.size = size
        self.unit = unit
        self.c = c
        self.rawSwift = raw
        self.draftStore = draftStore
        if let draftStore, let c, c > 0 { ratioToC = draftStore / c }
        if let draftStore, let raw, raw > 0 { ratioToRawSwift = draftStore / raw }
    }

    /// Sets the target: `checked ≤ limit`.
    mutating func target(_ words: String, checked value: Double?, limit: Double) {
        target = words
        checked = value
        met = value.map { $0 <= limit }
    }
}

/// Runs the sides of a workload alternately, round after round, and keeps the medians.
struct Harness {
    let options: BenchOptions

    /// Runs one warm-up round, then `rounds` measured rounds; each round runs every side once,
    /// starting with a different side each round. Each side's closure does its own set-up
    /// and clean-up and returns only the time of the measured part.
    /// - Returns: The median milliseconds of each side, by name.
    func compare(rounds: Int? = nil, _ sides: [(name: String, run: (Int) throws -> Duration)]) throws -> [String: Double] {
        let rounds = rounds ?? options.rounds
        var samples: [String: [Double]] = [:]
        for round in 0...rounds {
            for offset in sides.indices {
                let side = sides[(offset + round) % sides.count]
                let time = try side.run(round)
                if round > 0 { samples[side.name, default: []].append(milliseconds(time)) }
            }
        }
        return samples.mapValues(median)
    }
}

/// The median of some numbers (the mean of the middle two for an even count).
func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}
