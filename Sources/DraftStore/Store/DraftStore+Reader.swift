import CSQLite

extension DraftStore {
    /// Runs `body` with the connection reads go through (the reader for files, the writer in memory).
    ///
    /// A file store's reader connection opens here, at the store's first read.
    /// - Throws: ``Misuse/storeClosed`` after ``close()``; what `body` throws; ``SQLiteError``
    ///   when the reader cannot be opened.
    func withReader<T: Sendable>(_ body: (Connection) throws -> T) throws -> T {
        try checkOpen()
        // Inside a batched save's closure, its thread reads what the batch has written so far.
        if let connection = openBatch.connectionOnCurrentThread() { return try body(connection) }
        if hasReader {
            return try reader.withLock { reader throws -> T in try body(try openReader(&reader)) }
        }
        return try writer.withLock { connection throws -> T in try body(connection) }
    }

    /// Throws ``Misuse/storeClosed`` once ``close()`` was called: the one error of a closed
    /// store at every entry point that does not throw a typed error of its own.
    func checkOpen() throws(Misuse) {
        if isClosed.load(ordering: .acquiring) { throw .storeClosed }
    }

    /// The reader connection, opened when it is not yet (the lock is held by the caller).
    private func openReader(_ reader: inout (connection: Connection?, closed: Bool)) throws(SQLiteError) -> Connection {
        if let connection = reader.connection { return connection }
        guard !reader.closed else {
            throw SQLiteError(extendedCode: SQLITE_MISUSE, message: "the connection to \(path ?? ":memory:") is closed")
        }
        let connection = try openReadConnection()
        reader.connection = connection
        return connection
    }

    /// Opens one more read-only connection to the file, set up as the store's writer is
    /// (functions, collations, double-quoted strings): the reader, and the observation readers.
    /// - Throws: ``SQLiteError`` when it cannot be opened.
    func openReadConnection() throws(SQLiteError) -> Connection {
        var options = Connection.Options()
        options.busyTimeout = configuration.busyTimeout
        options.create = false
        options.readOnly = true
        let connection = try Connection(path: path, options: options)
        try DraftStore.setUp(connection, configuration)
        try connection.allowDoubleQuotedStrings(!doubleQuotedStringObjects.isEmpty)
        return connection
    }

    /// Runs `body` with each connection of the store (writer first), one at a time; a file
    /// store's reader is opened first if no read has opened it yet, so that what is set on
    /// every connection (a statement recorder's trace) also covers the first reads.
    package func forEachConnection(_ body: (Connection) -> Void) {
        writer.withLock { body($0) }
        guard hasReader else { return }
        reader.withLock { reader in
            if let connection = try? openReader(&reader) { body(connection) }
        }
    }
}
