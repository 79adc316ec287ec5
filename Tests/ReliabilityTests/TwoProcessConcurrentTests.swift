import Bookshelf
import DraftStore
import Foundation
import Testing

extension TwoProcessTests {
    /// What one in-process draft did.
    struct DraftEdit {
        let id: Int64
        let field: String
        let baseName: String
        let baseBio: String?
        let value: String
        var outcome: String
    }

    @Test("library drafts + authors CLI against a Python writer: same-field edits conflict, different fields merge, nothing is locked")
    func concurrentEdits() throws {
        let folder = try TemporaryDirectory()
        let path = try TwoProcessTests.makeDatabase(folder)
        let seconds = Reliability.concurrentSeconds
        let python = try PythonWriter(["edit", path, String(seconds), "20", String(TwoProcessTests.authors), "7"])
        // The clock starts with Python's: on a loaded machine its start-up alone can take a second.
        #expect(python.waitForLine("STARTED"), "the Python writer did not start")
        let deadline = Date().addingTimeInterval(seconds)

        // The authors CLI, one process per edit, on its own thread.
        let cli = try Executables.url("authors")
        let cliResults = Lock<[(value: String, result: ProcessResult)]>([])
        let cliDone = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            var number = 0
            while Date() < deadline {
                let id = String(number % TwoProcessTests.authors + 1)
                let value = number.isMultiple(of: 2) ? "Cli \(number)" : "cli bio \(number)"
                let option = number.isMultiple(of: 2) ? "--name" : "--bio"
                if let result = try? ChildProcess.run(cli, ["edit", id, option, value, "--db", path, "--json"]) {
                    cliResults.withLock { $0.append((value, result)) }
                }
                number += 1
            }
            cliDone.signal()
        }

