/// How an ``Entity`` maps to its table: the table name and its columns, by key path.
///
/// Declare it as a `static let` so it is built once:
///
/// ```swift
/// static let schema = EntitySchema<Book>(table: "books", columns: [
///     .primaryKey("id", \.id),
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
    // `Column<Root>` metadata and went through generic `Array` code for every row and column.
    /// The snapshot of an entity: its column values in order.
    @usableFromInline let snapshot: @Sendable (Root) -> [SQLiteValue]
    /// An entity made from a snapshot; the index of the first value that does not fit, on failure.
    @usableFromInline let make: @Sendable ([SQLiteValue]) -> (entity: Root?, failedColumn: Int)
    /// Writes a key into an entity's key properties; false when a value does not fit.
    @usableFromInline let writeKey: @Sendable (inout Root, RowKey) -> Bool
    /// Every remaining row of a `SELECT <columns>` statement, read straight into entities.
    @usableFromInline let readAll: @Sendable (Statement) throws(SQLiteError) -> [Root]
    /// Every remaining row of a `SELECT <columns>` statement read into entities, each row's
    /// key and snapshot appended to `keys` and `values`: a context's registered fetch. A row
    /// whose value does not fit its entity ends the read with its mismatch error returned,
    /// that row appended; a failed read throws.
    @usableFromInline let readRegistered:
        @Sendable (Statement, inout [RowKey], inout [SQLiteValue]) throws(SQLiteError) -> (entities: [Root], failure: SQLiteError?)

    /// Declares a table and its columns.
    ///
    /// Declare the primary key's columns with ``Column/primaryKey(_:_:field:)`` (each column of
    /// a composite key, in key order); the store checks the declaration against the database
    /// before it reads a row (``SchemaError``).
    /// - Parameters:
    ///   - table: The table name.
    ///   - columns: The columns the entity maps, its key columns included.
    @inlinable
    public init(table: String, columns: [Column<Root>]) {
        self.columns = columns
        let table = TableSchema(name: table, columns: columns)
        self.table = table
        // Arrays of the closures alone: iterating `columns` copied (retained) every field of each column.
        let getters = columns.map(\.get)
        let setters = columns.map(\.set)
        let readers = columns.map(\.read)
        let keySetters = table.keyColumns.map { setters[$0] }
        self.snapshot = { entity in getters.map { $0(entity) } }
        self.make = { values in
            var entity = Root()
            for index in 0..<setters.count where !setters[index](&entity, values[index]) { return (nil, index) }
            return (entity, -1)
        }
        self.writeKey = { entity, key in
            for (position, setter) in keySetters.enumerated() where !setter(&entity, key[position]) { return false }
            return true
        }
        self.readAll = { (statement: Statement) throws(SQLiteError) -> [Root] in
            var result: [Root] = []
            let row = statement.row
            while try statement.step() {
                var entity = Root()
                for index in 0..<readers.count { try readers[index](&entity, row, Int32(index)) }
                result.append(entity)
            }
            return result
        }
        let tableName = table.name
        let names = columns.map(\.name)
        self.readRegistered = { (statement: Statement, keys: inout [RowKey], values: inout [SQLiteValue]) throws(SQLiteError) in
            var result: [Root] = []
            let row = statement.row
            let width = setters.count
            while try statement.step() {
                let start = values.count
                for index in 0..<width { values.append(try row.value(at: Int32(index))) }
                keys.append(table.key(of: values, from: start))
                var entity = Root()
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
    package func values(of entity: Root) -> [SQLiteValue] {
        snapshot(entity)
    }

    /// The key of an entity: its key properties' values; `nil` while one of them is NULL
    /// (an object not inserted yet).
    /// - Complexity: O(*key columns*).
    public func key(of entity: Root) -> RowKey? {
        let key =
            table.keyColumns.count == 1
            ? RowKey(columns[table.keyColumns[0]].get(entity))
            : RowKey(values: table.keyColumns.map { columns[$0].get(entity) })
        return key.hasNull || table.keyColumns.isEmpty ? nil : key
    }

    /// An entity made from a snapshot.
    /// - Throws: ``SQLiteError`` `SQLITE_MISMATCH` naming the column whose stored value does not fit its property.
    package func entity(values: [SQLiteValue]) throws(SQLiteError) -> Root {
        let (entity, failed) = make(values)
        guard let entity else { throw Self.mismatch(table: table.name, column: columns[failed].name, value: values[failed]) }
        return entity
    }

    /// The field name of a column, as ``FieldError``s and conflicts name it.
    /// - Parameter keyPath: A declared column.
    /// - Throws: ``UnknownColumnError`` when the key path is not one of the declared columns.
    public func field(for keyPath: PartialKeyPath<Root>) throws(UnknownColumnError) -> String {
        table.fields[try index(of: keyPath)]
    }

    /// The column index of a key path.
    /// - Throws: ``UnknownColumnError`` when the key path is not one of the declared columns.
    /// - Complexity: O(*columns*).
    func index(of keyPath: AnyKeyPath) throws(UnknownColumnError) -> Int {
        guard let index = columns.firstIndex(where: { $0.keyPath == keyPath }) else {
            throw UnknownColumnError(entity: String(describing: Root.self), table: table.name, keyPath: "\(keyPath)")
        }
        return index
    }
}

extension SQLiteValue {
    /// The storage class name: NULL, INTEGER, REAL, TEXT or BLOB.
    package var storageClass: String {
        switch self {
        case .null: "NULL"
        case .integer: "INTEGER"
        case .real: "REAL"
        case .text: "TEXT"
        case .blob: "BLOB"
        }
    }
}
