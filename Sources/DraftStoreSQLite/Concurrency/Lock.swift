#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value guarded by a `pthread_mutex_t`, with the API of the standard library's `Mutex`.
///
/// The project uses it in place of `Mutex` (Synchronization) because on Linux `Mutex` locks
/// through raw `futex` system calls that ThreadSanitizer cannot see, so TSan reports races
/// inside correctly locked code; a pthread mutex is intercepted by TSan (and ASan), so the
/// sanitizer runs of `.ci/run` check real synchronization. See
/// [ThreadSanitizer](https://clang.llvm.org/docs/ThreadSanitizer.html).
///
/// ```swift
/// let counter = Lock(0)
/// counter.withLock { $0 += 1 }
/// ```
package final class Lock<Value>: @unchecked Sendable {
    /// The mutex, at a stable address (a `pthread_mutex_t` must not move).
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// The guarded value; read and written only while `mutex` is held.
    private var value: Value

    /// Makes a lock around `initialValue`.
    /// - Parameter initialValue: The value to guard; it is sent into the lock.
    package init(_ initialValue: sending Value) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        value = initialValue
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the value, holding the lock for the duration.
    ///
    /// Do not call `withLock` on the same lock from `body`: the mutex is not recursive.
    /// - Parameter body: Reads or changes the value; what it returns is returned.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws (the lock is released first).
    package func withLock<Result, E: Error>(_ body: (inout sending Value) throws(E) -> sending Result) throws(E) -> sending Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
