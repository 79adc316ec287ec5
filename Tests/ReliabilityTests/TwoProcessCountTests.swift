import Bookshelf
import DraftStore
import Foundation
import Testing

/// Case Q1's last sentence, with real processes: two processes × 200 saves on one file,
/// final counts exact (the in-process variant is in `SQLiteCaseTests`).
@Suite("Two processes × 200 saves")
struct TwoProcessCountTests {
    @Test("two worker processes save 200 batches each on one file: every batch is there, exactly once")
    func twoProcessesSaveExactly() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("counts.sqlite")
        try Bookshelf.openStore(path: path).close()
        let worker = try Executables.url("reliability-worker")
        let results = [0, 1].map { index in
            let process = Process()
            process.executableURL = worker
            process.arguments = ["save", path, String(index * 1_000 + 1), "200"]
            process.standardOutput = FileHandle.nullDevice
            let errors = Pipe()
            process.standardError = errors
            return (process, errors)
        }
        for (process, _) in results { try process.run() }
        for (process, errors) in results {
            process.waitUntilExit()
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(process.terminationStatus == 0, "\(message)")
        }
        let store = try Bookshelf.openStore(path: path)
        defer { store.close() }
        #expect(try store.count(Author.self) == 400)
        #expect(try store.count(Book.self) == 800)
        let names = Set(try store.fetch(FetchRequest<Author>.all).map(\.name))
        let expected = Set((1...200).flatMap { ["Worker \($0)", "Worker \(1_000 + $0)"] })
        #expect(names == expected)
        // Each process set the bio of its previous author in the same save: all but its last one.
        let updated = try store.fetch(FetchRequest<Author>.all).filter { $0.bio != nil }.count
        #expect(updated == 398)
    }
}
