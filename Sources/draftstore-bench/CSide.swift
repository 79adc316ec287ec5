import CBench
import DraftStore

/// The C baseline (target `CBench`): thin Swift calls into the workloads written in C.
enum CSide {
    /// Opens an existing file with the `synchronous` setting of `durability`.
    static func open(_ path: String, durability: DraftStore.Durability = .full) throws -> OpaquePointer {
        var db: OpaquePointer?
        try BenchFailure.check(cbench_open(path, durability.pragmaValue, &db), "C open \(path)")
        guard let db else { throw BenchFailure(description: "C open returned no handle") }
        do {
            try BenchFailure.check(cbench_prepare_all(db), "C prepare")
        } catch {
            cbench_close(db)
            throw error
        }
        return db
    }

    /// Creates a new file and applies the migration scripts.
    static func create(_ path: String, durability: DraftStore.Durability = .full) throws -> OpaquePointer {
        var db: OpaquePointer?
        try BenchFailure.check(cbench_open(path, durability.pragmaValue, &db), "C open \(path)")
        do {
            try migrate(db!)
            try BenchFailure.check(cbench_prepare_all(db), "C prepare")
        } catch {
            cbench_close(db)
            throw error
        }
        return db!
    }

    /// Applies the Bookshelf migration scripts, each in its own transaction.
    static func migrate(_ db: OpaquePointer) throws {
        let code = MigrationScripts.withCStrings { cbench_migrate(db, $0, $1) }
        try BenchFailure.check(code, "C migrate")
    }

    /// W7: open a new file, migrate, close.
    static func openMigrateClose(_ path: String) throws {
        var db: OpaquePointer?
        try BenchFailure.check(cbench_open(path, DraftStore.Durability.full.pragmaValue, &db), "C open \(path)")
        defer { cbench_close(db) }
        try migrate(db!)
    }

    /// Calls a C workload over an id array.
    static func run(_ function: (OpaquePointer?, UnsafePointer<Int64>?, Int64) -> Int32, _ db: OpaquePointer, ids: [Int64], _ what: String)
        throws
    {
        let code = ids.withUnsafeBufferPointer { function(db, $0.baseAddress, Int64($0.count)) }
        try BenchFailure.check(code, what)
    }
}
