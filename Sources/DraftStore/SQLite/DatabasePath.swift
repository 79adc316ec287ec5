/// Facts about the path or URI a connection is opened with.
///
/// See [In-Memory Databases](https://www.sqlite.org/inmemorydb.html) and
/// [URI Filenames](https://www.sqlite.org/uri.html).
public enum DatabasePath {
    /// Whether `path` names an in-memory database rather than a file: `nil`, `":memory:"`,
    /// `file::memory:` or a `file:` URI with the query parameter `mode=memory` (such as
    /// `file:shared?mode=memory&cache=shared`). Such a database has no write-ahead log, and a
    /// second connection sees a different database (or, with a shared cache, waits with
    /// `SQLITE_LOCKED` during a write).
    /// - Parameter path: The path or URI given to ``Connection/init(path:options:)``.
    /// - Returns: `true` for an in-memory database.
    public static func isInMemory(_ path: String?) -> Bool {
        guard let path else { return true }
        if path == ":memory:" { return true }
        guard path.hasPrefix("file:") else { return false }
        let parts = path.dropFirst("file:".count).split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        if parts.first == ":memory:" { return true }
        guard parts.count == 2 else { return false }
        let query = parts[1].split(separator: "#", maxSplits: 1).first ?? ""
        return query.split(separator: "&").contains { $0 == "mode=memory" }
    }
}
