import Foundation

/// Facts about the path or URI a connection is opened with.
///
/// See [In-Memory Databases](https://www.sqlite.org/inmemorydb.html) and
/// [URI Filenames](https://www.sqlite.org/uri.html).
package enum DatabasePath {
    /// Whether `path` names an in-memory database rather than a file: `nil`, `":memory:"`,
    /// `file::memory:` or a `file:` URI with the query parameter `mode=memory` (such as
    /// `file:shared?mode=memory&cache=shared`). Such a database has no write-ahead log, and a
    /// second connection sees a different database (or, with a shared cache, waits with
    /// `SQLITE_LOCKED` during a write).
    /// - Parameter path: The path or URI given to `Connection/init(path:options:)`.
    /// - Returns: `true` for an in-memory database.
    package static func isInMemory(_ path: String?) -> Bool {
        guard let path else { return true }
        if path == ":memory:" { return true }
        guard path.hasPrefix("file:") else { return false }
        let parts = path.dropFirst("file:".count).split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        if parts.first == ":memory:" { return true }
        guard parts.count == 2 else { return false }
        let query = parts[1].split(separator: "#", maxSplits: 1).first ?? ""
        return query.split(separator: "&").contains { $0 == "mode=memory" }
    }

    /// The file a `file:` URI names (its path, percent-decoded, without query or fragment);
    /// `nil` for a URI of an in-memory database, of a remote authority, or a path that is not a URI.
    ///
    /// See [URI Filenames](https://www.sqlite.org/uri.html): `file:data.db`, `file:///home/data.db`,
    /// `file://localhost/home/data.db`.
    /// - Parameter uri: The URI given to `Connection/init(path:options:)`.
    /// - Returns: The file path, as SQLite will open it.
    package static func filePath(ofURI uri: String) -> String? {
        guard uri.hasPrefix("file:"), !isInMemory(uri) else { return nil }
        var rest = Substring(uri.dropFirst("file:".count))
        if let end = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<end] }
        if rest.hasPrefix("//") {
            let authority = rest.dropFirst(2).prefix { $0 != "/" }
            guard authority.isEmpty || authority == "localhost" else { return nil }
            rest = rest.dropFirst(2 + authority.count)
        }
        return String(rest).removingPercentEncoding
    }
}
