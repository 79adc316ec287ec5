import Foundation

/// A progress bar on standard error, shown only on a terminal and for large files.
final class Progress {
    private let console: Console
    private let total: Int
    private var shown = -1
    private let enabled: Bool

    init(console: Console, total: Int) {
        self.console = console
        self.total = total
        self.enabled = console.errorIsTerminal && total > 5000 && !console.json
    }

    func update(_ done: Int) {
        guard enabled else { return }
        let percent = done * 100 / max(total, 1)
        guard percent != shown else { return }
        shown = percent
        let bar = String(repeating: "#", count: percent / 4) + String(repeating: ".", count: 25 - percent / 4)
        console.writeError("\r[\(bar)] \(percent)% (\(done)/\(total))")
    }

    func finish() { if enabled { console.writeError("\n") } }
}
