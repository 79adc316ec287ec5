import Bookshelf
import DraftStore
import Foundation
import Testing

/// Item 1: a child process saves batches in a loop and is killed with SIGKILL at random
/// moments; after each kill the file is intact, every acknowledged save is there in full,
/// no save is there in part, and the next open needs no manual step.
@Suite("Crash during saves")
struct CrashDuringSaveTests {
    @Test("SIGKILL at random moments: nothing acknowledged is lost, nothing is half-written")
    func killsDuringSaves() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("crash.sqlite")
        let worker = try Executables.url("reliability-worker")
        var generator = SystemRandomNumberGenerator()
        var acknowledged: [Int: Ack] = [:]
        var killsWithAcks = 0
        // A loaded machine opens the worker slowly: after a kill that landed before any save,
        // later kills wait longer (up to 8 times), so most still land while saving.
        var slowdown = 1.0
        for run in 0..<Reliability.kills {
            let first = run * 1_000_000
            let output = folder.path("acks-\(run).txt")
            _ = FileManager.default.createFile(atPath: output, contents: nil)
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
            let errors = try FileHandle(forWritingTo: URL(fileURLWithPath: folder.path("err-\(run).txt")).creatingEmpty())
            let process = Process()
            process.executableURL = worker
            process.arguments = ["save", path, String(first)]
            process.standardOutput = handle
            process.standardError = errors
            try process.run()
            // A random moment: sometimes while opening, mostly while saving.
            Thread.sleep(forTimeInterval: Double.random(in: 0.02...0.45, using: &generator) * slowdown)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            try handle.close()
            try errors.close()
            let stderr = (try? String(contentsOfFile: folder.path("err-\(run).txt"), encoding: .utf8)) ?? ""
            #expect(process.terminationReason == .uncaughtSignal, "run \(run): the worker ended by itself: \(stderr)")
            let acks = try Ack.parse(contentsOf: output)
            if acks.isEmpty { slowdown = min(slowdown * 2, 8) } else { killsWithAcks += 1 }
            for ack in acks { acknowledged[ack.number] = ack }
            try verify(path: path, acknowledged: acknowledged, run: run)
        }
        #expect(killsWithAcks > Reliability.kills / 2, "too few kills landed while saving")
        print(
            "Crash during saves: \(Reliability.kills) kills (\(killsWithAcks) during saves), \(acknowledged.count) saves acknowledged, all present in full"
        )
    }

    /// Opens the file as a user would (no manual step), checks integrity and the batches.
    func verify(path: String, acknowledged: [Int: Ack], run: Int) throws {
        let store = try Bookshelf.openStore(path: path)
        defer { store.close() }
        let (integrity, authors, books) = try store.withWriterConnection { connection in
            let integrity = try connection.fetch("PRAGMA integrity_check") { try $0.text(at: 0) }
            let authors = try connection.fetch("SELECT id, name, email, coalesce(bio, '') FROM authors") {
                (id: $0.int64(at: 0), name: try $0.text(at: 1), email: try $0.text(at: 2), bio: try $0.text(at: 3))
            }
            let books = try connection.fetch("SELECT author_id, title FROM books") { (author: $0.int64(at: 0), title: try $0.text(at: 1)) }
            return (integrity, authors, books)
        }
        #expect(integrity == ["ok"], "run \(run): integrity_check says \(integrity)")
        // Every part of every batch found in the file, by batch number.
        var authorOf: [Int: Int64] = [:]
        var bookCount: [Int: Int] = [:]
        var updated: Set<Int> = []
        var idOf: [Int64: Int] = [:]
        for author in authors {
            guard let number = Int(author.name.dropFirst("Worker ".count)) else { continue }
            authorOf[number] = author.id
            idOf[author.id] = number
            #expect(author.email == "w\(number)@example.com")
            if author.bio.hasPrefix("updated by "), let by = Int(author.bio.dropFirst("updated by ".count)) {
                updated.insert(by)
                #expect(by == number + 1, "run \(run): author \(number) updated by batch \(by)")
            }
        }
        for book in books {
            let number = Int(book.title.dropFirst("Book ".count).split(separator: "-").first ?? "") ?? -1
            bookCount[number, default: 0] += 1
            #expect(idOf[book.author] == number, "run \(run): \(book.title) belongs to the wrong author")
        }
        let present = Set(authorOf.keys).union(bookCount.keys).union(updated)
        for number in present {
            let isFirstOfRun = number % 1_000_000 == 0
            let complete = authorOf[number] != nil && bookCount[number] == 2 && (isFirstOfRun || updated.contains(number))
            #expect(
                complete,
                "run \(run): batch \(number) is present in part: author \(authorOf[number] != nil), books \(bookCount[number] ?? 0), update \(updated.contains(number))"
            )
        }
        for (number, ack) in acknowledged {
            #expect(authorOf[number] == ack.authorID, "run \(run): acknowledged batch \(number) is missing or has another id")
        }
        // At most one batch per run beyond the acknowledged ones: the save in flight at the kill.
        let unacknowledged = present.subtracting(acknowledged.keys)
        #expect(unacknowledged.count <= run + 1, "run \(run): unacknowledged batches \(unacknowledged.sorted())")
    }
}

/// One acknowledged save of the worker: `ACK n authorID updatedID`.
struct Ack {
    let number: Int
    let authorID: Int64
    let updatedID: Int64

    /// The complete lines of an output file (a line cut by the kill is ignored).
    static func parse(contentsOf path: String) throws -> [Ack] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let lines = text.hasSuffix("\n") ? text.split(separator: "\n") : text.split(separator: "\n").dropLast()
        return lines.compactMap { line in
            let parts = line.split(separator: " ")
            guard parts.count == 4, parts[0] == "ACK", let n = Int(parts[1]), let a = Int64(parts[2]), let u = Int64(parts[3]) else {
                return nil
            }
            return Ack(number: n, authorID: a, updatedID: u)
        }
    }
}

extension URL {
    /// Creates an empty file here and returns the URL.
    func creatingEmpty() -> URL {
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        return self
    }
}
