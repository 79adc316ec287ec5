import CSQLite

/// What applying a changeset needs of one table of this database, read from SQLite
/// (`PRAGMA table_info`): its columns in order, its primary key in key order, the store-maintained
/// columns of an entity declared for it (never compared), and the SQL that reads and writes a row by key.
struct ChangesetTable: MergeColumns {
    /// The table's name as the changeset gives it.
    let name: String
    /// The column names, in table order (the changeset's order).
    let columns: [String]
    /// Indexes of the primary-key columns, in key order.
    let keyColumns: [Int]
    /// Columns the store maintains (an entity's created-at and updated-at columns).
    let maintained: Set<Int>
    /// `SELECT … WHERE key`.
    let selectSQL: String
    /// `INSERT INTO … VALUES (…)`, every column.
    let insertSQL: String
    /// `DELETE … WHERE key`.
    let deleteSQL: String

    var fields: [String] { columns }
    func isMaintained(_ index: Int) -> Bool { maintained.contains(index) }

    /// Reads a table's facts and checks them against the changeset's view of it.
    /// - Parameters:
    ///   - operation: A change of the table, for its column count and key flags.
    ///   - schema: The entity schema declared for the table, if any.
    ///   - connection: The writer.
    /// - Throws: ``ChangesetError`` `.unknownTable`, `.noPrimaryKey` (only the implicit rowid),
    ///   `.schemaMismatch` (another column count or key); `.storage` when the schema cannot be read.
    static func load(for operation: ChangesetOperation, schema: TableSchema?, on connection: Connection) throws(ChangesetError)
        -> ChangesetTable
    {
        let info: [(name: String, key: Int64)]
        do {
            info = try connection.fetch("SELECT name, pk FROM pragma_table_info(?) ORDER BY cid", [.text(operation.table)]) {
                (try $0.text(at: 0), $0.int64(at: 1))
            }
        } catch {
            throw .storage(error as? SQLiteError ?? SQLiteError(extendedCode: SQLITE_ERROR, message: "\(error)"))
        }
        guard !info.isEmpty else { throw .unknownTable(operation.table) }
        let keys = info.indices.filter { info[$0].key > 0 }.sorted { info[$0].key < info[$1].key }
        guard !keys.isEmpty else { throw .noPrimaryKey(table: operation.table) }
        guard info.count == operation.isPrimaryKey.count, info.indices.allSatisfy({ (info[$0].key > 0) == operation.isPrimaryKey[$0] })
        else {
            throw .schemaMismatch(table: operation.table, changesetColumns: operation.isPrimaryKey.count, databaseColumns: info.count)
        }
        let columns = info.map(\.name)
        var maintained: Set<Int> = []
        if let schema {
            for index in [schema.createdAtColumn, schema.updatedAtColumn].compactMap({ $0 }) {
                if let position = columns.firstIndex(where: { $0.lowercased() == schema.columns[index].lowercased() }) {
                    maintained.insert(position)
                }
            }
        }
        let table = quote(operation.table)
        let match = keys.map { "\(quote(columns[$0])) = ?" }.joined(separator: " AND ")
        return ChangesetTable(
            name: operation.table, columns: columns, keyColumns: keys, maintained: maintained,
            selectSQL: "SELECT \(columns.map(quote).joined(separator: ", ")) FROM \(table) WHERE \(match)",
            insertSQL: "INSERT INTO \(table) (\(columns.map(quote).joined(separator: ", "))) VALUES ("
                + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")",
            deleteSQL: "DELETE FROM \(table) WHERE \(match)")
    }

    /// `UPDATE … SET c = ?, … WHERE key` for the given columns.
    func updateSQL(_ indexes: [Int]) -> String {
        "UPDATE \(quote(name)) SET \(indexes.map { quote(columns[$0]) + " = ?" }.joined(separator: ", ")) WHERE "
            + keyColumns.map { "\(quote(columns[$0])) = ?" }.joined(separator: " AND ")
    }

    /// The key of a full row, in key order.
    func key(of values: [SQLiteValue]) -> RowKey { RowKey(values: keyColumns.map { values[$0] }) }

    /// The row with this key as it is now; `nil` when there is none.
    /// - Throws: ``SQLiteError`` when the read fails.
    func current(_ key: RowKey, on connection: Connection) throws -> [SQLiteValue]? {
        try connection.fetch(selectSQL, key.values) { row in try (0..<Int32(columns.count)).map { try row.value(at: $0) } }.first
    }
}
