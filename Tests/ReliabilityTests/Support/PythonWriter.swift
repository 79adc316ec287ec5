import Foundation

/// A second writer in another process: a Python script using only the standard `sqlite3`
/// module, written into a temporary folder by the test.
///
/// - `edit DB SECONDS HOLD_MS AUTHORS SEED`: prints `STARTED`, then for SECONDS renames a random author (ids
///   1…AUTHORS) to `Py k` inside `BEGIN IMMEDIATE`, holding the write lock up to HOLD_MS
///   before COMMIT; prints `DONE k` with the number of commits.
/// - `hold DB SECONDS`: takes the write lock, prints `LOCKED`, keeps it SECONDS, commits, prints `RELEASED`.
struct PythonWriter {
    static let script = """
        import random, sqlite3, sys, time
        mode, db = sys.argv[1], sys.argv[2]
        con = sqlite3.connect(db, timeout=30, isolation_level=None)
        if mode == "hold":
            con.execute("BEGIN IMMEDIATE")
            print("LOCKED", flush=True)
            time.sleep(float(sys.argv[3]))
            con.execute("COMMIT")
            print("RELEASED", flush=True)
            sys.exit(0)
        seconds, hold, authors = float(sys.argv[3]), float(sys.argv[4]) / 1000, int(sys.argv[5])
        random.seed(int(sys.argv[6]))
        print("STARTED", flush=True)
        deadline = time.time() + seconds
        k = 0
        while time.time() < deadline:
            con.execute("BEGIN IMMEDIATE")
            con.execute("UPDATE authors SET name = ? WHERE id = ?", ("Py %d" % k, random.randint(1, authors)))
            time.sleep(random.uniform(0, hold))
            con.execute("COMMIT")
            k += 1
            time.sleep(random.uniform(0, 0.015))
        print("DONE %d" % k, flush=True)
        """

    let process = Process()
    let output = Pipe()
    let errors = Pipe()
    let folder: TemporaryDirectory

    /// Starts the script with `arguments` (mode first).
    init(_ arguments: [String]) throws {
        folder = try TemporaryDirectory()
        let path = folder.path("writer.py")
        try Data(PythonWriter.script.utf8).write(to: URL(fileURLWithPath: path))
        process.executableURL = try ChildProcess.python()
        process.arguments = [path] + arguments
        process.standardOutput = output
        process.standardError = errors
        try process.run()
    }

    /// Reads standard output until a line equals `line` (or the output ends).
    func waitForLine(_ line: String) -> Bool {
        var text = ""
        while true {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { return false }
            text += String(decoding: data, as: UTF8.self)
            if text.split(separator: "\n").contains(Substring(line)) { return true }
        }
    }

    /// Waits for the end and returns the rest of standard output, standard error and the status.
    func finish() -> (stdout: String, stderr: String, status: Int32) {
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self), process.terminationStatus)
    }
}
