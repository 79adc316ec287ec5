import DraftStore
import Foundation

/// A deterministic stand-in for another writer (a sync job, another process): it changes
/// chosen fields of a row through a second connection, at the exact point a test calls it —
/// between opening a draft and saving it — with no sleeps.
///
/// ```swift
/// let item = try store.presentEdit(Author.self, id: 1)
/// try BackgroundWriter(test).update(Author.self, id: 1) { $0.name = "Theirs" }
/// item.draft.name = "Mine"
/// expectConflict(on: \Author.name) { try item.save() }
/// ```
public struct BackgroundWriter {
    private let path: String

    /// Makes a writer for a file store.
    /// - Throws: ``HarnessError`` for in-memory stores (no second connection) or under rollback isolation.
    public init(_ test: TestStore) throws {
        try test.refuseRollbackScope("BackgroundWriter")
        guard let path = test.filePath else {
            throw HarnessError(description: "An in-memory store has no second connection; use a file store.")
        }
        self.path = path
    }

    /// Runs SQL with bound values on a second connection, committed at once.
    /// - Throws: `SQLiteError` when it fails.
    public func execute(_ sql: String, _ arguments: [SQLiteValue] = []) throws {
        let connection = try Connection(path: path)
        defer { connection.close() }
        try connection.run(sql, arguments)
    }

    /// Changes a row the way another writer would: reads it, applies `change`, writes the
    /// columns that differ (and nothing else), committed at once.
    /// - Parameters:
    ///   - type: The entity type.
    ///   - key: The row's primary key.
    ///   - change: Edits the row's values.
    /// - Throws: ``HarnessError`` when the row does not exist; `SQLiteError` when a statement fails.
    public func update<E: Entity>(_ type: E.Type, key: RowKey, _ change: (inout E) -> Void) throws {
        let connection = try Connection(path: path)
        defer { connection.close() }
        let table = E.schema.table
        let list = table.columns.map(Connection.quoteIdentifier).joined(separator: ", ")
        let rows = try connection.fetch(
            "SELECT \(list) FROM \(Connection.quoteIdentifier(table.name)) WHERE \(table.keyMatchSQL)", key.values
        ) { row in
            try (0..<Int32(table.columns.count)).map { try row.value(at: $0) }
        }
        guard let values = rows.first else { throw HarnessError(description: "\(table.name)#\(key) does not exist") }
        var entity = try E.schema.entity(values: values)
        change(&entity)
        let changed = E.schema.values(of: entity)
        let columns = table.columns.indices.filter { changed[$0] != values[$0] }
        guard !columns.isEmpty else { return }
        let assignments = columns.map { Connection.quoteIdentifier(table.columns[$0]) + " = ?" }.joined(separator: ", ")
        try connection.run(
            "UPDATE \(Connection.quoteIdentifier(table.name)) SET \(assignments) WHERE \(table.keyMatchSQL)",
            columns.map { changed[$0] } + key.values)
    }

    /// Changes a row with an integer key; see ``update(_:key:_:)``.
    /// - Throws: As ``update(_:key:_:)``.
    public func update<E: Entity>(_ type: E.Type, id: Int64, _ change: (inout E) -> Void) throws {
        try update(type, key: RowKey(.integer(id)), change)
    }

    /// Deletes a row (and, by the schema's cascades, its dependents), committed at once.
    /// - Throws: `SQLiteError` when it fails.
    public func delete<E: Entity>(_ type: E.Type, key: RowKey) throws {
        try execute("DELETE FROM \(Connection.quoteIdentifier(E.schema.table.name)) WHERE \(E.schema.table.keyMatchSQL)", key.values)
    }

    /// Deletes a row with an integer key; see ``delete(_:key:)``.
    /// - Throws: `SQLiteError` when it fails.
    public func delete<E: Entity>(_ type: E.Type, id: Int64) throws { try delete(type, key: RowKey(.integer(id))) }
}
