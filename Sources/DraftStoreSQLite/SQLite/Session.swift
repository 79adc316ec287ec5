import CSQLite
import Foundation

/// A record of the changes made through one connection to the tables of its `main` database,
/// kept by SQLite's session extension, and given back as a changeset or a patchset in SQLite's
/// documented binary format.
///
/// SQLite records only tables with a declared PRIMARY KEY (a table with only the implicit rowid
/// is left out); ``tablesMet`` lists every table written while the session was enabled, so a
/// caller can tell which were left out. Create the session before the changes, read it, and
/// release it before the connection closes (it is deleted in `deinit`).
///
/// ```swift
/// let session = try Session(connection: connection)
/// try connection.run("UPDATE notes SET body = 'new' WHERE id = 1")
/// let changeset = try session.changeset()
/// ```
///
/// See [The Session Extension](https://www.sqlite.org/sessionintro.html).
package final class Session {
    /// Which tables a session records, and the names of those written.
    private final class Filter {
        let includes: (String) -> Bool
        var met: [String] = []
        init(_ includes: @escaping (String) -> Bool) { self.includes = includes }
    }

    /// The session handle.
    private let handle: OpaquePointer
    /// The filter the C callback reaches through its context pointer; retained here.
    private let filter: Filter

    /// Starts recording every table of `main` that `includes` accepts.
    /// - Parameters:
    ///   - connection: The connection whose changes are recorded; it must outlive the session.
    ///   - includes: Whether a table (by name, as the schema spells it) is recorded; called on its first write.
    /// - Throws: ``SQLiteError`` when the session cannot be created (out of memory, a closed connection).
    package init(connection: Connection, includes: @escaping (String) -> Bool = { _ in true }) throws(SQLiteError) {
        let database = try connection.openHandle()
        var created: OpaquePointer?
        let code = sqlite3session_create(database, "main", &created)
        guard code == SQLITE_OK, let created else { throw SQLiteError(handle: database, code: code) }
        handle = created
        filter = Filter(includes)
        sqlite3session_table_filter(
            created,
            { context, name in
                guard let context, let name else { return 0 }
                let filter = Unmanaged<Filter>.fromOpaque(context).takeUnretainedValue()
                let table = String(cString: name)
                if !filter.met.contains(table) { filter.met.append(table) }
                return filter.includes(table) ? 1 : 0
            }, Unmanaged.passUnretained(filter).toOpaque())
        let attached = sqlite3session_attach(created, nil)
        guard attached == SQLITE_OK else {
            sqlite3session_delete(created)
            throw SQLiteError(extendedCode: attached, message: "cannot attach the session to the tables of main")
        }
    }

    deinit { sqlite3session_delete(handle) }

    /// The tables written while the session was enabled, in the order first met (those it does
    /// not record included; a table without a declared PRIMARY KEY is met, then left out by SQLite).
    package var tablesMet: [String] { filter.met }

    /// Whether changes are recorded (on after `init`); turn it off before writes that are not to be recorded.
    package var isEnabled: Bool {
        get { sqlite3session_enable(handle, -1) != 0 }
        set { sqlite3session_enable(handle, newValue ? 1 : 0) }
    }

    /// Whether no change was recorded.
    package var isEmpty: Bool { sqlite3session_isempty(handle) != 0 }

    /// The recorded changes as a changeset: each changed row's key, old and new values.
    /// - Complexity: O(*recorded rows*); each reads its current row.
    /// - Throws: ``SQLiteError`` when SQLite cannot produce it (out of memory, an I/O error).
    package func changeset() throws(SQLiteError) -> Data {
        try SQLiteChangeset.output { sqlite3session_changeset(handle, $0, $1) }
    }

    /// The recorded changes as a patchset: keys and new values only (smaller; not invertible).
    /// - Throws: ``SQLiteError`` when SQLite cannot produce it.
    package func patchset() throws(SQLiteError) -> Data {
        try SQLiteChangeset.output { sqlite3session_patchset(handle, $0, $1) }
    }
}
