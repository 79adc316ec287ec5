import DraftStore
import Foundation

/// A second connection holding a database's write lock (`BEGIN IMMEDIATE`) on its own
/// thread for a set time, standing in for another process.
public final class LockHolder: Sendable {
    private let finished = DispatchGroup()

    init(path: String, duration: Duration) throws {
        let acquired = DispatchSemaphore(value: 0)
        let failure = Lock<SQLiteError?>(nil)
        let finished = self.finished
        finished.enter()
        Thread.detachNewThread {
            do {
                var options = Connection.Options()
                options.create = false
                let connection = try Connection(path: path, options: options)
                try connection.execute("BEGIN IMMEDIATE")
                acquired.signal()
                Thread.sleep(forTimeInterval: Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
                try connection.execute("COMMIT")
                connection.close()
            } catch let error as SQLiteError {
                failure.withLock { $0 = error }
                acquired.signal()
            } catch {
                acquired.signal()
            }
            finished.leave()
        }
        acquired.wait()
        if let error = failure.withLock({ $0 }) { throw error }
    }

    /// Blocks until the lock is released.
    public func wait() { finished.wait() }
}
