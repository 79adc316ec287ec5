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
    /// Whether standard input is a terminal (when it is not, the form echoes what it reads).
    let inputIsTerminal: Bool

    init(
        output: @escaping (String) -> Void, error: @escaping (String) -> Void, input: @escaping () -> String?,
        errorIsTerminal: Bool, inputIsTerminal: Bool = true
    ) {
        self.output = output
        self.error = error
        self.input = input
        self.errorIsTerminal = errorIsTerminal
        self.inputIsTerminal = inputIsTerminal
    }

    /// The process's standard streams. Standard output is buffered (`list` of 100,000 authors is one
    /// write per 64 KiB, not per line) and flushed before standard error is written or input read,
    /// so the two streams keep their order on a terminal; ``flush()`` writes the rest.
    static func standard() -> Console {
        let buffer = OutputBuffer()
        let console = Console(
            output: { text in buffer.append(text) },
            error: { text in
                buffer.flush()
                FileHandle.standardError.write(Data(text.utf8))
            },
            input: {
                buffer.flush()
                return Swift.readLine(strippingNewline: true)
            },
            errorIsTerminal: isatty(STDERR_FILENO) != 0,
            inputIsTerminal: isatty(STDIN_FILENO) != 0)
        console.flushOutput = buffer.flush
        return console
    }

    /// Writes what is buffered for standard output; the tool calls it before it exits.
    func flush() { flushOutput() }

    /// Writes the buffered standard output (nothing to do for unbuffered streams).
    private var flushOutput: () -> Void = {}

    /// Writes a line to standard output.
    func print(_ line: String = "") { output(line + "\n") }

    /// Writes text to standard output without a newline (a prompt).
    func prompt(_ text: String) { output(text) }

    /// Writes a line to standard error.
    func printError(_ line: String) { error(line + "\n") }

    /// Writes raw text to standard error (a progress bar's carriage returns).
    func writeError(_ text: String) { error(text) }

    /// Whether a line was read yet (a UTF-8 byte order mark can only open the first one).
    private var readAnyLine = false

    /// Reads one line of standard input; `nil` at its end.
    ///
    /// A byte order mark opening the input (piped from a file saved by a Windows editor) is
    /// dropped, so it is neither part of the first answer nor makes an empty answer non-empty.
    func readLine() -> String? {
        guard var line = input() else { return nil }
        if !readAnyLine {
            readAnyLine = true
            if line.unicodeScalars.first == "\u{FEFF}" { line.unicodeScalars.removeFirst() }
        }
        return line
    }

    /// Writes a JSON value on one line to standard output (a result).
    func printJSON(_ value: Any) { output(Console.json(value)) }

    /// Writes a JSON value on one line to standard error (an error), so standard output holds results only.
    func printErrorJSON(_ value: Any) { error(Console.json(value)) }

    /// A JSON value as one line of text, keys sorted.
    private static func json(_ value: Any) -> String {
        let options: JSONSerialization.WritingOptions = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? JSONSerialization.data(withJSONObject: value, options: options) else { return "null\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

/// Standard output's buffer: text gathered into large writes.
private final class OutputBuffer {
    /// The bytes not yet written.
    private var bytes: [UInt8] = []
    /// The size at which the buffer is written.
    private let limit = 1 << 16

    /// Adds `text`, writing the buffer once it reaches the limit.
    func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
        if bytes.count >= limit { flush() }
    }

    /// Writes everything buffered to standard output.
    func flush() {
        guard !bytes.isEmpty else { return }
        FileHandle.standardOutput.write(Data(bytes))
        bytes.removeAll(keepingCapacity: true)
    }
}
