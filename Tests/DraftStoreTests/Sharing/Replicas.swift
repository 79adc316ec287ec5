import Foundation
import Testing

@testable import DraftStore
@testable import DraftStoreSQLite

/// Two database files of Chinook that start equal (B is a copy of A's file), each opened as a
/// store that records its changes, in a fresh folder removed afterwards.
struct Replicas {
    let a: DraftStore
    let b: DraftStore
    let folder: TemporaryFolder

    /// Runs `body` with two equal replicas; closes them afterwards.
    static func with<T>(recording: Bool = true, _ body: (Replicas) throws -> T) throws -> T {
        try TemporaryFolder.with { folder in
            let first = try open(folder.path("a.sqlite"), recording: recording)
            first.close()
            try FileManager.default.copyItem(atPath: folder.path("a.sqlite"), toPath: folder.path("b.sqlite"))
            let replicas = Replicas(
                a: try open(folder.path("a.sqlite"), recording: recording), b: try open(folder.path("b.sqlite"), recording: recording),
                folder: folder)
            defer {
                replicas.a.close()
                replicas.b.close()
            }
            return try body(replicas)
        }
    }

    /// Opens (creating) a Chinook store.
    static func open(_ path: String, recording: Bool = true) throws -> DraftStore {
        var configuration = DraftStore.Configuration()
        configuration.entities = Chinook.entities
        configuration.recordsChanges = recording
        return try DraftStore(path: path, migrations: Chinook.migrations, configuration: configuration)
    }

    /// Every row of every table of the app (DraftStore's own left out).
    static func contents(_ store: DraftStore) throws -> [String: [[SQLiteValue]]] {
        try store.withWriterConnection { try ChinookAdoptionTests.contents($0) }
    }
}
