import Bookshelf
import DraftStore
import Foundation
import Testing

/// Issue 27, item 7: five writers on one file — two stores of the library in this process, the
/// `authors` CLI run once per save, and two Python `sqlite3` processes — each add `saves` authors.
/// No write may fail busy ("database is locked") while every other writer holds the lock for
/// milliseconds: each waits its busy timeout. The file is the CLI's, so the schema is the
/// `authors` tool's (Bookshelf's): it is the one thing the CLI can open.
@Suite("Five writers on one file")
struct FiveWritersTests {
    /// Saves per writer: 500 with `DRAFTSTORE_RELIABILITY_FULL=1`, 60 under CI.
    static var saves: Int { Reliability.full ? 500 : 60 }

    /// One Python writer: `COUNT` authors `PREFIX k`, each in its own `BEGIN IMMEDIATE` transaction;
    /// a failure is printed with SQLite's extended code on standard error, and counted.
    static let pythonScript = """
        import sqlite3, sys
        db, count, prefix = sys.argv[1], int(sys.argv[2]), sys.argv[3]
        con = sqlite3.connect(db, timeout=5, isolation_level=None)
        failed = 0
        for k in range(count):
            try:
                con.execute("BEGIN IMMEDIATE")
                con.execute("INSERT INTO authors (name, email, created_at, updated_at) VALUES (?, ?, 0, 0)",
                            ("%s %d" % (prefix, k), "%s%d@example.com" % (prefix.lower(), k)))
                con.execute("COMMIT")
            except sqlite3.Error as error:
                failed += 1
                print("failed %d: %s (%s)" % (k, error, getattr(error, "sqlite_errorcode", "?")), file=sys.stderr, flush=True)
                if con.in_transaction:
                    con.execute("ROLLBACK")
        print("DONE %d" % failed, flush=True)
        """

    @Test(
        "5 writers (library ×2, authors CLI, Python ×2) × N saves: no busy failure, every row there exactly once",
        .enabled(if: Self.hasPython, "needs python3 (Debian package python3) for the Python writers"))
    func fiveWriters() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("writers.sqlite")
        try Bookshelf.openStore(path: path).close()
        let script = folder.path("writer.py")
        try Data(Self.pythonScript.utf8).write(to: URL(fileURLWithPath: script))
        let count = Self.saves
        let failures = Lock<[String]>([])
        let group = DispatchGroup()
        for prefix in ["Lib", "Kit"] {
            DispatchQueue.global().async(group: group) {
                let problems = Self.libraryWriter(path: path, prefix: prefix, count: count)
                failures.withLock { $0 += problems }
            }
        }
        DispatchQueue.global().async(group: group) {
            let problems = Self.cliWriter(path: path, count: count)
            failures.withLock { $0 += problems }
        }
        for prefix in ["Py", "Snake"] {
            DispatchQueue.global().async(group: group) {
                let problems = Self.pythonWriter(script: script, path: path, prefix: prefix, count: count)
                failures.withLock { $0 += problems }
            }
        }
        group.wait()
        let problems = failures.withLock { $0 }
        #expect(problems.isEmpty, "\(problems.count) failed writes:\n\(problems.prefix(20).joined(separator: "\n"))")
        let store = try Bookshelf.openStore(path: path)
        defer { store.close() }
        let names = try store.fetch(FetchRequest<Author>.all).map(\.name)
        #expect(names.count == 5 * count)
        for prefix in ["Lib", "Kit", "CLI", "Py", "Snake"] {
            let expected = Set((0..<count).map { "\(prefix) \($0)" })
            #expect(Set(names.filter { $0.hasPrefix(prefix + " ") }) == expected, "\(prefix)")
        }
    }

    static var hasPython: Bool { (try? ChildProcess.python()) != nil }

    /// Adds `count` authors through presented items of a store of this process; returns the failures.
    static func libraryWriter(path: String, prefix: String, count: Int) -> [String] {
        do {
            let store = try Bookshelf.openStore(path: path)
            defer { store.close() }
            var problems: [String] = []
            for number in 0..<count {
                do {
                    let item = try store.presentNew(
                        Author(name: "\(prefix) \(number)", email: "\(prefix.lowercased())\(number)@example.com"))
                    try item.save()
                } catch {
                    problems.append("\(prefix) \(number): \(error)")
                }
            }
            return problems
        } catch {
            return ["\(prefix): cannot open: \(error)"]
        }
    }

    /// Runs `authors add` `count` times, one process each; returns the failures.
    static func cliWriter(path: String, count: Int) -> [String] {
        guard let authors = try? Executables.url("authors") else { return ["the authors executable was not found"] }
        var problems: [String] = []
        for number in 0..<count {
            do {
                let result = try ChildProcess.run(
                    authors, ["add", "--name", "CLI \(number)", "--email", "cli\(number)@example.com", "--db", path])
                if result.status != 0 { problems.append("CLI \(number): exit \(result.status): \(result.stderr)") }
            } catch {
                problems.append("CLI \(number): \(error)")
            }
        }
        return problems
    }

    /// Runs one Python writer of `count` authors; returns its failures.
    static func pythonWriter(script: String, path: String, prefix: String, count: Int) -> [String] {
        do {
            let result = try ChildProcess.run(try ChildProcess.python(), [script, path, String(count), prefix])
            guard result.status == 0, result.stdout.contains("DONE 0\n") else {
                return ["\(prefix): exit \(result.status): \(result.stdout) \(result.stderr)"]
            }
            return []
        } catch {
            return ["\(prefix): \(error)"]
        }
    }
}
