import Bookshelf
import CBench
import DraftStore
import Foundation

/// The rows every side writes and reads: the same names, e-mails and bios in C and Swift.
enum AuthorRows {
    /// The name of author `id` (a small string in Swift: no heap allocation).
    static func name(_ id: Int64) -> String { "Author \(id)" }
    /// The e-mail of author `id`; unique, as the schema requires.
    static func email(_ id: Int64) -> String { "author\(id)@example.com" }
    /// The bio of author `id`: NULL for every third row, else a sentence.
    static func bio(_ id: Int64) -> String? { id % 3 == 0 ? nil : "Biography of author \(id), who writes novels and essays." }
    /// The name an edit writes in cycle `cycle`.
    static func editedName(_ id: Int64, cycle: Int) -> String { "Author \(id) v\(cycle)" }
    /// The bio W4's second edit writes in cycle `cycle`.
    static func editedBio(_ id: Int64, cycle: Int) -> String { "Biography of author \(id), edited in cycle \(cycle)." }
    /// A new author value with generated fields.
    static func author(_ id: Int64) -> Author { Author(name: name(id), email: email(id), bio: bio(id)) }
}

/// A small, seeded pseudo-random generator (SplitMix64), so every side gets the same ids.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    /// Makes a generator from a seed.
    init(seed: UInt64) { state = seed }
    /// The next 64 random bits.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// `count` ids drawn uniformly from 1...`rows`, repeats allowed.
    static func ids(count: Int, rows: Int, seed: UInt64) -> [Int64] {
        var generator = SplitMix64(seed: seed)
        return (0..<count).map { _ in Int64.random(in: 1...Int64(rows), using: &generator) }
    }

    /// `count` distinct ids from 1...`rows`, in random order.
    static func distinctIDs(count: Int, rows: Int, seed: UInt64) -> [Int64] {
        var generator = SplitMix64(seed: seed)
        var all = Array(1...Int64(rows))
        all.shuffle(using: &generator)
        return Array(all.prefix(count))
    }
}

/// The Bookshelf migrations as the scripts a hand-written program runs: each migration's SQL
/// with the same bookkeeping rows the DraftStore migrator writes, so every side's file opens in DraftStore.
enum MigrationScripts {
    /// One script per migration, to run each in its own `BEGIN IMMEDIATE … COMMIT`.
    static let scripts: [String] = Bookshelf.migrations.map { migration in
        let hex = String(migration.checksum, radix: 16)
        let checksum = String(repeating: "0", count: 16 - hex.count) + hex
        return """
            CREATE TABLE IF NOT EXISTS draftstore_migrations (name TEXT PRIMARY KEY, checksum TEXT NOT NULL, applied_at INTEGER NOT NULL) STRICT;
            \(migration.sql)
            ;
            INSERT INTO draftstore_migrations (name, checksum, applied_at) VALUES ('\(migration.name)', '\(checksum)', \(cbench_now_ms()));
            """
    }

    /// Calls `body` with the scripts as C strings.
    static func withCStrings<T>(_ body: (UnsafePointer<UnsafePointer<CChar>?>, Int32) throws -> T) rethrows -> T {
        let copies = scripts.map { strdup($0) }
        defer { for copy in copies { free(copy) } }
        let pointers = copies.map { UnsafePointer<CChar>($0) }
        return try pointers.withUnsafeBufferPointer { try body($0.baseAddress!, Int32($0.count)) }
    }
}

/// A failure of a baseline, with the SQLite result code.
struct BenchFailure: Error, CustomStringConvertible {
    /// What failed, in words.
    let description: String

    /// Throws unless `code` is `SQLITE_OK`.
    static func check(_ code: Int32, _ what: @autoclosure () -> String) throws {
        if code != 0 { throw BenchFailure(description: "\(what()) failed with SQLite code \(code)") }
    }
}

/// A private folder for this run's database files, removed at the end of the run.
final class Scratch {
    /// The folder.
    let folder: URL
    private var counter = 0
    /// Seeded files built so far, by row count.
    private var seeded: [Int: String] = [:]

    /// Makes a new folder under the system's temporary directory.
    init() throws {
        folder = FileManager.default.temporaryDirectory.appending(path: "draftstore-bench-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// A path no file has yet.
    func newPath(_ label: String) -> String {
        counter += 1
        return folder.appending(path: "\(label)-\(counter).sqlite").path
    }

    /// Removes a database file with its WAL and shared-memory files.
    func remove(_ path: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
    }

    /// A fresh copy of a database of `rows` authors, built once per run with the C side.
    func copyOfSeeded(rows: Int, label: String) throws -> String {
        let source = try seededFile(rows: rows)
        let path = newPath(label)
        try FileManager.default.copyItem(atPath: source, toPath: path)
        return path
    }

    /// The database of `rows` authors: migrated and filled by CBench, then closed (checkpointed).
    func seededFile(rows: Int) throws -> String {
        if let path = seeded[rows] { return path }
        let path = newPath("seed-\(rows)")
        let db = try CSide.create(path)
        defer { cbench_close(db) }
        try BenchFailure.check(cbench_insert_authors(db, 1, Int64(rows)), "seeding \(rows) rows")
        seeded[rows] = path
        return path
    }

    /// Removes the folder and everything in it.
    func removeAll() { try? FileManager.default.removeItem(at: folder) }
}

/// Milliseconds of a duration.
func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}

/// The workload being run (`"W3 FULL"`), which names callgrind's counts of each measured body.
enum Counting {
    @TaskLocal static var workload = ""
}

/// Time spent in ``untimed(_:)`` during the current ``measure(_:_:)``, taken off its time. The
/// benchmark runs on one thread.
nonisolated(unsafe) private var untimedDuration = Duration.zero
/// Whether ``measure(_:_:)`` is running (so callgrind's collection is on).
nonisolated(unsafe) private var measuring = false

/// Times `body` on the continuous clock. Under callgrind (`--collect-atstart=no`), counts the
/// instructions of `body` alone and dumps them as `"<workload> <side>"` (scripts/bench-instructions).
/// What `body` runs inside ``untimed(_:)`` (the checks of its results) is neither timed nor counted.
/// - Parameter side: The side being measured (`"C"`, `"raw"`, `"ds"`, …).
func measure(_ side: String, _ body: () throws -> Void) rethrows -> Duration {
    let clock = ContinuousClock()
    untimedDuration = .zero
    measuring = true
    let start = clock.now
    cbench_count_begin()
    defer {
        cbench_count_end("\(Counting.workload) \(side)")
        measuring = false
    }
    try body()
    return clock.now - start - untimedDuration
}

/// Runs `body` inside a measured body without timing or counting it: a check of the results a
/// side produced, made before they are released (their release stays measured, as before).
func untimed<T>(_ body: () throws -> T) rethrows -> T {
    guard measuring else { return try body() }
    cbench_count_pause()
    let start = ContinuousClock.now
    defer {
        untimedDuration += ContinuousClock.now - start
        cbench_count_resume()
    }
    return try body()
}
