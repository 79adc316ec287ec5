import CSQLite
import DraftStore
import Foundation
import Testing

/// Issue 27, item 8: a store path that names a device, a FIFO or a directory is refused before
/// SQLite creates any file beside it (a rollback journal, `-wal`, `-shm`).
@Suite("Store: paths that name no regular file")
struct DevicePathTests {
    static let migrations = [Migration(name: "0001_notes", sql: "CREATE TABLE notes(id INTEGER PRIMARY KEY, body TEXT NOT NULL);")]

    /// The files SQLite would create beside a database file.
    static func companions(of path: String) -> [String] { ["-journal", "-wal", "-shm"].map { path + $0 } }

    /// Opens a store at `path` (and at its `file:` URI) and expects a refusal naming the path,
    /// with no new file beside it.
    static func expectRefused(_ path: String, kind: String) {
        let existing = companions(of: path).filter { FileManager.default.fileExists(atPath: $0) }
        for given in [path, "file:\(path)"] {
            do {
                let store = try DraftStore(path: given, migrations: migrations)
                store.close()
                Issue.record("\(given) opened")
            } catch let error as SQLiteError {
                #expect(error.extendedCode == SQLITE_CANTOPEN, "\(error)")
                #expect(error.message.contains(kind), "\(error)")
            } catch {
                Issue.record("\(given): \(error)")
            }
            let created = companions(of: path).filter { FileManager.default.fileExists(atPath: $0) && !existing.contains($0) }
            #expect(created.isEmpty, "\(given) left \(created)")
        }
    }

    @Test("/dev/null, a character device, is refused and no /dev/null-journal appears")
    func devNull() throws {
        Self.expectRefused("/dev/null", kind: "a character device")
    }

    @Test("a FIFO is refused and nothing appears beside it")
    func fifo() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appending(path: "pipe").path
        #expect(mkfifo(path, 0o600) == 0)
        Self.expectRefused(path, kind: "a FIFO")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["pipe"])
    }

    @Test("a directory given as a file: URI is refused as a directory")
    func directoryURI() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        Self.expectRefused(folder.path, kind: "a directory")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test("a regular file and a new path still open")
    func regularFile() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        for path in [folder.appending(path: "a.sqlite").path, "file:" + folder.appending(path: "b.sqlite").path] {
            let store = try DraftStore(path: path, migrations: Self.migrations)
            store.close()
        }
        let store = try DraftStore(path: folder.appending(path: "a.sqlite").path, migrations: Self.migrations)
        store.close()
    }
}
