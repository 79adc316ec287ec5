import CSQLite

extension Connection {
    /// Runs `body` with a progress handler that stops the running statement once `shouldStop`
    /// answers `true`: the step in progress then fails with `SQLITE_INTERRUPT`, and the
    /// connection stays usable. The handler is removed when `body` returns.
    ///
    /// Unlike `sqlite3_interrupt`, which stops whatever the connection runs when it is called,
    /// the handler only concerns the statements `body` runs: nothing else can be running on
    /// the connection meanwhile, as its one owner runs `body`.
    /// See [sqlite3_progress_handler](https://www.sqlite.org/c3ref/progress_handler.html).
    /// - Parameters:
    ///   - instructions: How many virtual machine instructions run between two checks.
    ///   - shouldStop: Asked at each check, on the connection's thread.
    ///   - body: The reads to run.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws (``SQLiteError`` `SQLITE_INTERRUPT` for a stopped statement).
    package func withProgressCheck<T>(
        every instructions: Int32 = 1000, _ shouldStop: @escaping () -> Bool, _ body: () throws -> T
    ) throws -> T {
        guard let handle else { return try body() }
        let box = Box(shouldStop)
        sqlite3_progress_handler(
            handle, instructions,
            { context in
                guard let context else { return 0 }
                return Unmanaged<Box<() -> Bool>>.fromOpaque(context).takeUnretainedValue().value() ? 1 : 0
            }, Unmanaged.passUnretained(box).toOpaque())
        defer { sqlite3_progress_handler(handle, 0, nil, nil) }
        return try withExtendedLifetime(box) { try body() }
    }
}
