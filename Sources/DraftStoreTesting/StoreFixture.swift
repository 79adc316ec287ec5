import CFaultVFS
import DraftStore
@_spi(Testing) import DraftStore
import Foundation

/// Makes isolated, migrated and seeded stores for tests.
///
/// The schema is migrated and seeded once, into an in-memory *template*; each test gets
/// its own copy, made with SQLite's online backup API, in memory or in a temporary file.
/// Tests therefore run in parallel, fully isolated. Temporary files are removed when the
/// test's ``TestStore`` is released — also when the test fails.
///
/// ```swift
/// let fixture = StoreFixture(migrations: Bookshelf.migrations, entities: Bookshelf.entities) { store in
///     let context = store.newChildContext()
///     try context.insert(Author(name: "Mira Okafor", email: "mira@example.com"))
///     try context.save()
/// }
///
/// @Test func renaming() throws {
///     try fixture.withEachKind { test in
///         let context = test.store.newChildContext()
///         …
///     }
/// }
/// ```
public final class StoreFixture: Sendable {
    /// Where a test store lives.
    public enum Kind: String, Sendable, CaseIterable {
        /// A private in-memory database: one connection.
        case inMemory
        /// A temporary file in WAL mode: a writer and a reader connection, and room for a second process.
        case file
    }

    let migrations: [Migration]
    let entities: [any Entity.Type]
    let seed: @Sendable (DraftStore) throws -> Void
    /// The migrated and seeded template, built on first use.
    let template = Lock<DraftStore?>(nil)

    /// Describes a fixture seeded by a closure.
    /// - Parameters:
    ///   - migrations: The schema's migrations.
    ///   - entities: The schema's entity types (for cascades in contexts).
    ///   - seed: Fills the template store once per test run.
    public init(migrations: [Migration], entities: [any Entity.Type] = [], seed: @escaping @Sendable (DraftStore) throws -> Void = { _ in })
    {
        self.migrations = migrations
        self.entities = entities
        self.seed = seed
    }

    /// Describes a fixture seeded from an SQL file (INSERT statements, say), run after the migrations.
    /// - Parameters:
    ///   - migrations: The schema's migrations.
    ///   - entities: The schema's entity types.
    ///   - fixtureFile: A file of SQL statements.
    public convenience init(migrations: [Migration], entities: [any Entity.Type] = [], fixtureFile: URL) {
        self.init(migrations: migrations, entities: entities) { store in
            let sql = try String(contentsOf: fixtureFile, encoding: .utf8)
            try store.withWriterConnection { try $0.execute(sql) }
        }
    }

    /// The template store, migrated and seeded on first use.
    /// - Throws: What the migrations or the seed closure throw.
    func templateStore() throws -> DraftStore {
        try template.withLock { cached in
            if let cached { return cached }
            var configuration = DraftStore.Configuration()
            configuration.entities = entities
            let store = try DraftStore(path: nil, migrations: migrations, configuration: configuration)
            try seed(store)
            cached = store
            return store
        }
    }

    /// Makes a new store holding a copy of the template.
    /// - Parameters:
    ///   - kind: In memory or in a temporary file.
    ///   - busyTimeout: The store's busy timeout.
    ///   - durability: What an acknowledged save survives (`synchronous` of the file store).
    ///   - configure: Changes the rest of the store's configuration (checkpoint size, say) before it opens.
    /// - Returns: The store; its temporary files go when it is released or closed.
    /// - Throws: `SQLiteError` or `MigrationError` when the template or the copy cannot be made.
    public func makeStore(
        _ kind: Kind = .inMemory, busyTimeout: Duration = .seconds(5), durability: DraftStore.Durability = .full,
        configure: (inout DraftStore.Configuration) -> Void = { _ in }
    ) throws -> TestStore {
        let template = try templateStore()
        var configuration = DraftStore.Configuration()
        configuration.entities = entities
        configuration.busyTimeout = busyTimeout
        configuration.durability = durability
        configure(&configuration)
        configuration.prepare = { connection in
            try template.withWriterConnection { source in try source.backup(to: connection) }
        }
        switch kind {
        case .inMemory:
            return TestStore(
                store: try DraftStore(path: nil, migrations: migrations, configuration: configuration), kind: kind, directory: nil)
        case .file:
            _ = draftstore_fault_vfs_register()
            let directory = FileManager.default.temporaryDirectory.appending(path: "draftstore-test-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let file = directory.appending(path: "test.sqlite").path
            do {
                let store = try DraftStore(
                    path: "file:\(file)?vfs=\(DRAFTSTORE_FAULT_VFS_NAME)", migrations: migrations, configuration: configuration)
                return TestStore(store: store, kind: kind, directory: directory)
            } catch {
                try? FileManager.default.removeItem(at: directory)
                throw error
            }
        }
    }

    /// Runs `body` with a fresh store, then closes it and removes its files, whether `body` returns or throws.
    /// - Returns: What `body` returns.
    /// - Throws: What making the store or `body` throws.
    public func withStore<T>(_ kind: Kind = .inMemory, _ body: (TestStore) throws -> T) throws -> T {
        let test = try makeStore(kind)
        defer { test.close() }
        return try body(test)
    }

    /// Runs `body` once against an in-memory store and once against a file store.
    /// - Throws: What making a store or `body` throws; the second kind does not run after a throw.
    public func withEachKind(_ body: (TestStore) throws -> Void) throws {
        for kind in Kind.allCases { try withStore(kind, body) }
    }
}
