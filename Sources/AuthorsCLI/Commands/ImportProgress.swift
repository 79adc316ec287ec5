import Foundation

/// A count of the rows read, on standard error, shown only on a terminal and past the first
/// ``step`` rows (the file is streamed, so its number of rows is not known ahead).
final class Progress {
    private let console: Console
    private let enabled: Bool
    /// Whether anything was written (then ``finish()`` ends the line).
    private var shown = false
    /// The count is rewritten every this many rows.
    static let step = 5000

    init(console: Console) {
        self.console = console
        self.enabled = console.errorIsTerminal && !console.json
    }

    func update(_ done: Int) {
        guard enabled, done % Progress.step == 0 else { return }
        shown = true
        console.writeError("\r\(done) rows read")
    }

    func finish() {
        if shown { console.writeError("\n") }
        shown = false
    }
}
