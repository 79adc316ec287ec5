import CSQLite
import Foundation

/// Checks a database file when a connection opens it, so a file that is not an SQLite
/// database (or is cut short) is refused with its bytes untouched.
///
/// The header is read through the file handle SQLite itself opened
/// (`SQLITE_FCNTL_FILE_POINTER`), never through a second descriptor: closing any other
/// descriptor of a database file drops every POSIX lock this process holds on it, so
/// other processes would see no reader or writer here, checkpoint and delete the
/// write-ahead log under this process's open connections, and commits would be lost.
/// See [How To Corrupt An SQLite Database File, 2.2](https://www.sqlite.org/howtocorrupt.html#_posix_advisory_locks_canceled_by_a_separate_thread_doing_close_).
///
/// See [Database File Format](https://www.sqlite.org/fileformat.html): the file starts
/// with the 16 bytes `"SQLite format 3\0"`; the page size is at offset 16 and the page
/// count at offset 28, valid when the number at offset 92 equals the change counter at 24.
enum FileCheck {
    static let magic = Array("SQLite format 3\0".utf8)

    /// Checks what can be seen without opening the file (`stat` only).
    /// - Throws: ``SQLiteError`` naming `path`, `SQLITE_CANTOPEN`: a directory, a missing
    ///   folder, a missing file when `mustExist`.
    static func checkBeforeOpening(path: String, mustExist: Bool) throws(SQLiteError) {
        var isDirectory: ObjCBool = false
        let manager = FileManager.default
        guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
            let folder = (path as NSString).deletingLastPathComponent
            if !folder.isEmpty, !manager.fileExists(atPath: folder) {
                throw SQLiteError(extendedCode: SQLITE_CANTOPEN, message: "cannot open \(path): the folder \(folder) does not exist")
            }
            if mustExist { throw SQLiteError(extendedCode: SQLITE_CANTOPEN, message: "cannot open \(path): no such file") }
            return
        }
        if isDirectory.boolValue {
            throw SQLiteError(extendedCode: SQLITE_CANTOPEN, message: "cannot open \(path): it is a directory, not a database file")
        }
    }

    /// Checks the header of the main database file of an open handle, reading through SQLite's own file.
    /// - Parameters:
    ///   - handle: A connection just opened, before any statement ran.
    ///   - path: The path or URI the caller gave, for messages.
    /// - Throws: ``SQLiteError`` naming `path`: `SQLITE_NOTADB`, or `SQLITE_CORRUPT` (truncated).
    static func checkHeader(of handle: OpaquePointer, path: String) throws(SQLiteError) {
        var pointer: UnsafeMutablePointer<sqlite3_file>?
        guard sqlite3_file_control(handle, "main", SQLITE_FCNTL_FILE_POINTER, &pointer) == SQLITE_OK,
            let file = pointer, let methods = file.pointee.pMethods,
            let fileSize = methods.pointee.xFileSize, let read = methods.pointee.xRead
        else { return }
        var size: sqlite3_int64 = 0
        guard fileSize(file, &size) == SQLITE_OK, size > 0 else { return }  // A 0-byte file is a new, empty database.
        var header = [UInt8](repeating: 0, count: 100)
        let code = read(file, &header, 100, 0)
        guard size >= 100, code == SQLITE_OK, header.starts(with: magic) else {
            throw SQLiteError(
                extendedCode: SQLITE_NOTADB,
                message: "\(path) is not an SQLite database (its first bytes are not the SQLite header); it was left unchanged")
        }
        func bigEndian(_ offset: Int, _ count: Int) -> UInt64 {
            header[offset..<offset + count].reduce(0) { $0 << 8 | UInt64($1) }
        }
        var pageSize = bigEndian(16, 2)
        if pageSize == 1 { pageSize = 65_536 }
        let pageCount = bigEndian(28, 4)
        let countIsValid = bigEndian(92, 4) == bigEndian(24, 4)
        // After a crash in WAL mode the log may hold pages the main file lacks; only judge
        // the length when there is no write-ahead log to replay (`stat` only, no descriptor).
        let main = sqlite3_db_filename(handle, "main").map { String(cString: $0) } ?? path
        let walSize = (try? FileManager.default.attributesOfItem(atPath: main + "-wal")[.size] as? NSNumber)?.uint64Value ?? 0
        if countIsValid, pageCount > 0, walSize == 0, UInt64(size) < pageCount * pageSize {
            throw SQLiteError(
                extendedCode: SQLITE_CORRUPT,
                message:
                    "\(path) is truncated: \(size) bytes, but its header promises \(pageCount) pages of \(pageSize) bytes; it was left unchanged"
            )
        }
    }
}
