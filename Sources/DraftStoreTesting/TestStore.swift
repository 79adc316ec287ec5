import DraftStore
import Foundation

/// A store made by a ``StoreFixture`` for one test, with the temporary folder it lives in.
///
/// Closing it (or releasing it) closes the store and removes the folder.
public final class TestStore: Sendable {
    /// The store under test.
    public let store: DraftStore
    /// In memory or file.
    public let kind: StoreFixture.Kind
    /// The temporary folder of a file store; `nil` in memory.
    public let directory: URL?

    init(store: DraftStore, kind: StoreFixture.Kind, directory: URL?) {
        self.store = store
        self.kind = kind
        self.directory = directory
    }

    /// The database file's path, for a second connection or process; `nil` in memory.
    public var filePath: String? { directory?.appending(path: "test.sqlite").path }

    /// A new child context of the store.
    public func newChildContext() -> ObjectContext { store.newChildContext() }

    /// Closes the store, clears its armed faults and call counts, and removes its temporary
    /// folder. Calling it again does nothing.
    public func close() {
        store.close()
        clearFaults()
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    deinit { close() }
}
