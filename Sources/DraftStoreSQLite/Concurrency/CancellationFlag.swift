/// A flag a task's cancellation handler raises, read by a thread doing the task's blocking
/// work (a read's progress check), which cannot ask `Task.isCancelled` itself.
package final class CancellationFlag: Sendable {
    private let raised = Lock(false)

    /// Makes a lowered flag.
    package init() {}

    /// Whether ``raise()`` ran.
    package var isRaised: Bool { raised.withLock { $0 } }

    /// Raises the flag; it stays raised.
    package func raise() { raised.withLock { $0 = true } }
}
