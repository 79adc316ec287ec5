/// Bridges an observation's events into an `AsyncThrowingStream`, for the result sequences
/// (``StoreResults``, ``SQLResults``).
enum ObservationStream {
    /// Starts an observation whose events feed a stream: each value is yielded, a failure ends
    /// the stream with its error, the end ends it; the observation stops when the stream terminates.
    ///
    /// Started on a closed store, the stream ends with ``Misuse/storeClosed``, the closed
    /// store's one error, as every other entry point throws it.
    /// - Parameters:
    ///   - store: The store observed.
    ///   - observe: Starts the observation with the function that takes its events.
    /// - Returns: The stream's iterator, and the token that keeps the observation.
    static func start<Value: Sendable>(
        store: DraftStore, _ observe: (@escaping @Sendable (ObservationEvent<Value>) -> Void) -> StoreObservation
    ) -> (AsyncThrowingStream<Value, any Error>.Iterator, StoreObservation) {
        let (stream, continuation) = AsyncThrowingStream<Value, any Error>.makeStream()
        if store.isClosed.load(ordering: .acquiring) { continuation.finish(throwing: Misuse.storeClosed) }
        let token = observe { event in
            switch event {
            case let .rows(value): continuation.yield(value)
            case let .failed(error): continuation.finish(throwing: error)
            case .ended: continuation.finish()
            }
        }
        continuation.onTermination = { _ in token.cancel() }
        return (stream.makeAsyncIterator(), token)
    }
}
