import DraftStore
import Foundation

/// The example domain: authors and their books, with the schema of the top-level
/// `Migrations/` folder embedded in the binary.
public enum Bookshelf {
    /// The migrations of `Migrations/`, embedded at build time, in order.
    public static let migrations: [Migration] = embeddedMigrationFiles.map { file in
        // The plugin wrote valid base64 of files it read; a failure here is a build defect.
        guard let bytes = Data(base64Encoded: file.base64), let migration = try? Migration(name: file.name, bytes: bytes) else {
            preconditionFailure("embedded migration \(file.name) is damaged; rebuild")
        }
        return migration
    }

    /// The entity types of the schema.
    public static let entities: [any Entity.Type] = [Author.self, Book.self]

    /// Opens (creating and migrating if needed) a Bookshelf store.
    /// - Parameters:
    ///   - path: A file path; `nil` for an in-memory store.
    ///   - busyTimeout: How long a save waits for another writer's lock.
    ///   - readOnly: Open without write access.
    ///   - recordsChanges: Record each commit as an SQLite changeset (``DraftStore/Configuration/recordsChanges``).
    /// - Throws: What ``DraftStore/init(path:migrations:configuration:)`` throws.
    public static func openStore(
        path: String?, busyTimeout: Duration = .seconds(5), readOnly: Bool = false, recordsChanges: Bool = false
    ) throws -> DraftStore {
        var configuration = DraftStore.Configuration()
        configuration.recordsChanges = recordsChanges
        configuration.entities = entities
        configuration.busyTimeout = busyTimeout
        configuration.readOnly = readOnly
        return try DraftStore(path: path, migrations: migrations, configuration: configuration)
    }
}
