import Bookshelf
import DraftStore
import Foundation
import Testing

/// Case Q1 of `shared/cases`, across processes: two processes each make 200 saves to one
/// file at the same time. The busy timeout lets each wait for the other's write lock, so no
/// save fails and the final counts are exact.
@Suite("Reliability: two processes × 200 saves")
struct TwoProcessCountTests {
    @Test func everySaveOfBothProcessesLands() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("shared.sqlite")
        try Bookshelf.openStore(path: path).close()
        let worker = try Executables.url("reliability-worker")
        let saves = 200
        let processes = try [0, 100_000].map { first -> (Process, URL) in
            let process = Process()
            process.executableURL = worker
            process.arguments = ["save", path, String(first), String(saves)]
            let output = folder.url.appending(path: "out-\(first)")
            _ = FileManager.default.createFile(atPath: output.path, contents: nil)
            process.standardOutput = try FileHandle(forWritingTo: output)
            process.standardError = try FileHandle(forWritingTo: output)
            try process.run()
            return (process, output)
        }
        for (process, output) in processes {
            process.waitUntilExit()
            let text = try String(contentsOf: output, encoding: .utf8)
            #expect(process.terminationStatus == 0, "worker failed: \(text)")
            #expect(text.split(separator: "\n").filter { $0.hasPrefix("ACK ") }.count == saves)
            #expect(!text.contains("locked"))
        }
        let store = try Bookshelf.openStore(path: path)
        defer { store.close() }
        #expect(try store.count(Author.self) == 2 * saves)
        #expect(try store.count(Book.self) == 4 * saves)
    }
}
