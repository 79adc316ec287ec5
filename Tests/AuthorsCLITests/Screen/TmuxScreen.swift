import Foundation
import Testing

/// `authors … --screen` running in a detached tmux session of its own (a private server,
/// its socket in the test's folder), driven with `send-keys` and read with `capture-pane`, as a person at a terminal.
///
/// The pane runs a small shell script: it records `stty -g`, runs `authors`, records `stty -g`
/// again and the exit status, then stays open so the files can be read.
///
/// ```swift
/// let screen = try TmuxScreen(["edit", "1", "--screen"], in: db)
/// try screen.waitFor("▶ Name")
/// try screen.keys("Tab")
/// let exit = try screen.waitForExit()
/// ```
final class TmuxScreen {
    /// Whether `tmux` can be run here; the tests that need it are skipped (and say why) when not.
    static let isAvailable: Bool = (try? run(["-V"]).status) == 0

    /// Why the tmux tests are skipped when ``isAvailable`` is false.
    static let missing: Comment =
        "tmux is not installed: the full-screen form's terminal tests are skipped (Debian package tmux: apt-get install tmux)"

    /// How the process ended, and the terminal's mode before and after it.
    struct Exit {
        /// The exit status as the shell reports it (128 + N after signal N).
        let status: Int32
        /// `stty -g` before `authors` started.
        let before: String
        /// `stty -g` after it ended.
        let after: String
        /// The pane after the process ended (what it printed on the main screen).
        let screen: String
    }

    private let folder: URL
    /// Kept so its folder (script, socket, database) outlives the session.
    private let database: TestDatabase
    /// The server's socket, in the test's folder (removed with it).
    private var socket: String { folder.appending(path: "tmux.sock").path }

    /// Starts `authors ARGUMENTS --db PATH` in a new detached session of `width` × `height` cells.
    /// - Throws: When tmux cannot start the session.
    init(_ arguments: [String], in db: TestDatabase, width: Int = 100, height: Int = 30) throws {
        folder = db.folder.url
        database = db
        let command = ([AuthorsExecutable.url.path] + arguments + ["--db", db.path]).map(Self.quoted).joined(separator: " ")
        let script = """
            cd \(Self.quoted(folder.path))
            stty -g > stty-before
            \(command)
            status=$?
            stty -g > stty-after
            echo "$status" > exit-status
            exec sleep 600
            """
        let scriptURL = folder.appending(path: "screen.sh")
        try Data(script.utf8).write(to: scriptURL)
        for name in ["stty-before", "stty-after", "exit-status"] { try? FileManager.default.removeItem(at: folder.appending(path: name)) }
        let started = try tmux([
            "new-session", "-d", "-s", "form", "-x", "\(width)", "-y", "\(height)", "sh " + Self.quoted(scriptURL.path),
        ])
        guard started.status == 0 else { throw Failure("tmux new-session failed: \(started.output)") }
    }

    deinit { _ = try? tmux(["kill-session", "-t", "form"]) }

    /// Sends keys by tmux's names (`Tab`, `BTab`, `C-s`, `Escape`, `BSpace`, `End`).
    func keys(_ names: String...) throws {
        _ = try tmux(["send-keys", "-t", "form"] + names)
    }

    /// Types text literally, character by character, as UTF-8.
    func type(_ text: String) throws {
        _ = try tmux(["send-keys", "-t", "form", "-l", "--", text])
    }

    /// Pastes text as a terminal does (bracketed, since the form asks for it).
    func paste(_ text: String) throws {
        _ = try tmux(["set-buffer", "--", text])
        _ = try tmux(["paste-buffer", "-p", "-d", "-t", "form"])
    }

    /// Changes the window's size (the process gets SIGWINCH).
    func resize(width: Int, height: Int) throws {
        _ = try tmux(["resize-window", "-t", "form", "-x", "\(width)", "-y", "\(height)"])
    }

    /// The screen's text now.
    func capture() throws -> String {
        try tmux(["capture-pane", "-p", "-t", "form"]).output
    }

    /// Polls the screen until `condition` holds (at most about 15 s, then a recorded issue).
    @discardableResult
    func waitUntil(_ what: String, sourceLocation: SourceLocation = #_sourceLocation, _ condition: (String) -> Bool) throws -> String {
        var screen = ""
        for _ in 0..<300 {
            screen = try capture()
            if condition(screen) { return screen }
            usleep(50_000)
        }
        Issue.record("the screen never showed \(what):\n\(screen)", sourceLocation: sourceLocation)
        return screen
    }

    /// Polls the screen until it shows `text`.
    @discardableResult
    func waitFor(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try waitUntil("“\(text)”", sourceLocation: sourceLocation) { $0.contains(text) }
    }

    /// Waits for `authors` to end; returns its status and the terminal modes before and after.
    func waitForExit(sourceLocation: SourceLocation = #_sourceLocation) throws -> Exit {
        let statusURL = folder.appending(path: "exit-status")
        for _ in 0..<300 where !FileManager.default.fileExists(atPath: statusURL.path) { usleep(50_000) }
        guard let text = try? String(contentsOf: statusURL, encoding: .utf8),
            let status = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
        else { throw Failure("authors did not exit:\n\(try capture())") }
        let read = { (name: String) in (try? String(contentsOf: self.folder.appending(path: name), encoding: .utf8)) ?? "" }
        return Exit(status: status, before: read("stty-before"), after: read("stty-after"), screen: try capture())
    }

    /// The process id of `authors` (the child of the pane's shell).
    func authorsPID() throws -> Int32 {
        let shell = try tmux(["display-message", "-p", "-t", "form", "#{pane_pid}"]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        for _ in 0..<100 {
            let found = try Self.run(["pgrep", "-P", shell, "-x", "authors"], executable: "/usr/bin/env")
            if let pid = Int32(found.output.split(separator: "\n").first ?? "") { return pid }
            usleep(50_000)
        }
        throw Failure("no authors process under the pane's shell \(shell)")
    }

    @discardableResult
    private func tmux(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try Self.run(["-u", "-S", socket, "-f", "/dev/null"] + arguments)
    }

    /// Runs `tmux ARGUMENTS` (or, with `executable`, that program with `arguments`) and waits for it.
    ///
    /// Spawned with `posix_spawn` and reaped with `waitpid`, output to a file: the tmux server
    /// that `new-session` starts is a daemon that inherits the client's descriptors, and
    /// Foundation's `Process` waited for those to close (the server's whole life).
    private static func run(_ arguments: [String], executable: String? = nil) throws -> (status: Int32, output: String) {
        let argv = executable == nil ? ["/usr/bin/env", "tmux"] + arguments : [executable!] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["TMUX"] = nil
        environment["DRAFTSTORE_DB"] = nil
        environment["LANG"] = "C.UTF-8"
        environment["LC_ALL"] = "C.UTF-8"
        let outputURL = FileManager.default.temporaryDirectory.appending(path: "tmux-output-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: outputURL) }
        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t?
        #else
            var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputURL.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let cArguments = argv.map { strdup($0) } + [nil]
        let cEnvironment = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in cArguments + cEnvironment { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, argv[0], &actions, nil, cArguments, cEnvironment)
        guard spawned == 0 else { throw Failure("cannot run \(argv.joined(separator: " ")): error \(spawned)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return (exitStatus, (try? String(contentsOf: outputURL, encoding: .utf8)) ?? "")
    }

    private static func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    /// A failure to drive tmux.
    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
