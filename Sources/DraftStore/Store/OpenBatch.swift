import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The batched save running on a store, if any (``DraftStore/batchedSave(_:)``): the thread
/// running its closure, and the writer connection its transaction is open on.
///
/// While the closure runs, its thread holds the store's write lock; reads made on that thread
/// (a context's fetch, a conflict check's read) go to the batch's connection, so they see what
/// the batch wrote so far and do not wait for the lock their own thread holds. Other threads
/// read through the store's usual path and see only committed rows.
final class OpenBatch: @unchecked Sendable {
    // @unchecked: `connection` is written by the batch's thread before `thread` names it (a
    // releasing store) and cleared after `thread` is reset, and read only by a thread that found
    // its own identifier in `thread` (an acquiring load): that is, only by the thread that holds
    // the writer lock, while it holds it.
    /// The identifier of the thread running the closure; 0 when no batch is open.
    private let thread = Atomic<UInt>(0)
    /// The writer connection, while a batch is open.
    private var connection: Connection?

    /// The calling thread's identifier.
    private static var currentThread: UInt {
        #if canImport(Darwin)
            UInt(bitPattern: pthread_self())
        #else
            UInt(pthread_self())
        #endif
    }

    /// Marks a batch open on the calling thread, over `connection`. Called with the write lock held.
    func open(_ connection: Connection) {
        self.connection = connection
        thread.store(Self.currentThread, ordering: .releasing)
    }

    /// Marks the batch closed. Called by the thread that opened it, with the write lock still held.
    func close() {
        thread.store(0, ordering: .releasing)
        connection = nil
    }

    /// The batch's connection when called on the batch's thread; `nil` otherwise (one atomic load
    /// when no batch is open).
    func connectionOnCurrentThread() -> Connection? {
        let owner = thread.load(ordering: .acquiring)
        guard owner != 0, owner == Self.currentThread else { return nil }
        return connection
    }
}
