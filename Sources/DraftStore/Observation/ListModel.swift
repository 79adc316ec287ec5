import Observation

/// The rows of a request, kept current on the main actor: what a SwiftUI list shows.
///
/// It consumes ``DraftStore/results(of:)`` from a main-actor task it starts at creation, so
/// ``rows`` changes once per commit that changes the result (another screen's save, another
/// process), in commit order, and never for a commit that leaves it as it was. It is
/// `@Observable`: a view that reads ``rows`` is redrawn when they change. It stops when
/// released or when ``stop()`` is called.
///
/// ```swift
/// @State private var authors = ListModel(FetchRequest<Author>.all.sorted(by: \.name), in: store)
/// var body: some View { List(authors.rows, id: \.id) { Text($0.name) } }
/// ```
///
/// Nothing here needs SwiftUI: on Linux it is used and tested as it is.
@MainActor
@Observable
public final class ListModel<Element: Entity> {
    /// The request's rows as of the last commit that changed them; empty until ``isLoaded``.
    public private(set) var rows: [Element] = []
    /// Whether the first result arrived.
    public private(set) var isLoaded = false
    /// The failure that ended the observation (a read failed: ``SQLiteError``); `nil` while it runs.
    public private(set) var failure: (any Error)?
    /// How many results it has applied (the first included).
    public private(set) var updates = 0
    /// The request it shows.
    @ObservationIgnored public let request: FetchRequest<Element>
    /// The store it reads.
    @ObservationIgnored public let store: DraftStore
    /// How many results the engine delivered to it, for tests that wait until it caught up.
    @ObservationIgnored let progress = ObservationProgress()
    /// The consuming task, cancelled when the model goes.
    @ObservationIgnored private let consumer = Lock<Task<Void, Never>?>(nil)

    /// Starts showing a request's rows.
    /// - Parameters:
    ///   - request: The query.
    ///   - store: The store to read.
    public init(_ request: FetchRequest<Element>, in store: DraftStore) {
        self.request = request
        self.store = store
        // Observing starts now, so the first result is the one at creation.
        let iterator = StoreResults(store: store, request: request, progress: progress).makeAsyncIterator()
        let task = Task { @MainActor [weak self, iterator] in
            var results = iterator
            do {
                while let rows = try await results.next(isolation: MainActor.shared) {
                    guard let self else { return }
                    self.apply(rows)
                }
            } catch {
                self?.failure = error
            }
        }
        consumer.withLock { $0 = task }
    }

    /// Stops following the store; ``rows`` keeps its last value.
    public func stop() { consumer.withLock { $0?.cancel() } }

    /// Whether every result the engine delivered so far has been applied.
    var isCurrent: Bool { updates >= progress.delivered }

    private func apply(_ rows: [Element]) {
        self.rows = rows
        isLoaded = true
        updates += 1
    }

    deinit { consumer.withLock { $0?.cancel() } }
}
