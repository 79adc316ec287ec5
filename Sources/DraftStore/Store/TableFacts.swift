import Foundation

/// What a save needs to know of the table of a run of its rows, worked out once per run.
final class TableFacts {
    let table: TableSchema
    let info: TableInfo
    /// Whether an insert, update or delete may make SQLite change other rows (``SideEffects``).
    let insert: Bool, update: Bool, delete: Bool
    /// The created-at and updated-at values this save writes.
    let createdAt: SQLiteValue, updatedAt: SQLiteValue

    init(table: TableSchema, info: TableInfo, effects: SideEffects, now: Date) {
        let name = table.name.lowercased()
        self.table = table
        self.info = info
        (insert, update, delete) = (effects.insert.contains(name), effects.update.contains(name), effects.delete.contains(name))
        createdAt = table.createdAtColumn.map { table.timestamp(now, column: $0) } ?? .null
        updatedAt = table.updatedAtColumn.map { table.timestamp(now, column: $0) } ?? .null
    }
}
