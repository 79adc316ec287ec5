import CSQLite

extension Connection {
    /// Closures installed on a connection, boxed so SQLite can call back into Swift.
    struct Hooks {
        var trace: Box<(String) -> Void>?
        var commit: Box<() -> Bool>?
        var checkpoint: Box<CheckpointPolicy>?
    }

    /// A reference to a closure, passed to SQLite as its context pointer.
    final class Box<Value> {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    /// Calls `handler` with the SQL of every statement as it starts to run
    /// (`sqlite3_trace_v2` with `SQLITE_TRACE_STMT`); `nil` removes it.
    ///
    /// Each statement is reported once, by its SQL text; a trigger that fires is reported as
    /// `-- TRIGGER name`, followed by its statements as `-- ` comments. The handler is removed
    /// when the connection closes.
    /// See [sqlite3_trace_v2](https://www.sqlite.org/c3ref/trace_v2.html).
    package func setTraceHandler(_ handler: ((String) -> Void)?) {
        guard let handle else { return }
        guard let handler else {
            sqlite3_trace_v2(handle, 0, nil, nil)
            hooks.trace = nil
            return
        }
        let box = Box(handler)
        hooks.trace = box
        sqlite3_trace_v2(
            handle, UInt32(SQLITE_TRACE_STMT),
            { _, context, _, text in
                // For SQLITE_TRACE_STMT the last argument is the statement's SQL or, inside a
                // trigger, a `-- ` comment (sqlite3_sql of the statement would repeat the outer
                // statement instead).
                guard let context, let text else { return 0 }
                let box = Unmanaged<Box<(String) -> Void>>.fromOpaque(context).takeUnretainedValue()
                box.value(String(cString: text.assumingMemoryBound(to: CChar.self)))
                return 0
            }, Unmanaged.passUnretained(box).toOpaque())
    }

    /// Calls `handler` before each commit; returning `true` turns the commit into a
    /// rollback, and the COMMIT fails with `SQLITE_CONSTRAINT_COMMITHOOK`. `nil` removes it,
    /// and so does closing the connection.
    ///
    /// See [sqlite3_commit_hook](https://www.sqlite.org/c3ref/commit_hook.html).
    package func setCommitHandler(_ handler: (() -> Bool)?) {
        guard let handle else { return }
        guard let handler else {
            sqlite3_commit_hook(handle, nil, nil)
            hooks.commit = nil
            return
        }
        let box = Box(handler)
        hooks.commit = box
        sqlite3_commit_hook(
            handle,
            { context in
                guard let context else { return 0 }
                return Unmanaged<Box<() -> Bool>>.fromOpaque(context).takeUnretainedValue().value() ? 1 : 0
            }, Unmanaged.passUnretained(box).toOpaque())
    }

    /// Unregisters every hook from SQLite before the boxes they point to are released, so a
    /// statement that outlives ``close()`` (the database stays open as a zombie until it is
    /// finalized) never calls into freed memory.
    func removeHooks() {
        guard let handle else { return }
        sqlite3_trace_v2(handle, 0, nil, nil)
        sqlite3_commit_hook(handle, nil, nil)
        if hooks.checkpoint != nil { sqlite3_wal_hook(handle, nil, nil) }
        hooks = Hooks()
    }
}
