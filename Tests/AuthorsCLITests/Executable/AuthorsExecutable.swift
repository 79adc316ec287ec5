import Foundation

/// The built `authors` executable, run as a subprocess the way a user runs it.
///
/// ```swift
/// let result = try AuthorsExecutable.run(["list", "--db", path])
/// #expect(result.status == 0)
/// ```
enum AuthorsExecutable {
    /// What one run of the executable produced.
    struct Result: CustomStringConvertible {
        /// The exit status.
        let status: Int32
        /// Everything written to standard output.
        let stdout: String
        /// Everything written to standard error.
        let stderr: String

        /// Standard output parsed as one JSON value (a result of `--json`).
        func outputJSON() throws -> Any { try JSONSerialization.jsonObject(with: Data(stdout.utf8)) }

        /// Standard error parsed as one JSON value (an error of `--json`).
        func errorJSON() throws -> Any { try JSONSerialization.jsonObject(with: Data(stderr.utf8)) }

        /// The run, for failure messages.
        var description: String { "exit \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)" }
    }

    /// The executable's location.
    ///
    /// `AUTHORS_EXECUTABLE` wins when set. Otherwise the products directory the tests run from (the
    /// folder holding the test bundle or test executable, where SwiftPM also puts `authors`), then
    /// `.build/debug/authors` of the package this file belongs to.
    static let url: URL = {
        let manager = FileManager.default
        if let path = ProcessInfo.processInfo.environment["AUTHORS_EXECUTABLE"] { return URL(fileURLWithPath: path) }
        var folders: [URL] = []
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            folders.append(bundle.bundleURL.deletingLastPathComponent())
        }
        if let executable = Bundle.main.executableURL {
            // On Linux the test bundle is itself the executable: …/debug/DraftStorePackageTests.xctest.
            folders.append(executable.deletingLastPathComponent())
            folders.append(executable.deletingLastPathComponent().deletingLastPathComponent())
        }
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        folders.append(package.appending(path: ".build/debug"))
        for folder in folders {
            let candidate = folder.appending(path: "authors")
            if manager.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return folders.last!.appending(path: "authors")
    }()

    /// Runs `authors` with `arguments` and waits for it.
    ///
    /// Output goes to temporary files, not pipes, so a large output cannot block the child.
    /// - Parameters:
    ///   - arguments: The command line without the program name.
    ///   - input: Standard input (end of input follows it); empty input when `nil`.
    ///   - environment: Variables to set on top of this process's (without `DRAFTSTORE_DB`).
    ///   - directory: The working directory; a fresh temporary one when `nil`.
    /// - Returns: The exit status and both outputs.
    /// - Throws: When the executable cannot be started.
    static func run(_ arguments: [String], input: String? = nil, environment: [String: String] = [:], directory: URL? = nil) throws
        -> Result
    {
        try run(arguments, inputBytes: input.map { Data($0.utf8) }, environment: environment, directory: directory)
    }

    /// Runs `authors` with raw bytes on standard input; see ``run(_:input:environment:directory:)``.
    static func run(_ arguments: [String], inputBytes: Data?, environment: [String: String] = [:], directory: URL? = nil) throws -> Result {
        let scratch = try TemporaryFolder()
        let process = makeProcess(arguments, environment: environment, directory: directory ?? scratch.url)
        let stdinURL = scratch.url.appending(path: "stdin")
        let stdoutURL = scratch.url.appending(path: "stdout")
        let stderrURL = scratch.url.appending(path: "stderr")
        try (inputBytes ?? Data()).write(to: stdinURL)
        try Data().write(to: stdoutURL)
        try Data().write(to: stderrURL)
        let stdin = try FileHandle(forReadingFrom: stdinURL)
        let stdout = try FileHandle(forWritingTo: stdoutURL)
        let stderr = try FileHandle(forWritingTo: stderrURL)
        defer {
            try? stdin.close()
            try? stdout.close()
            try? stderr.close()
        }
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: try Data(contentsOf: stdoutURL), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: stderrURL), as: UTF8.self))
    }

    /// A process for `authors` with a clean environment: `DRAFTSTORE_DB` removed, then `environment` applied.
    /// - Parameters:
    ///   - arguments: The command line without the program name.
    ///   - environment: Variables to set.
    ///   - directory: The working directory.
    static func makeProcess(_ arguments: [String], environment: [String: String], directory: URL) -> Process {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        var variables = ProcessInfo.processInfo.environment
        variables["DRAFTSTORE_DB"] = nil
        variables.merge(environment) { $1 }
        process.environment = variables
        process.currentDirectoryURL = directory
        return process
    }
}

/// A fresh temporary folder, removed with everything in it when the value is released.
final class TemporaryFolder {
    /// The folder.
    let url: URL

    /// Creates the folder.
    /// - Throws: When it cannot be created.
    init() throws {
        url = FileManager.default.temporaryDirectory.appending(path: "authors-cli-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// A path inside the folder.
    /// - Parameter name: The file's name.
    func path(_ name: String) -> String { url.appending(path: name).path }
}
