#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The terminal's saved mode and the way back to it, from normal code and from signal handlers.
///
/// ``enter()`` saves the termios settings, switches to raw input (no echo, no line editing, no
/// Ctrl-C/Ctrl-Z/Ctrl-S signals or flow control), the alternate screen and bracketed paste.
/// ``restore()`` undoes all of it. Handlers for SIGINT, SIGTERM, SIGHUP and the crash signals
/// SIGSEGV, SIGABRT, SIGILL, SIGTRAP (and SIGBUS, SIGFPE) restore the terminal with
/// async-signal-safe calls only (`tcsetattr`, `write`), then die of the same signal. SIGKILL
/// cannot be caught.
enum TerminalMode {
    /// The escapes that leave the form's screen: bracketed paste off, cursor shown, attributes
    /// reset, the main screen back.
    static let leaveSequence: [UInt8] = Array("\u{1B}[?2004l\u{1B}[?25h\u{1B}[0m\u{1B}[?1049l".utf8)
    /// The escapes that enter it.
    static let enterSequence: [UInt8] = Array("\u{1B}[?1049h\u{1B}[?2004h\u{1B}[H\u{1B}[2J".utf8)
    /// The signals after which the terminal is restored before the process ends.
    static let fatalSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGSEGV, SIGABRT, SIGILL, SIGTRAP, SIGBUS, SIGFPE]

    // Read by the signal handlers: written before the handlers are installed, never after.
    // A pointer to memory allocated once, so a handler reads no lazily initialized Swift global.
    nonisolated(unsafe) private static var saved: UnsafeMutablePointer<termios>?
    nonisolated(unsafe) private static var leave: UnsafeMutableBufferPointer<UInt8>?
    nonisolated(unsafe) private static var isActive: sig_atomic_t = 0

    /// Whether standard input and output are both terminals.
    static var isTerminal: Bool { isatty(STDIN_FILENO) != 0 && isatty(STDOUT_FILENO) != 0 }

    /// Saves the terminal's mode and enters the form's (raw input, alternate screen, bracketed paste).
    /// - Returns: `false` when the mode cannot be read (not a terminal).
    static func enter() -> Bool {
        if saved == nil {
            saved = UnsafeMutablePointer<termios>.allocate(capacity: 1)
            let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: leaveSequence.count)
            _ = buffer.initialize(from: leaveSequence)
            leave = buffer
        }
        guard tcgetattr(STDIN_FILENO, saved!) == 0 else { return false }
        var raw = saved!.pointee
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_oflag &= ~tcflag_t(OPOST)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        isActive = 1
        for signal in fatalSignals { installHandler(signal) }
        guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else {
            isActive = 0
            removeHandlers()
            return false
        }
        send(enterSequence)
        return true
    }

    /// Puts the terminal back as it was before ``enter()``; does nothing when not entered.
    /// Async-signal-safe.
    static func restore() {
        guard isActive != 0, let saved, let leave else { return }
        isActive = 0
        _ = write(STDOUT_FILENO, leave.baseAddress, leave.count)
        _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, saved)
    }

    /// Writes bytes to standard output, all of them.
    static func send(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
    }

    /// The terminal's size in cells, 80 × 24 when it cannot be read.
    static func size() -> (width: Int, height: Int) {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return (80, 24) }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    private static func installHandler(_ number: Int32) {
        signal(number) { number in
            TerminalMode.restore()
            signal(number, SIG_DFL)
            raise(number)
        }
    }

    /// Puts the default handlers back (after ``restore()`` on a normal exit).
    static func removeHandlers() {
        for number in fatalSignals { signal(number, SIG_DFL) }
    }
}
