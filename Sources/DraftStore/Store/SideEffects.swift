/// The tables whose writes may make SQLite change rows the store's statements did not name:
/// through foreign-key actions (`ON DELETE` / `ON UPDATE` `CASCADE`, `SET NULL`, `SET
/// DEFAULT`) or triggers. A commit that wrote to one of them is logged as "anything may have
/// changed", so staleness checks read every row they hold again instead of missing one.
///
/// Names are lowercased, as SQLite matches table names without case.
struct SideEffects: Sendable {
    /// Tables where an INSERT may change other rows (they have triggers).
    let insert: Set<String>
    /// Tables where an UPDATE may change other rows (triggers, or `ON UPDATE` actions of keys referencing them).
    let update: Set<String>
    /// Tables where a DELETE may change other rows (triggers, or `ON DELETE` actions of keys referencing them).
    let delete: Set<String>

    /// Reads the triggers of the schema and combines them with its foreign keys.
    /// - Throws: ``SQLiteError`` when reading the schema fails.
    init(foreignKeys: [String: [ForeignKey]], connection: Connection) throws {
        let triggered = Set(
            try connection.fetch("SELECT lower(tbl_name) FROM sqlite_schema WHERE type = 'trigger'") { try $0.text(at: 0) })
        let acting = { (action: KeyPath<ForeignKey, String>) in
            Set(
                foreignKeys.filter {
                    $0.value.contains { ["CASCADE", "SET NULL", "SET DEFAULT"].contains($0[keyPath: action].uppercased()) }
                }.keys)
        }
        insert = triggered
        update = triggered.union(acting(\.onUpdate))
        delete = triggered.union(acting(\.onDelete))
    }
}
