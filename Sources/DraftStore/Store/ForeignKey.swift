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

    /// Every foreign key of the database, by (lowercased) parent table.
    /// - Parameter tables: The database's tables, in name order.
    static func load(from connection: Connection, tables: [String]) throws -> [String: [ForeignKey]] {
        // One `PRAGMA foreign_key_list` a table rather than one join over the table-valued
        // pragma: see ``Connection/pragma(_:of:schema:map:)``.
        var result: [String: [ForeignKey]] = [:]
        for table in tables {
            // SQLite matches table names without case.
            for key in try list(of: table, on: connection) { result[key.parentTable.lowercased(), default: []].append(key) }
        }
        return result
    }

    /// The foreign keys of one table, each with its columns in order and the parent's columns
    /// (the parent's primary key, or its rowid, when the declaration names none).
    static func list(of table: String, on connection: Connection) throws -> [ForeignKey] {
        let rows = try connection.pragma("foreign_key_list", of: table) { row in try Listed(row) }
            .sorted { ($0.id, $0.seq) < ($1.id, $1.seq) }
        return try keys(of: table, from: rows, on: connection)
    }

    /// One row of `PRAGMA foreign_key_list` (id, seq, table, from, to, on_update, on_delete, match): one column of one key.
    private struct Listed {
        let id: Int, seq: Int, parent: String, from: String, to: String?, onUpdate: String, onDelete: String

        init(_ row: Row) throws(SQLiteError) {
            id = Int(row.int64(at: 0))
            seq = Int(row.int64(at: 1))
            parent = try row.text(at: 2)
            from = try row.text(at: 3)
            to = row.isNull(at: 4) ? nil : try row.text(at: 4)
            onUpdate = try row.text(at: 5)
            onDelete = try row.text(at: 6)
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
                // table_info: cid, name, type, notnull, dflt_value, pk.
                parentColumns = try connection.pragma("table_info", of: first.parent) { (pk: $0.int64(at: 5), name: try $0.text(at: 1)) }
                    .filter { $0.pk > 0 }.sorted { $0.pk < $1.pk }.map(\.name)
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
