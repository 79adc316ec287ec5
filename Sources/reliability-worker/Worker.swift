import Bookshelf
import DraftStore
import Foundation

/// A child process for the reliability tests (`Tests/ReliabilityTests`).
///
/// - `reliability-worker save PATH FIRST [COUNT]`: opens a Bookshelf store on `PATH` and saves
///   batches in a loop until killed (or until `COUNT` saves are done, then exits 0). Save `n` (counting from `FIRST`) inserts the author
///   `Worker n` with the books `Book n-1` and `Book n-2`, and sets the bio of the author of
///   the previous save of this run to `updated by n` — four rows across both tables in one
///   save. After `save()` returns it writes `ACK n <author id> <updated id or 0>` on
///   standard output with one unbuffered `write`.
/// - `reliability-worker journal PATH ID [cancel]`: see ``JournalEdits``.
/// - `reliability-worker memory CYCLES DRAFTS`: see ``MemoryCycles``.
/// - `reliability-worker commit-fault PATH crash|close|retry [journal]`: see ``CommitFault``.
/// - `reliability-worker bulk-save PATH ROWS`: see ``BulkSaveMemory``.
///
/// Exit codes: 0 done, 2 usage error, 3 the store failed (the message is on standard error).
@main
struct Worker {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        do {
            switch arguments.first {
            case "save" where arguments.count == 3 || arguments.count == 4:
                guard let first = Int(arguments[2]) else { usage() }
                let count = arguments.count == 4 ? Int(arguments[3]) : nil
                if arguments.count == 4, count == nil { usage() }
                try saveLoop(path: arguments[1], first: first, count: count)
            case "journal" where arguments.count == 3 || (arguments.count == 4 && arguments[3] == "cancel"):
                guard let id = Int64(arguments[2]) else { usage() }
                try JournalEdits(path: arguments[1], id: id, cancels: arguments.count == 4).run()
            case "commit-fault" where arguments.count == 3 || (arguments.count == 4 && arguments[3] == "journal"):
                guard let then = CommitFault.Then(rawValue: arguments[2]) else { usage() }
                try CommitFault(path: arguments[1], then: then, journal: arguments.count == 4).run()
            case "memory" where arguments.count == 3:
                guard let cycles = Int(arguments[1]), let drafts = Int(arguments[2]) else { usage() }
                try MemoryCycles(cycles: cycles, drafts: drafts).run()
            case "cursor" where arguments.count == 3:
                guard let rows = Int(arguments[2]) else { usage() }
                try CursorMemory(path: arguments[1], rows: rows).runWaiting()
            case "bulk-save" where arguments.count == 3:
                guard let rows = Int(arguments[2]) else { usage() }
                try BulkSaveMemory(path: arguments[1], rows: rows).run()
            default:
                usage()
            }
        } catch {
            FileHandle.standardError.write(Data("reliability-worker: \(error)\n".utf8))
            exit(3)
        }
    }

    static func usage() -> Never {
        FileHandle.standardError.write(
            Data(
                ("usage: reliability-worker save PATH FIRST [COUNT] | journal PATH ID [cancel] | memory CYCLES DRAFTS"
                    + " | commit-fault PATH crash|close|retry [journal] | cursor PATH ROWS | bulk-save PATH ROWS\n").utf8))
        exit(2)
    }

    /// Saves batches until the process is killed, or `count` of them when given.
    static func saveLoop(path: String, first: Int, count: Int?) throws {
        let store = try Bookshelf.openStore(path: path)
        var previous: Int64?
        var number = first
        while count.map({ number - first < $0 }) ?? true {
            let item = try store.presentNew(Author(name: "Worker \(number)", email: "w\(number)@example.com"))
            let author = item.draft.id!
            try item.insertRelated(Book(authorID: author, title: "Book \(number)-1", year: 2000))
            try item.insertRelated(Book(authorID: author, title: "Book \(number)-2", year: 2001))
            if let previous, var earlier = try item.context.fetch(Author.self, id: previous) {
                earlier.bio = "updated by \(number)"
                try item.context.update(earlier)
            }
            let saved = try item.save()
            emit("ACK \(number) \(saved.id!) \(previous ?? 0)\n")
            previous = saved.id
            number += 1
        }
    }

    /// Writes a line with one `write(2)`, so it is on its way before the next save starts.
    static func emit(_ line: String) {
        var bytes = Array(line.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { write(1, $0.baseAddress! + offset, $0.count - offset) }
            if written <= 0 { return }
            offset += written
        }
    }
}
