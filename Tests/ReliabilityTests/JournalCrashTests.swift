import Bookshelf
import DraftStore
import Foundation
import Testing

/// Issue 16: a child process edits a journaled item and is killed with SIGKILL at a random
/// moment; after each restart the journal gives back a draft holding every edit older than the
/// stated bound (200 ms), nothing of it is in the app's rows, and saving it writes exactly
/// those edits. Cancelling removes the entry.
@Suite("Draft journal across crashes")
struct JournalCrashTests {
    /// The stated bound of ``DraftStore/Configuration/journalsDrafts``, in nanoseconds.
    static let bound: UInt64 = 200_000_000

    @Test("SIGKILL during 10 edits: the restored draft holds every edit older than the bound; saving writes exactly them")
    func killsDuringEdits() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("journal.sqlite")
        let runs = Reliability.kills
        try seed(path, authors: runs)
        let worker = try Executables.url("reliability-worker")
        var generator = SystemRandomNumberGenerator()
        var restoredCounts: [Int] = []
        for run in 0..<runs {
            let id = Int64(run + 1)
            let output = folder.path("edits-\(run).txt")
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: output).creatingEmpty())
            let process = Process()
            process.executableURL = worker
            process.arguments = ["journal", path, String(id)]
            process.standardOutput = handle
            try process.run()
            Thread.sleep(forTimeInterval: Double.random(in: 0.05...0.6, using: &generator))
            let killedAt = DispatchTime.now().uptimeNanoseconds
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            try handle.close()
            #expect(process.terminationReason == .uncaughtSignal, "run \(run): the worker ended by itself")
            let edits = try Self.edits(in: output)
            // Every edit made before `killedAt - bound` must be in the journal.
            let required = edits.filter { $0.time + Self.bound <= killedAt }.map(\.number).max() ?? 0
            let made = edits.map(\.number).max() ?? 0
            restoredCounts.append(try restoreAndSave(path: path, id: id, required: required, made: made, run: run))
        }
        #expect(restoredCounts.contains { $0 > 0 }, "no kill landed after an edit was journaled")
        print("Draft journal across crashes: \(runs) kills, edits restored per run \(restoredCounts)")
    }

    @Test("Cancelling a journaled item removes its entry and writes nothing")
    func cancelRemovesTheEntry() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("cancel.sqlite")
        try seed(path, authors: 1)
        let result = try ChildProcess.run(try Executables.url("reliability-worker"), ["journal", path, "1", "cancel"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasSuffix("CANCELLED\n"))
        let store = try Self.open(path)
        defer { store.close() }
        #expect(try store.restorableDrafts().isEmpty)
        #expect(try store.withWriterConnection { try $0.scalar("SELECT count(*) FROM draftstore_drafts") } == .integer(0))
        #expect(try Self.author(1, in: store) == ["Author 1", "", "0"])
    }

    /// Restarts on `path`, checks the journaled draft of author `id` against the edits made, saves it.
    /// - Returns: How many edits the restored draft held.
    func restoreAndSave(path: String, id: Int64, required: Int, made: Int, run: Int) throws -> Int {
        let store = try Self.open(path)
        defer { store.close() }
        // Nothing of the draft is in the app's rows.
        #expect(try Self.author(id, in: store) == ["Author \(id)", "", "0"], "run \(run): the app's rows changed")
        let drafts = try store.restorableDrafts().filter { $0.mode == .edit(key: RowKey(.integer(id))) }
        #expect(drafts.count <= 1)
        guard let draft = drafts.first else {
            #expect(required == 0, "run \(run): no journaled draft, but edit \(required) was older than the bound")
            return 0
        }
        #expect(draft.entity == "Author" && draft.table == "authors")
        let item = try store.restoreDraft(Author.self, id: draft.id, related: [Book.self])
        #expect(item.id == draft.id && item.mode == .edit(key: RowKey(.integer(id))))
        let books = try item.context.fetch(FetchRequest<Book>.all.filter(\.authorID, equals: id))
        let restored = (0...JournalEditsModel.count).filter { JournalEditsModel.state(after: $0, id: id) == Observed(item.draft, books) }
        #expect(
            restored.count == 1, "run \(run): the restored draft is no state the edits went through: \(item.draft), \(books.count) books")
        let count = restored.first ?? -1
        #expect(count >= required, "run \(run): edit \(required) was older than the bound but the draft holds \(count) edits")
        #expect(count <= made + 1, "run \(run): the draft holds \(count) edits; \(made) were reported")
        #expect(item.form.editedFields == Set((count >= 1 ? ["name"] : []) + (count >= 2 ? ["bio"] : [])), "run \(run)")
        #expect(try item.staleness() == nil)
        try item.save()
        // Exactly those edits are in the rows now, and the entry left with the save.
        let expected = JournalEditsModel.state(after: count, id: id)
        let saved = try Self.author(id, in: store)
        #expect(saved == [expected.name, expected.bio ?? "", String(expected.books)], "run \(run)")
        #expect(try store.restorableDrafts().isEmpty)
        return count
    }

    /// Seeds `authors` authors (`Author n`, no bio, no books).
    func seed(_ path: String, authors: Int) throws {
        let store = try Self.open(path)
        defer { store.close() }
        let context = store.newChildContext()
        for number in 1...authors { try context.insert(Author(name: "Author \(number)", email: "a\(number)@example.com")) }
        try context.save()
    }

    static func open(_ path: String) throws -> DraftStore {
        var configuration = DraftStore.Configuration()
        configuration.entities = Bookshelf.entities
        configuration.journalsDrafts = true
        return try DraftStore(path: path, migrations: Bookshelf.migrations, configuration: configuration)
    }

    /// Name, bio and number of books of an author, as the database holds them.
    static func author(_ id: Int64, in store: DraftStore) throws -> [String] {
        try store.withWriterConnection { connection in
            try connection.fetch(
                "SELECT name, coalesce(bio, ''), (SELECT count(*) FROM books WHERE author_id = authors.id) FROM authors WHERE id = ?",
                [.integer(id)]
            ) { [try $0.text(at: 0), try $0.text(at: 1), String($0.int64(at: 2))] }.first ?? []
        }
    }

    /// The complete `EDIT k time` lines of a worker's output.
    static func edits(in path: String) throws -> [(number: Int, time: UInt64)] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let lines = text.hasSuffix("\n") ? text.split(separator: "\n") : text.split(separator: "\n").dropLast()
        return lines.compactMap { line in
            let parts = line.split(separator: " ")
            guard parts.count == 3, parts[0] == "EDIT", let number = Int(parts[1]), let time = UInt64(parts[2]) else { return nil }
            return (number, time)
        }
    }
}

/// What the author looks like after `k` edits of the worker's sequence (see `JournalEdits`).
struct Observed: Equatable {
    let name: String
    let bio: String?
    let books: Int

    init(name: String, bio: String?, books: Int) {
        self.name = name
        self.bio = bio
        self.books = books
    }

    init(_ author: Author, _ books: [Book]) {
        self.init(name: author.name, bio: author.bio, books: books.filter { $0.title == "Draft book" }.count)
    }
}

/// The worker's edit sequence, modelled: odd edits set the name, even ones the bio, edit 5 adds a book.
enum JournalEditsModel {
    static let count = 10

    static func state(after edits: Int, id: Int64) -> Observed {
        let names = (1...max(edits, 1)).filter { $0 <= edits && $0 % 2 == 1 && $0 != 5 }
        let bios = (1...max(edits, 1)).filter { $0 <= edits && $0 % 2 == 0 }
        return Observed(
            name: names.last.map { "Name \($0)" } ?? "Author \(id)", bio: bios.last.map { "Bio \($0)" }, books: edits >= 5 ? 1 : 0)
    }
}
