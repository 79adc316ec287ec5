import CSQLite
import Foundation

/// Checks a database file before SQLite opens it, so a file that is not an SQLite
/// database (or is cut short) is refused with its bytes untouched.
///
/// See [Database File Format](https://www.sqlite.org/fileformat.html): the file starts
/// with the 16 bytes `"SQLite format 3\0"`; the page size is at offset 16 and the page
/// count at offset 28, valid when the number at offset 92 equals the change counter at 24.
enum FileCheck {
    static let magic = Array("SQLite format 3\0".utf8)

    /// - Throws: ``SQLiteError`` naming `path`: `SQLITE_CANTOPEN` (a directory, a missing
    ///   folder, a missing file when `mustExist`), `SQLITE_NOTADB`, or `SQLITE_CORRUPT` (truncated).
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
        guard let file = FileHandle(forReadingAtPath: path) else {
            throw SQLiteError(extendedCode: SQLITE_CANTOPEN, message: "cannot open \(path): the file cannot be read")
        }
        defer { try? file.close() }
        let header = [UInt8]((try? file.read(upToCount: 100)) ?? Data())
        if header.isEmpty { return }  // A 0-byte file is a new, empty database.
        guard header.count == 100, header.starts(with: magic) else {
            throw SQLiteError(extendedCode: SQLITE_NOTADB, message: "\(path) is not an SQLite database (its first bytes are not the SQLite header); it was left unchanged")
        }
        func bigEndian(_ offset: Int, _ count: Int) -> UInt64 {
            header[offset..<offset + count].reduce(0) { $0 << 8 | UInt64($1) }
        }
        var pageSize = bigEndian(16, 2)
        if pageSize == 1 { pageSize = 65_536 }
        let pageCount = bigEndian(28, 4)
        let countIsValid = bigEndian(92, 4) == bigEndian(24, 4)
        let size = (try? manager.attributesOfItem(atPath: path)[.size] as? NSNumber)?.uint64Value ?? 0
        // After a crash in WAL mode the log may hold pages the main file lacks; only judge
        // the length when there is no write-ahead log to replay.
        let walSize = (try? manager.attributesOfItem(atPath: path + "-wal")[.size] as? NSNumber)?.uint64Value ?? 0
        if countIsValid, pageCount > 0, walSize == 0, size < pageCount * pageSize {
            throw SQLiteError(extendedCode: SQLITE_CORRUPT, message: "\(path) is truncated: \(size) bytes, but its header promises \(pageCount) pages of \(pageSize) bytes; it was left unchanged")
        }
    }
}
