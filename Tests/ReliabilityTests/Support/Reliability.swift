import Foundation
import TestTools
import Testing

/// Sizes of the reliability suite: a reduced size by default (CI), the full size when the
/// environment variable `DRAFTSTORE_RELIABILITY_FULL=1` is set.
enum Reliability {
    /// Whether the full size was asked for.
    static let full = ProcessInfo.processInfo.environment["DRAFTSTORE_RELIABILITY_FULL"] == "1"

    /// How many times the crash test kills the worker: 50 full, 10 under CI.
    static var kills: Int { full ? 50 : 10 }
    /// How long the two-process test edits concurrently: 20 s full, 3 s under CI.
    static var concurrentSeconds: Double { full ? 20 : 3 }
    /// Drafts per memory cycle: 100,000 full, 30,000 under CI (always 20 cycles).
    static var memoryDrafts: Int { full ? 100_000 : 30_000 }
    /// Rows seeded before the backup test: 200,000 full, 15,000 under CI.
    static var backupSeedAuthors: Int { full ? 200_000 : 15_000 }
}

/// A temporary folder, removed when released.
final class TemporaryDirectory: Sendable {
    /// The folder.
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appending(path: "draftstore-reliability-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The path of a file in the folder.
    func path(_ name: String) -> String { url.appending(path: name).path }

    deinit { try? FileManager.default.removeItem(at: url) }
}

/// The built executables of this package (`reliability-worker`, `authors`), found next to
/// the test binary.
enum Executables {
    static func url(_ name: String) throws -> URL {
        var candidates: [URL] = []
        let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        candidates.append(me.deletingLastPathComponent().appending(path: name))
        if let first = CommandLine.arguments.first {
            candidates.append(URL(fileURLWithPath: first).resolvingSymlinksInPath().deletingLastPathComponent().appending(path: name))
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(root.appending(path: ".build/debug/\(name)"))
        for candidate in candidates where FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        throw HarnessFailure("the executable \(name) was not found (looked at \(candidates.map(\.path))); run `swift build` first")
    }
}

/// A failure of the test's own machinery, in words.
struct HarnessFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The outcome of a finished child process.
struct ProcessResult {
    let status: Int32
    let stdout: String
    let stderr: String
}

/// Runs child processes and collects their output.
enum ChildProcess {
    /// Runs `executable` with `arguments` to its end, feeding `input` on standard input.
    static func run(_ executable: URL, _ arguments: [String], input: String? = nil, environment: [String: String]? = nil) throws
        -> ProcessResult
    {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        let folder = try TemporaryDirectory()
        let outPath = folder.path("out")
        let errPath = folder.path("err")
        let inPath = folder.path("in")
        _ = FileManager.default.createFile(atPath: outPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)
        _ = FileManager.default.createFile(atPath: inPath, contents: Data((input ?? "").utf8))
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
        let err = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
        let inp = try FileHandle(forReadingFrom: URL(fileURLWithPath: inPath))
        defer { try? out.close(); try? err.close(); try? inp.close() }
        process.standardOutput = out
        process.standardError = err
        process.standardInput = inp
        try process.run()
        process.waitUntilExit()
        return ProcessResult(
            status: process.terminationStatus,
            stdout: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "")
    }

    /// The `python3` interpreter on `PATH`; the suites that run it declare `.requires(.python3)`.
    static func python() throws -> URL {
        guard let path = ExternalTool.python3.path else { throw HarnessFailure("python3 is needed for the two-process test") }
        return URL(fileURLWithPath: path)
    }
}
