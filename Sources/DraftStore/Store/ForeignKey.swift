/// A foreign key of the schema, read with `PRAGMA foreign_key_list`: a child table's column
/// that references a parent table's id, and what happens to children when the parent is deleted.
///
/// See [Foreign Key Actions](https://www.sqlite.org/foreignkeys.html#fk_actions).
struct ForeignKey: Sendable {
    /// The referencing (child) table.
    let childTable: String
    /// The referencing column.
    let childColumn: String
    /// The referenced (parent) table.
    let parentTable: String
    /// `ON DELETE` action: `CASCADE`, `SET NULL`, `RESTRICT`, `NO ACTION` or `SET DEFAULT`.
    let onDelete: String

    /// Every single-column foreign key of the database, by parent table.
    static func load(from connection: Connection) throws -> [String: [ForeignKey]] {
        let tables = try connection.fetch(
            "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'"
        ) { try $0.text(at: 0) }
        var result: [String: [ForeignKey]] = [:]
        for table in tables {
            let keys = try connection.fetch("SELECT \"table\", \"from\", on_delete FROM pragma_foreign_key_list(?)", [.text(table)]) {
                ForeignKey(
                    childTable: table, childColumn: try $0.text(at: 1), parentTable: try $0.text(at: 0), onDelete: try $0.text(at: 2))
            }
            for key in keys { result[key.parentTable, default: []].append(key) }
        }
        return result
    }
}
