/// A foreign key of the schema, read with `PRAGMA foreign_key_list`: the child table's
/// columns that reference a parent table's columns (its primary key, or another unique
/// column set), and what happens to children when the parent row is deleted.
///
/// See [SQLite Foreign Key Support](https://www.sqlite.org/foreignkeys.html).
struct ForeignKey: Sendable {
    /// The key's number among its table's foreign keys (`PRAGMA foreign_key_list`'s `id`).
    let id: Int
    /// The referencing (child) table.
    let childTable: String
    /// The referencing columns, in the key's order.
    let childColumns: [String]
    /// The referenced (parent) table.
    let parentTable: String
    /// The referenced columns, matching ``childColumns``: the parent's primary key when the
    /// declaration names none.
    let parentColumns: [String]
    /// `ON DELETE` action: `CASCADE`, `SET NULL`, `SET DEFAULT`, `RESTRICT` or `NO ACTION`.
    let onDelete: String
    /// `ON UPDATE` action, in the same words.
    let onUpdate: String

    /// The snapshot columns of this key in a parent and a child schema: `nil` when either
    /// schema leaves one of them out (then a context cannot follow the key; SQLite does at save).
    func match(parent: TableSchema, child: TableSchema) -> (parentColumns: [Int], childColumns: [Int])? {
        guard parentColumns.count == childColumns.count, let parentIndexes = parentMatch(parent),
            let childIndexes = Self.indexes(childColumns, in: child)
        else { return nil }
        return (parentIndexes, childIndexes)
    }

    /// The snapshot columns of the referenced columns in a parent schema; `nil` when it leaves one out.
    func parentMatch(_ parent: TableSchema) -> [Int]? { Self.indexes(parentColumns, in: parent) }

    /// The snapshot indexes of named columns (compared without case, as SQLite does); `nil` when one is missing.
    static func indexes(_ names: [String], in table: TableSchema) -> [Int]? {
        let found = names.compactMap { name in table.columns.firstIndex { $0.lowercased() == name.lowercased() } }
        return found.count == names.count && !found.isEmpty ? found : nil
    }

    /// Every foreign key of the database, by (lowercased) parent table: one query over every
    /// table's `pragma_foreign_key_list`, rather than one a table.
    static func load(from connection: Connection) throws -> [String: [ForeignKey]] {
        let rows = try connection.fetch(
            """
            SELECT m.name, f.id, f."table", f."from", f."to", f.on_update, f.on_delete
            FROM sqlite_schema AS m, pragma_foreign_key_list(m.name) AS f
            WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY m.name, f.id, f.seq
            """, map: { row in (table: try row.text(at: 0), listed: try Listed(row, from: 1)) })
        var result: [String: [ForeignKey]] = [:]
        var index = 0
        while index < rows.count {
            let table = rows[index].table
            let group = rows[index...].prefix { $0.table == table }.map(\.listed)
            index += group.count
            // SQLite matches table names without case.
            for key in try keys(of: table, from: group, on: connection) { result[key.parentTable.lowercased(), default: []].append(key) }
        }
        return result
    }

    /// The foreign keys of one table, each with its columns in order and the parent's columns
    /// (the parent's primary key, or its rowid, when the declaration names none).
    static func list(of table: String, on connection: Connection) throws -> [ForeignKey] {
        let rows = try connection.fetch(
            "SELECT id, \"table\", \"from\", \"to\", on_update, on_delete FROM pragma_foreign_key_list(?) ORDER BY id, seq",
            [.text(table)], map: { row in try Listed(row, from: 0) })
        return try keys(of: table, from: rows, on: connection)
    }

    /// One row of `PRAGMA foreign_key_list`: one column of one key.
    private struct Listed {
        let id: Int, parent: String, from: String, to: String?, onUpdate: String, onDelete: String

        init(_ row: Row, from first: Int32) throws(SQLiteError) {
            id = Int(row.int64(at: first))
            parent = try row.text(at: first + 1)
            from = try row.text(at: first + 2)
            to = row.isNull(at: first + 3) ? nil : try row.text(at: first + 3)
            onUpdate = try row.text(at: first + 4)
            onDelete = try row.text(at: first + 5)
        }
    }

    /// The keys of `table` from its listed rows, in `id`, `seq` order.
    private static func keys(of table: String, from rows: [Listed], on connection: Connection) throws -> [ForeignKey] {
        var result: [ForeignKey] = []
        var index = 0
        while index < rows.count {
            let group = rows[index...].prefix { $0.id == rows[index].id }
            index += group.count
            let first = group.first!
            var parentColumns = group.compactMap(\.to)
            if parentColumns.count != group.count {
                parentColumns = try connection.fetch(
                    "SELECT name FROM pragma_table_info(?) WHERE pk > 0 ORDER BY pk", [.text(first.parent)]
                ) { try $0.text(at: 0) }
                if parentColumns.isEmpty { parentColumns = ["rowid"] }
            }
            result.append(
                ForeignKey(
                    id: first.id, childTable: table, childColumns: group.map(\.from), parentTable: first.parent,
                    parentColumns: parentColumns, onDelete: first.onDelete, onUpdate: first.onUpdate))
        }
        return result
    }
}
