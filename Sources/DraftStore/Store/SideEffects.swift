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

    /// Combines the triggers of the schema with its foreign keys.
    /// - Parameter objects: The schema's objects (`Connection/schemaObjects()`).
    init(foreignKeys: [String: [ForeignKey]], objects: [SchemaObject]) {
        let triggered = Set(objects.filter { $0.type == "trigger" }.map { $0.table.lowercased() })
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
