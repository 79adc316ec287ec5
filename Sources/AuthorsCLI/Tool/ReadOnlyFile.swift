import Foundation

/// A database file this process is not to write — its permissions grant no write to anyone, or
/// the system refuses this process write access to it or to its folder — and the SQLite URI that
/// reads it without creating anything beside it.
///
/// SQLite reads a WAL-mode database through a `-shm` index; a read-only connection creates the
/// `-shm` and `-wal` files where the folder allows, and cannot remove them when it closes. SQLite
/// documents when a read-only WAL database opens ([WAL, read-only databases](https://www.sqlite.org/wal.html#readonly)):
/// the `-shm` and `-wal` files exist already, or the file is *immutable*
/// ([`immutable=1`](https://www.sqlite.org/uri.html#uriimmutable): no locks, no change
/// detection, nothing created). So: when a `-wal` file is beside the database (another connection
/// has it open, or one ended without a checkpoint), `mode=ro` reads through that log; otherwise
/// the file holds every committed change and, since nobody is to write it, `immutable=1` reads it.
struct ReadOnlyFile {
    /// The `file:` URI that opens the database read-only.
    let uri: String

    /// The read-only way to open `path`; `nil` when this process may write the file and its folder
    /// (or the file does not exist).
    /// - Parameter path: A file path (not a URI).
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let folder = (path as NSString).deletingLastPathComponent
        let permitsWriting = info.st_mode & 0o222 != 0
        let writable = permitsWriting && access(path, W_OK) == 0 && access(folder.isEmpty ? "." : folder, W_OK) == 0
        if writable { return nil }
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        // In a URI path `%`, `?` and `#` are escaped; every other byte stands for itself.
        let escaped = absolute.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "?", with: "%3F")
            .replacingOccurrences(of: "#", with: "%23")
        let mode = FileManager.default.fileExists(atPath: path + "-wal") ? "mode=ro" : "immutable=1"
        uri = "file:\(escaped)?\(mode)"
    }
}
