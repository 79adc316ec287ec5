import Foundation

extension DraftStore {
    /// Writes a consistent copy of the whole database to a new file with SQLite's online
    /// backup API, including what is still only in the write-ahead log. Saves keep running
    /// meanwhile (the copy reads through its own connection, under one read transaction)
    /// and the copy holds the state at the moment it started.
    ///
    /// See [Online Backup API](https://www.sqlite.org/backup.html).
    /// - Parameter path: Where to write the copy; an existing file there is replaced.
    /// - Throws: ``SQLiteError`` naming the path when either side cannot be opened or copied.
    public func backup(to path: String) throws {
        let destination = try Connection(path: path)
        defer { destination.close() }
        if hasReader, let source = self.path {
            var options = Connection.Options()
            options.create = false
            options.readOnly = true
            let reader = try Connection(path: source, options: options)
            defer { reader.close() }
            try reader.backup(to: destination)
        } else {
            try withWriterConnection { connection in try connection.backup(to: destination) }
        }
    }
}
