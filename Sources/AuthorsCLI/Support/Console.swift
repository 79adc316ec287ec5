import Foundation

/// Where a command writes and reads: standard output, standard error, standard input.
///
/// Tests give it in-memory streams; the executable gives it the process's own.
final class Console {
    /// Whether results and errors are written as JSON.
    var json = false
    private let output: (String) -> Void
    private let error: (String) -> Void
    private let input: () -> String?
    /// Whether standard error is a terminal (progress bars go there only then).
    let errorIsTerminal: Bool

    init(output: @escaping (String) -> Void, error: @escaping (String) -> Void, input: @escaping () -> String?, errorIsTerminal: Bool) {
        self.output = output
        self.error = error
        self.input = input
        self.errorIsTerminal = errorIsTerminal
    }

    /// The process's standard streams.
    static func standard() -> Console {
        Console(
            output: { text in FileHandle.standardOutput.write(Data(text.utf8)) },
            error: { text in FileHandle.standardError.write(Data(text.utf8)) },
            input: { Swift.readLine(strippingNewline: true) },
            errorIsTerminal: isatty(STDERR_FILENO) != 0)
    }

    /// Writes a line to standard output.
    func print(_ line: String = "") { output(line + "\n") }

    /// Writes text to standard output without a newline (a prompt).
    func prompt(_ text: String) { output(text) }

    /// Writes a line to standard error.
    func printError(_ line: String) { error(line + "\n") }

    /// Writes raw text to standard error (a progress bar's carriage returns).
    func writeError(_ text: String) { error(text) }

    /// Reads one line of standard input; `nil` at its end.
    func readLine() -> String? { input() }

    /// Writes a JSON value to standard output.
    func printJSON(_ value: Any) {
        let options: JSONSerialization.WritingOptions = [.sortedKeys, .withoutEscapingSlashes]
        if let data = try? JSONSerialization.data(withJSONObject: value, options: options) {
            output(String(decoding: data, as: UTF8.self) + "\n")
        }
    }
}
