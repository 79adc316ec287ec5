import Foundation
import Testing

/// `authors` running with pipes on standard input and output, driven a line at a time:
/// read until a prompt appears, act (change the database behind its back), then answer.
final class InteractiveRun {
    private let process: Process
    private let input = Pipe()
    private let output = Pipe()
    private let errorFile: URL
    private let scratch: TemporaryFolder
    /// Everything read from standard output so far.
    private(set) var transcript = ""

    /// Starts `authors ARGUMENTS`.
    /// - Parameters:
    ///   - arguments: The command line without the program name.
    ///   - directory: The working directory.
    /// - Throws: When it cannot be started.
    init(_ arguments: [String], directory: URL) throws {
        scratch = try TemporaryFolder()
        errorFile = scratch.url.appending(path: "stderr")
        try Data().write(to: errorFile)
        process = AuthorsExecutable.makeProcess(arguments, environment: [:], directory: directory)
        process.standardInput = input
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errorFile)
        try process.run()
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    /// Reads standard output until `text` appears after what was already consumed.
    /// - Parameter text: The prompt (or any text) to wait for.
    /// - Returns: The output up to and including `text`, since the last wait.
    /// - Throws: When the output ends first (the transcript is in the error).
    @discardableResult
    func waitFor(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let start = transcript.endIndex
        while true {
            if let range = transcript[start...].range(of: text) { return String(transcript[start..<range.upperBound]) }
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty {
                let message = "output ended before \(text.debugDescription):\n\(transcript)"
                Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
                throw CancellationError()
            }
            transcript += String(decoding: chunk, as: UTF8.self)
        }
    }

    /// Writes one line to standard input.
    /// - Parameter line: The answer, without its newline.
    func send(_ line: String) {
        input.fileHandleForWriting.write(Data((line + "\n").utf8))
    }

    /// Waits for each prompt in turn and answers it.
    /// - Parameter exchanges: Pairs of (prompt to wait for, answer to send).
    /// - Throws: When the output ends before a prompt.
    func answer(_ exchanges: [(prompt: String, line: String)], sourceLocation: SourceLocation = #_sourceLocation) throws {
        for (prompt, line) in exchanges {
            try waitFor(prompt, sourceLocation: sourceLocation)
            send(line)
        }
    }

    /// Closes standard input, reads the rest of the output and waits for the exit.
    /// - Returns: The exit status, the whole transcript and standard error.
    func finish() throws -> AuthorsExecutable.Result {
        try input.fileHandleForWriting.close()
        transcript += String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return AuthorsExecutable.Result(
            status: process.terminationStatus, stdout: transcript,
            stderr: String(decoding: try Data(contentsOf: errorFile), as: UTF8.self))
    }
}
