@_spi(Testing) import DraftStore
import Foundation

/// Rails-style transactional tests: each body runs against a shared, already-seeded file
/// database inside an outer transaction that is rolled back at the end, so a large fixture
/// is never copied and never changes.
///
/// The code under test saves normally: the store knows it runs inside the outer
/// transaction (one connection; its own transactions become savepoints). Bodies run one at
/// a time. Helpers that need real commits or a second connection (``TestStore/failNextCommit()``,
/// ``TestStore/holdWriteLock(for:)``, ``BackgroundWriter``) refuse this mode.
///
/// ```swift
/// try RollbackIsolation(path: "Fixtures/large.sqlite", migrations: Bookshelf.migrations).run { test in
///     let context = test.store.newChildContext()
///     …
///     try context.save()   // visible inside the body, rolled back after it
/// }
/// ```
public struct RollbackIsolation: Sendable {
    /// Serializes bodies across the whole process (an `Int`: TSan misreads accesses to a zero-size `Void` value).
    private static let serial = Lock<Int>(0)

    let path: String
    let migrations: [Migration]
    let entities: [any Entity.Type]

    /// Describes a shared fixture database.
    /// - Parameters:
    ///   - path: The seeded database file; it is opened, never changed.
    ///   - migrations: The schema's migrations (the file must already be up to date, or it would change).
    ///   - entities: The schema's entity types.
    public init(path: String, migrations: [Migration], entities: [any Entity.Type] = []) {
        self.path = path
        self.migrations = migrations
        self.entities = entities
    }

    /// Runs `body` against the fixture inside an outer transaction, then rolls everything back.
    /// - Parameter body: The test; it gets a store whose saves are savepoints of the outer transaction.
    /// - Returns: What `body` returns.
    /// - Throws: What opening the store or `body` throws; the rollback happens either way.
    public func run<T>(_ body: (TestStore) throws -> T) throws -> T {
        try RollbackIsolation.serial.withLock { _ in
            var configuration = DraftStore.Configuration()
            configuration.entities = entities
            configuration.singleConnection = true
            let store = try DraftStore(path: path, migrations: migrations, configuration: configuration)
            let test = TestStore(store: store, kind: .file, directory: nil)
            try store.beginOuterTransaction()
            defer {
                store.endOuterTransaction()
                store.close()
            }
            return try body(test)
        }
    }
}
