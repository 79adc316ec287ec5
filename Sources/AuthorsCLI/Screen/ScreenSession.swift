import Bookshelf
import DraftStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The thin terminal driver of the full-screen form: enters the terminal mode, draws the
/// model's frame, reads keys (waking on SIGWINCH to redraw at the new size) until the form is
/// saved or cancelled, and restores the terminal on the way out, whatever the way.
///
/// `authors edit ID --screen` and `authors add --screen` run it; see ``ScreenModel`` for what
/// the keys do.
struct ScreenSession {
    /// The item the form edits.
    let item: PresentedItem<Author>

    /// Read by the SIGWINCH handler: the write end of the pipe that wakes the read loop.
    nonisolated(unsafe) private static var resizeSignal: Int32 = -1

    /// Refuses to run without a terminal.
    /// - Throws: ``CLIFailure`` (usage) when standard input or output is not a terminal.
    static func requireTerminal(_ command: String) throws {
        guard TerminalMode.isTerminal else {
            throw CLIFailure.usage(
                "authors \(command) --screen needs a terminal: standard input and output must both be one (use 'authors form' for piped answers)"
            )
        }
    }

    /// Runs the form to its end.
    /// - Returns: How it ended.
    /// - Throws: A storage failure of a save (the terminal is restored first).
    func run() throws -> ScreenModel.Outcome {
        let model = ScreenModel(item: item)
        var pipeEnds: [Int32] = [-1, -1]
        guard pipe(&pipeEnds) == 0 else { throw CLIFailure.storage("Cannot start the screen: no pipe for resize events.") }
        Self.resizeSignal = pipeEnds[1]
        defer {
            Self.resizeSignal = -1
            close(pipeEnds[0])
            close(pipeEnds[1])
        }
        guard TerminalMode.enter() else { throw CLIFailure.usage("authors: --screen needs a terminal") }
        signal(SIGWINCH) { _ in
            var byte: UInt8 = 1
            if ScreenSession.resizeSignal >= 0 { _ = write(ScreenSession.resizeSignal, &byte, 1) }
        }
        defer {
            signal(SIGWINCH, SIG_DFL)
            TerminalMode.restore()
            TerminalMode.removeHandlers()
        }
        var decoder = KeyDecoder()
        var last: ScreenFrame?
        while model.outcome == nil {
            let size = TerminalMode.size()
            let frame = model.render(width: size.width, height: size.height)
            if frame != last { draw(frame) }
            last = frame
            for key in try readKeys(&decoder, resize: pipeEnds[0]) {
                // In a window too small to show the form, only Esc and Ctrl-C act.
                if frame.isTooSmall, key != .escape, key != .interrupt { continue }
                try model.handle(key)
                if model.outcome != nil { break }
            }
        }
        return model.outcome!
    }

    /// Waits for input or a resize; returns the keys read (none after a resize).
    private func readKeys(_ decoder: inout KeyDecoder, resize: Int32) throws -> [ScreenKey] {
        var fds = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0), pollfd(fd: resize, events: Int16(POLLIN), revents: 0)]
        // A lone Esc waits a moment for the rest of a sequence; otherwise wait for anything.
        let ready = poll(&fds, 2, decoder.hasPending ? 40 : -1)
        if ready < 0 { return [] }  // EINTR: a signal, such as SIGWINCH; redraw.
        if ready == 0 { return decoder.flush() }
        if fds[1].revents != 0 {
            var drain = [UInt8](repeating: 0, count: 64)
            _ = read(resize, &drain, drain.count)
        }
        guard fds[0].revents != 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = read(STDIN_FILENO, &buffer, buffer.count)
        if count == 0 || (count < 0 && errno != EINTR && errno != EAGAIN) { return [.escape] }  // the terminal went away: cancel
        guard count > 0 else { return [] }
        return decoder.feed(Array(buffer[0..<count]))
    }

    /// Draws a frame: each line cleared to its end, the cursor placed or hidden.
    private func draw(_ frame: ScreenFrame) {
        var output = "\u{1B}[?25l\u{1B}[H"
        for (index, line) in frame.lines.enumerated() {
            output += line + "\u{1B}[K" + (index + 1 < frame.lines.count ? "\r\n" : "")
        }
        output += "\u{1B}[J"
        if let cursor = frame.cursor { output += "\u{1B}[\(cursor.row + 1);\(cursor.column + 1)H\u{1B}[?25h" }
        TerminalMode.send(Array(output.utf8))
    }
}
