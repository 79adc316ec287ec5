import DraftStore
import Foundation

/// A second connection holding the write lock (`BEGIN IMMEDIATE`) on a thread of its own until
/// released — not for a set time, so a loaded machine cannot make it let go too early.
final class HeldWriteLock: Sendable {
    private let release = DispatchSemaphore(value: 0)
    private let done = DispatchGroup()

    init(path: String) throws {
        let acquired = DispatchSemaphore(value: 0)
        let failure = Lock<(any Error)?>(nil)
        let release = self.release
        done.enter()
        Thread.detachNewThread { [done] in
            defer { done.leave() }
            do {
                let connection = try Connection(path: path)
                defer { connection.close() }
                try connection.execute("BEGIN IMMEDIATE")
                acquired.signal()
                release.wait()
                try connection.execute("COMMIT")
            } catch {
                failure.withLock { $0 = error }
                acquired.signal()
            }
        }
        acquired.wait()
        if let error = failure.withLock({ $0 }) { throw error }
    }

    /// Lets the lock go and waits until it is released.
    func letGo() {
        release.signal()
        done.wait()
    }
}
