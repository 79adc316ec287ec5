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
    /// - Throws: ``SQLiteError`` naming `path`, `SQLITE_CANTOPEN`: a directory, a device, a
    ///   FIFO or a socket (anything but a regular file), a missing folder, a missing file when `mustExist`.
    static func checkBeforeOpening(path: String, mustExist: Bool) throws(SQLiteError) {
        try checkKind(of: path, given: path)
        guard !FileManager.default.fileExists(atPath: path) else { return }
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty, !FileManager.default.fileExists(atPath: folder) {
            throw SQLiteError(extendedCode: SQLITE_CANTOPEN, message: "cannot open \(path): the folder \(folder) does not exist")
        }
        if mustExist { throw SQLiteError(extendedCode: SQLITE_CANTOPEN, message: "cannot open \(path): no such file") }
    }

    /// Checks that `path`, when it exists, is a regular file (`stat` only): SQLite opens a
    /// device or FIFO as a database and creates its journal beside it.
    /// - Parameters:
    ///   - path: The file path.
    ///   - given: The path or URI the caller gave, for the message.
    /// - Throws: ``SQLiteError`` `SQLITE_CANTOPEN` naming what `path` is.
    static func checkKind(of path: String, given: String) throws(SQLiteError) {
        guard let kind = nonRegularKind(path) else { return }
        let subject = path == given ? "it" : path
        throw SQLiteError(extendedCode: SQLITE_CANTOPEN, message: "cannot open \(given): \(subject) is \(kind), not a database file")
    }

    /// Checks the file SQLite resolved a path or `file:` URI to, right after opening and before
    /// any statement: SQLite creates its rollback journal, `-wal` and `-shm` files beside the
    /// database file, so a device (`/dev/null`), a FIFO or a directory named by a URI is refused
    /// before anything is created beside it.
    /// - Throws: ``SQLiteError`` `SQLITE_CANTOPEN` naming `path` and what it names.
    static func checkOpenedFile(of handle: OpaquePointer, path: String) throws(SQLiteError) {
        guard let name = sqlite3_db_filename(handle, "main").map({ String(cString: $0) }), !name.isEmpty,
            let kind = nonRegularKind(name)
        else { return }
        throw SQLiteError(extendedCode: SQLITE_CANTOPEN, message: "cannot open \(path): \(name) is \(kind), not a database file")
    }

    /// What an existing path names when it is not a regular file (following symbolic links, as
    /// `open` does): "a directory", "a character device", …; `nil` for a regular file or nothing.
    private static func nonRegularKind(_ path: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "a directory"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFSOCK: return "a socket"
        default: return "not a regular file"
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
