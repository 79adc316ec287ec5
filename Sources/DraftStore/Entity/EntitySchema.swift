/// How an ``Entity`` maps to its table: the table name and its columns, by key path.
///
/// Declare it as a `static let` so it is built once:
///
/// ```swift
/// static let schema = EntitySchema<Book>(table: "books", columns: [
///     .reference("author_id", \.authorID, to: Author.self, field: "author"),
///     .column("title", \.title),
///     .column("year", \.year),
/// ])
/// ```
public struct EntitySchema<Root: Entity>: Sendable {
    /// The table-level description shared with contexts and the store.
    public let table: TableSchema
    /// The columns, in snapshot order.
    public let columns: [Column<Root>]

    // Whole-row operations, made once in the (inlinable) initializer so that they are
    // specialized for `Root` in the module that declares the schema. Called from the
    // library's unspecialized generic code, a per-column loop over `columns` looked up
    // `Column<Root>` metadata and went through generic `Array` code for every row and
    // column, which dominated bulk inserts and fetches (see docs/performance.md).
    /// The snapshot of an entity: its column values in order.
    @usableFromInline let snapshot: @Sendable (Root) -> [SQLiteValue]
    /// An entity made from an id and a snapshot; the index of the first value that does not fit, on failure.
    @usableFromInline let make: @Sendable (Int64, [SQLiteValue]) -> (entity: Root?, failedColumn: Int)
    /// Every remaining row of a `SELECT "id", <columns>` statement, read straight into entities.
    @usableFromInline let readAll: @Sendable (Statement) throws(SQLiteError) -> [Root]
    /// Every remaining row of a `SELECT "id", <columns>` statement read into entities, each row's
    /// id and snapshot appended to `ids` and `values`: a context's registered fetch. A row whose
    /// value does not fit its entity ends the read with its mismatch error returned, that row
    /// appended; a failed read throws.
    @usableFromInline let readRegistered:
        @Sendable (Statement, inout [Int64], inout [SQLiteValue]) throws(SQLiteError) -> (entities: [Root], failure: SQLiteError?)

    /// Declares a table and its columns.
    /// - Parameters:
    ///   - table: The table name; it must have an `INTEGER PRIMARY KEY` named `id`, not listed in `columns`.
    ///   - columns: The other columns.
    @inlinable
    public init(table: String, columns: [Column<Root>]) {
        self.columns = columns
        self.table = TableSchema(name: table, columns: columns.map(\.name), fields: columns.map(\.field), roles: columns.map(\.role))
        // Arrays of the closures alone: iterating `columns` copied (retained) every field of each column.
        let getters = columns.map(\.get)
        let setters = columns.map(\.set)
        let readers = columns.map(\.read)
        self.snapshot = { entity in getters.map { $0(entity) } }
        self.make = { id, values in
            var entity = Root()
            entity.id = id
            for index in 0..<setters.count where !setters[index](&entity, values[index]) { return (nil, index) }
            return (entity, -1)
        }
        self.readAll = { (statement: Statement) throws(SQLiteError) -> [Root] in
            var result: [Root] = []
            let row = statement.row
            while try statement.step() {
                var entity = Root()
                entity.id = row.int64(at: 0)
                for index in 0..<readers.count { try readers[index](&entity, row, Int32(index + 1)) }
                result.append(entity)
            }
            return result
        }
        let tableName = table
        let names = columns.map(\.name)
        self.readRegistered = { (statement: Statement, ids: inout [Int64], values: inout [SQLiteValue]) throws(SQLiteError) in
            var result: [Root] = []
            let row = statement.row
            let width = setters.count
            while try statement.step() {
                let id = row.int64(at: 0)
                let start = values.count
                for index in 0..<width { values.append(try row.value(at: Int32(index + 1))) }
                ids.append(id)
                var entity = Root()
                entity.id = id
                for index in 0..<width where !setters[index](&entity, values[start + index]) {
                    return (result, Self.mismatch(table: tableName, column: names[index], value: values[start + index]))
                }
                result.append(entity)
            }
            return (result, nil)
        }
    }

    /// The error for a stored value that does not fit its property.
    @usableFromInline
    static func mismatch(table: String, column: String, value: SQLiteValue) -> SQLiteError {
        SQLiteError(extendedCode: 20, message: "\(table).\(column) holds \(value.storageClass), which does not fit the property")
    }

    /// The snapshot of an entity: its column values in order.
    /// - Complexity: O(*columns*).
    public func values(of entity: Root) -> [SQLiteValue] {
        snapshot(entity)
    }

    /// An entity made from an id and a snapshot.
    /// - Throws: ``SQLiteError`` `SQLITE_MISMATCH` naming the column whose stored value does not fit its property.
    public func entity(id: Int64, values: [SQLiteValue]) throws(SQLiteError) -> Root {
        let (entity, failed) = make(id, values)
        guard let entity else { throw Self.mismatch(table: table.name, column: columns[failed].name, value: values[failed]) }
        return entity
    }

    /// The field name of a column, as ``FieldError``s and conflicts name it.
    /// - Parameter keyPath: A declared column.
    /// - Precondition: The key path is one of the declared columns.
    public func field(for keyPath: PartialKeyPath<Root>) -> String { table.fields[index(of: keyPath)] }

    /// The column index of a key path for a query: `-1` for the id, else ``index(of:)``.
    ///
    /// The id cannot be recognized with `keyPath == \Root.id`: in generic code that key path
    /// goes through the `Entity.id` requirement, while a caller's `\Book.id` names the stored
    /// property, and the two are never equal. So a `Int64?` key path counts as the id when it
    /// reads back the id of a blank entity, for two different ids.
    /// - Precondition: The key path is the id or one of the declared columns.
    func queryColumn(of keyPath: AnyKeyPath) -> Int {
        if let path = keyPath as? KeyPath<Root, Int64?> {
            var probe = Root()
            let readsID = [Int64.min + 1, Int64.max - 1].allSatisfy { id in
                probe.id = id
                return probe[keyPath: path] == id
            }
            if readsID { return -1 }
        }
        return index(of: keyPath)
    }

    /// The column index of a key path.
    /// - Precondition: The key path is one of the declared columns.
    /// - Complexity: O(*columns*).
    func index(of keyPath: AnyKeyPath) -> Int {
        guard let index = columns.firstIndex(where: { $0.keyPath == keyPath }) else {
            preconditionFailure("\(keyPath) is not a column of \(table.name); declare it in \(Root.self).schema")
        }
        return index
    }
}

extension SQLiteValue {
    /// The storage class name: NULL, INTEGER, REAL, TEXT or BLOB.
    public var storageClass: String {
        switch self {
        case .null: "NULL"
        case .integer: "INTEGER"
        case .real: "REAL"
        case .text: "TEXT"
        case .blob: "BLOB"
        }
    }
}