        // Drafts through the library: open, edit one field, keep the form open a moment, save.
        let store = try Bookshelf.openStore(path: path)
        var edits: [DraftEdit] = []
        var number = 0
        while Date() < deadline {
            let id = Int64(number % TwoProcessTests.authors + 1)
            let item = try store.presentEdit(Author.self, id: id)
            let base = item.draft
            let field = number % 3 == 0 ? "bio" : "name"
            let value = field == "name" ? "Swift \(number)" : "swift bio \(number)"
            if field == "name" { item.draft.name = value } else { item.draft.bio = value }
            // A bio edit stays open longer, so that a Python rename of the same author lands meanwhile.
            Thread.sleep(forTimeInterval: field == "bio" ? Double.random(in: 0.02...0.06) : Double.random(in: 0.002...0.03))
            var edit = DraftEdit(id: id, field: field, baseName: base.name, baseBio: base.bio, value: value, outcome: "saved")
            do {
                try item.save()
            } catch {
                switch error {
                case let .conflict(conflict):
                    edit.outcome = "conflict"
                    let fields = conflict.objects.flatMap { $0.fields.map(\.name) }
                    #expect(fields == [field], "a conflict on \(fields) for an edit of \(field)")
                default:
                    edit.outcome = "error"
                    Issue.record("draft \(number) on author \(id): \(error)")
                }
            }
            edits.append(edit)
            number += 1
        }
        store.close()
        cliDone.wait()
        let pythonEnd = python.finish()
        #expect(pythonEnd.status == 0, "python: \(pythonEnd.stderr)")
        let pythonCommits = Int(pythonEnd.stdout.split(separator: " ").last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? -1

        let history = try TwoProcessTests.history(path)
        var byNewName: [String: Change] = [:]
        var byNewBio: [String: Change] = [:]
        for change in history {
            if change.newName != change.oldName { byNewName[change.newName] = change }
            if let bio = change.newBio, bio != change.oldBio { byNewBio[bio] = change }
        }
        var merged = 0
        for edit in edits {
            let written = edit.field == "name" ? byNewName[edit.value] : byNewBio[edit.value]
            switch edit.outcome {
            case "saved":
                guard let written else {
                    let trail = history.filter { $0.id == edit.id }.map {
                        "\($0.oldName)->\($0.newName) bio \($0.oldBio ?? "nil")->\($0.newBio ?? "nil")"
                    }
                    Issue.record(
                        "saved edit \(edit.value) (base \(edit.baseName), \(edit.baseBio ?? "nil")) is not in the history of #\(edit.id): \(trail)"
                    )
                    continue
                }
                #expect(written.id == edit.id)
                if edit.field == "name" {
                    #expect(
                        written.oldName == edit.baseName,
                        "lost update: \(edit.value) overwrote \(written.oldName), the draft had read \(edit.baseName)")
                } else {
                    #expect(written.oldBio == edit.baseBio, "lost update of bio \(edit.value)")
                    #expect(written.newName == written.oldName, "a bio edit changed the name")
                    if written.oldName != edit.baseName { merged += 1 }
                }
            default:
                #expect(written == nil, "the refused edit \(edit.value) was written")
            }
        }
        let conflicts = edits.filter { $0.outcome == "conflict" }.count
        let saved = edits.filter { $0.outcome == "saved" }.count
        #expect(
            history.filter { $0.newName.hasPrefix("Py ") && $0.newName != $0.oldName }.count == pythonCommits, "a Python commit is missing")

        // The CLI: success (written) or a reported conflict; never a storage error or "locked".
        let runs = cliResults.withLock { $0 }
        var cliConflicts = 0
        for (value, result) in runs {
            let text = result.stdout + result.stderr
            #expect(!text.lowercased().contains("locked"), "the CLI reported a lock: \(text)")
            switch result.status {
            case 0:
                #expect(
                    byNewName[value] != nil || byNewBio[value] != nil,
                    "the CLI said it saved \(value), but it is not in the history: \(text)")
            case 1:
                #expect(text.contains("conflict"), "exit 1 without a conflict: \(text)")
                cliConflicts += 1
            default:
                Issue.record("the CLI failed with exit \(result.status): \(text)")
            }
        }
        #expect(conflicts > 0, "no same-field conflict happened; the test did not exercise it")
        #expect(merged > 0, "no different-field merge happened; the test did not exercise it")
        print(
            "Two processes (\(seconds) s): Python \(pythonCommits) commits; drafts \(edits.count): \(saved) saved (\(merged) merged with a Python rename), \(conflicts) same-field conflicts reported, 0 lost updates; CLI \(runs.count) runs, \(cliConflicts) conflicts, 0 locked"
        )
    }

    @Test("a lock held past the busy timeout: a clear storage error, the draft kept and saved afterwards")
    func lockHeldLonger() throws {
        let folder = try TemporaryDirectory()
        let path = try TwoProcessTests.makeDatabase(folder)
        let store = try Bookshelf.openStore(path: path, busyTimeout: .milliseconds(300))
        defer { store.close() }
        let item = try store.presentEdit(Author.self, id: 1)
        item.draft.name = "Mine"
        item.draft.bio = "Kept through the lock"
        let python = try PythonWriter(["hold", path, "1.5"])
        #expect(python.waitForLine("LOCKED"))
        let started = ContinuousClock.now
        do {
            try item.save()
            Issue.record("the save went through a held lock")
        } catch {
            guard case let .storage(sqlite) = error else {
                Issue.record("expected a storage error, got \(error)")
                return
            }
            #expect(sqlite.isBusy, "\(sqlite)")
            #expect(sqlite.message.contains(path), "\(sqlite)")
            #expect(ContinuousClock.now - started >= .milliseconds(250), "the save did not wait for the busy timeout")
        }
        #expect(!item.isFinished)
        #expect(item.draft.name == "Mine" && item.draft.bio == "Kept through the lock")
        #expect(item.saveFailure != nil)
        let end = python.finish()
        #expect(end.stdout.contains("RELEASED"), "\(end.stderr)")
        let saved = try item.save()
        #expect(saved.name == "Mine")
        #expect(try store.fetch(Author.self, id: 1)?.bio == "Kept through the lock")
    }

    @Test("a lock held shorter than the busy timeout: the save waits and succeeds")
    func lockHeldShorter() throws {
        let folder = try TemporaryDirectory()
        let path = try TwoProcessTests.makeDatabase(folder)
        let store = try Bookshelf.openStore(path: path, busyTimeout: .seconds(5))
        defer { store.close() }
        let item = try store.presentEdit(Author.self, id: 2)
        item.draft.name = "Waited"
        let python = try PythonWriter(["hold", path, "0.4"])
        #expect(python.waitForLine("LOCKED"))
        let saved = try item.save()
        #expect(saved.name == "Waited")
        #expect(python.finish().status == 0)
    }
}
