import CSQLite
import Foundation

// draftstore-bench: DraftStore against plain C and raw Swift over libsqlite3, in one run.
// README's Performance section says what each workload measures.

/// The SQLite library version in use.
let sqliteVersion = String(cString: sqlite3_libversion())

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == MemoryProbe.command {
    do {
        guard arguments.count == 3 else { throw BenchFailure(description: "usage: \(MemoryProbe.command) side path") }
        try MemoryProbe.child(side: arguments[1], path: arguments[2])
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("memory child: \(error)\n".utf8))
        exit(1)
    }
}

if arguments.first == CursorMemoryProbe.command {
    do {
        guard arguments.count == 3 else { throw BenchFailure(description: "usage: \(CursorMemoryProbe.command) side path") }
        try CursorMemoryProbe.child(path: arguments[2])
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("memory child: \(error)\n".utf8))
        exit(1)
    }
}

if arguments.first == InsertMemoryProbe.command {
    do {
        guard arguments.count == 4, let rows = Int(arguments[3]) else {
            throw BenchFailure(description: "usage: \(InsertMemoryProbe.command) side path rows")
        }
        try InsertMemoryProbe.child(side: arguments[1], path: arguments[2], rows: rows)
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("memory child: \(error)\n".utf8))
        exit(1)
    }
}

let options = BenchOptions(arguments: arguments)
let scratch: Scratch
do { scratch = try Scratch() } catch {
    FileHandle.standardError.write(Data("draftstore-bench: cannot make a temporary folder: \(error)\n".utf8))
    exit(1)
}
let started = ContinuousClock.now
let log = { (text: String) in if options.jsonPath != "-" { FileHandle.standardError.write(Data((text + "\n").utf8)) } }
log("draftstore-bench (\(options.quick ? "quick" : "full"), SQLite \(sqliteVersion), \(options.rounds) rounds after a warm-up)")
var results: [ResultRow] = []
var failed = false

// Writes the JSON (to its file after each workload; to standard output once, at the end).
let writeJSON = { (complete: Bool) in
    guard let path = options.jsonPath, path != "-" || complete else { return }
    do {
        let data = try Report.json(
            results, options: options, seconds: milliseconds(ContinuousClock.now - started) / 1000, complete: complete)
        if path == "-" { FileHandle.standardOutput.write(data + Data("\n".utf8)) } else { try data.write(to: URL(fileURLWithPath: path)) }
    } catch {
        FileHandle.standardError.write(Data("draftstore-bench: cannot write JSON: \(error)\n".utf8))
        failed = true
    }
}

// Each workload's rows are printed (and the JSON file rewritten) as soon as they are measured,
// so an interrupted run keeps what it measured; the notes follow the table at the end.
if options.jsonPath != "-" { print(Report.header.joined(separator: "\n")) }
fflush(nil)  // every C stream; `stdout` is not concurrency-safe to name
do {
    let workloads = Workloads(options: options, scratch: scratch)
    let steps: [(String, String, () throws -> [ResultRow])] = [
        ("W1", "bulk insert", workloads.bulkInsert),
        ("W1", "insert memory", { try InsertMemoryProbe.rows(options: options, scratch: scratch) }),
        ("W2", "fetch", workloads.fetch),
        ("W2", "fetch memory", { try MemoryProbe.rows(options: options, scratch: scratch) }),
        ("W2", "cursor memory", { try CursorMemoryProbe.rows(options: options, scratch: scratch) }),
        ("W3", "edit cycle", workloads.editCycle),
        ("W4", "cancel cycle", workloads.cancelCycle),
        ("W5", "scale", workloads.scale),
        ("W6", "nested", workloads.nested),
        ("W7", "open", workloads.open),
        ("W9", "journal", workloads.journalCycle),
        ("W9", "changeset capture", workloads.changesetCapture),
        ("W8", "observation", workloads.observation),
        ("W10", "graph", workloads.graphCycle),
    ]
    for (id, name, step) in steps where options.runs(id) && options.selects(memory: name.hasSuffix("memory")) {
        let clock = ContinuousClock.now
        log("  \(id) \(name)…")
        let rows = try Counting.$workload.withValue(id) { try step() }
        results += rows
        if options.jsonPath != "-" { print(Report.lines(rows).joined(separator: "\n")) }
        fflush(nil)  // every C stream; `stdout` is not concurrency-safe to name
        writeJSON(false)
        log(String(format: "    %.1f s", milliseconds(ContinuousClock.now - clock) / 1000))
    }
} catch {
    FileHandle.standardError.write(Data("draftstore-bench: \(error)\n".utf8))
    failed = true
}
scratch.removeAll()
let seconds = milliseconds(ContinuousClock.now - started) / 1000
writeJSON(!failed)
if options.jsonPath != "-" {
    let notes = Report.notes(results)
    if !notes.isEmpty { print("\n" + notes.joined(separator: "\n")) }
    print(
        String(
            format: "\n%@ run in %.1f s; medians of %d rounds after a warm-up; SQLite %@%@.", options.quick ? "Quick" : "Full", seconds,
            options.rounds, sqliteVersion, failed ? "; stopped by the error above, the rows before it stand" : ""))
}
exit(failed ? 1 : 0)
