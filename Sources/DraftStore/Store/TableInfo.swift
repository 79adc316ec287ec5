/// What the database says about a declared entity's table, read once per store with
/// SQLite's PRAGMAs and checked against the declaration (``SchemaError``).
///
/// A class, so that the save path holds it by one reference, not by copies of its arrays.
final class TableInfo: Sendable {
    /// The declaration it was checked against.
    let schema: TableSchema
    /// The affinity of each snapshot column.
    let affinities: [Affinity]
    /// Whether SQLite assigns the key of a row inserted without one: the key is the rowid
    /// (an `INTEGER PRIMARY KEY` alias, or the implicit rowid). Only then does an insert get a
    /// temporary key.
    let assignsKeys: Bool
    /// Whether the key is the implicit rowid (`VACUUM` may renumber it).
    let isImplicitRowID: Bool
    /// Per snapshot column: whether the database gives a value when an INSERT leaves it out
    /// (a `DEFAULT`, or a generated column): a NULL there is left out of the INSERT.
    let hasDefault: [Bool]
    /// Per snapshot column: a generated column, never written.
    let isGenerated: [Bool]
    /// Whether triggers may change rows after the store's statements: rows are read back.
    let hasTriggers: Bool
    /// Whether the table is `STRICT`.
    let isStrict: Bool
    /// Whether some column has a default or is generated: then each INSERT's columns are chosen
    /// row by row (``InsertColumns``); otherwise every column but an assigned key is written.
    let choosesInsertColumns: Bool
    /// The columns whose values an affinity may convert: those whose property's storage class
    /// is unknown, or not the one the column keeps (a `Double` in a NUMERIC column). The others
    /// are only ever NULL or already stored as they are, so ``normalize(_:oracle:)`` skips them.
    let convertibleColumns: [Int]
    /// The unique column sets a save must keep apart (the key, and each UNIQUE index or
    /// constraint over plain columns of the snapshot), with each column's collation: how
    /// ``SaveOrder`` knows that one row frees a value another row takes.
    let uniqueSets: [UniqueSet]
    /// The collation declared on each snapshot column, upper-cased (`BINARY` when none is):
    /// how its text compares in a query (``QueryEvaluator``).
    let collations: [String]
    /// The columns known to hold a reference, with the referenced table: those the entity
    /// declares (``Column/Role/reference(_:)``) and those the schema's foreign keys name
    /// (`PRAGMA foreign_key_list`), declared or not, the key included (a one-to-one child keyed
    /// by its parent's key). A temporary key in them is the referenced row's, replaced by its
    /// real key at save; in any other column it is refused (``TemporaryKeyCheck``).
    let referenceColumns: [(column: Int, parent: String)]
    /// Whether the single key column references another row (a one-to-one child keyed by its
    /// parent's key): its value is the parent's, never one SQLite assigns.
    let keyIsReference: Bool
    /// Whether the entity's "table" is a view: read-only, its rows named by the declared key.
    let isView: Bool

    /// Reads and checks a table's description on `connection`.
    /// - Parameter hasTriggers: Whether the schema has triggers on the table (the store read them when it opened).
    /// - Throws: ``SchemaError`` listing each difference; ``SQLiteError`` when a PRAGMA fails.
    static func load(
        _ schema: TableSchema, entity: String, storage: [String?], hasTriggers: Bool, on connection: Connection
    ) throws -> TableInfo {
        let name = schema.name
        // The table as an argument: without one, table_list describes every table of every schema.
        // PRAGMA statements, not their table-valued forms: see ``Connection/pragma(_:of:schema:map:)``.
        let list = try connection.pragma("table_list", of: name, schema: "main") {
            (type: try $0.text(at: 2), withoutRowID: $0.int64(at: 4) != 0, strict: $0.int64(at: 5) != 0)
        }
        guard let table = list.first else { throw SchemaError(entity: entity, problems: [.missingTable(name)]) }
        let (described, tableKey) = try describedColumns(of: name, on: connection)
        // A full-text table (FTS3, FTS4, FTS5) is the virtual table with a hidden column named as itself.
        let isFullText = table.type == "virtual" && described[name.lowercased()]?.hidden == 1
        let isView = table.type == "view"
        guard table.type == "table" || isFullText || isView else { throw SchemaError(entity: entity, problems: [.missingTable(name)]) }
        let rowIDNames: Set<String> = ["rowid", "oid", "_rowid_"]
        var problems: [SchemaError.Problem] = []
        var affinities: [Affinity] = []
        var hasDefault: [Bool] = []
        var isGenerated: [Bool] = []
        var implicit = false
        for (index, column) in schema.columns.enumerated() {
            if let found = described[column.lowercased()] {
                let affinity = Affinity(declaredType: found.type, strict: table.strict)
                affinities.append(affinity)
                hasDefault.append(found.hasDefault || found.hidden >= 2)
                isGenerated.append(found.hidden >= 2)
                if let property = storage[index], !affinity.holds(property) {
                    problems.append(.columnType(table: name, column: column, declared: property, database: found.type))
                }
            } else if rowIDNames.contains(column.lowercased()), !table.withoutRowID, !isView, schema.isKey(index) {
                implicit = true
                affinities.append(.integer)
                hasDefault.append(true)
                isGenerated.append(false)
            } else {
                problems.append(.missingColumn(table: name, column: column))
                affinities.append(.blob)
                hasDefault.append(false)
                isGenerated.append(false)
            }
        }
        let declaredKey = schema.keyColumns.map { schema.columns[$0] }
        let keyMatches =
            implicit
            ? tableKey.isEmpty && declaredKey.count == 1
            : declaredKey.map { $0.lowercased() } == tableKey.map { $0.lowercased() } && !declaredKey.isEmpty
        // A view has no key of its own: the declared key columns (which it has) name its rows.
        if !keyMatches, !isView { problems.append(.primaryKey(table: name, declared: declaredKey, database: tableKey)) }
        if !problems.isEmpty { throw SchemaError(entity: entity, problems: problems) }
        let (uniqueSets, keyHasIndex) = try UniqueSet.load(for: schema, on: connection)
        // SQLite implements a PRIMARY KEY with an index unless it is the rowid itself.
        let aliasesRowID = !implicit && !table.withoutRowID && declaredKey.count == 1 && !keyHasIndex
        return TableInfo(
            schema: schema, affinities: affinities, assignsKeys: implicit || aliasesRowID, isImplicitRowID: implicit,
            hasDefault: hasDefault, isGenerated: isGenerated, hasTriggers: hasTriggers, isStrict: table.strict,
            uniqueSets: uniqueSets, collations: try collations(of: schema, isView: isView, on: connection),
            referenceColumns: try referenceColumns(of: schema, on: connection), isView: isView)
    }

    /// What `PRAGMA table_xinfo` says of one column of a table.
    private struct DescribedColumn {
        /// The declared type, as written.
        let type: String
        /// Its position in the primary key, from 1; 0 when not in it.
        let key: Int64
        /// 0 for a plain column, 1 for a hidden one of a virtual table, 2 or 3 for a generated one.
        let hidden: Int64
        /// Whether the column declares a DEFAULT.
        let hasDefault: Bool
    }

    /// The columns of a table by lower-cased name (SQLite compares identifiers without case),
    /// and its primary key's columns in key order.
    private static func describedColumns(
        of table: String, on connection: Connection
    ) throws -> (columns: [String: DescribedColumn], key: [String]) {
        var described: [String: DescribedColumn] = [:]
        var keyNames: [(Int64, String)] = []
        // cid, name, type, notnull, dflt_value, pk, hidden.
        for row in try connection.pragma(
            "table_xinfo", of: table,
            map: {
                (try $0.text(at: 1), try $0.text(at: 2), $0.int64(at: 5), $0.int64(at: 6), !$0.isNull(at: 4))
            })
        {
            described[row.0.lowercased()] = DescribedColumn(type: row.1, key: row.2, hidden: row.3, hasDefault: row.4)
            if row.2 > 0 { keyNames.append((row.2, row.0)) }
        }
        return (described, keyNames.sorted { $0.0 < $1.0 }.map(\.1))
    }

    init(
        schema: TableSchema, affinities: [Affinity], assignsKeys: Bool, isImplicitRowID: Bool, hasDefault: [Bool], isGenerated: [Bool],
        hasTriggers: Bool, isStrict: Bool, uniqueSets: [UniqueSet], collations: [String], referenceColumns: [(column: Int, parent: String)],
        isView: Bool = false
    ) {
        self.isView = isView
        self.collations = collations
        self.referenceColumns = referenceColumns
        self.keyIsReference = schema.keyColumns.count == 1 && referenceColumns.contains { $0.column == schema.keyColumns[0] }
        self.schema = schema
        self.affinities = affinities
        self.assignsKeys = assignsKeys
        self.isImplicitRowID = isImplicitRowID
        self.hasDefault = hasDefault
        self.isGenerated = isGenerated
        self.hasTriggers = hasTriggers
        self.isStrict = isStrict
        self.uniqueSets = uniqueSets
        self.choosesInsertColumns = hasDefault.contains(true) || isGenerated.contains(true)
        self.convertibleColumns = affinities.indices.filter { index in
            switch (schema.storageClasses[index], affinities[index]) {
            case (_, .blob), ("INTEGER", .integer), ("INTEGER", .numeric), ("REAL", .real), ("TEXT", .text), ("BLOB", _): false
            default: true
            }
        }
    }

    /// The values of a snapshot as SQLite will store them in this table's columns, so that a
    /// value read and written back unchanged is no change, whatever the affinity.
    /// - Returns: Whether any value changed (so the caller compares nothing when none did).
    /// - Throws: ``SQLiteError`` when SQLite must be asked and cannot be.
    @discardableResult
    func normalize(_ values: inout [SQLiteValue], oracle: AffinityOracle) throws(SQLiteError) -> Bool {
        var changed = false
        for index in convertibleColumns {
            // The common case — a value already in its column's storage class — costs one switch
            // on the value's case, without copying its payload.
            let affinity = affinities[index]
            switch values[index] {
            case .null, .blob: continue
            case .integer where affinity == .integer || affinity == .numeric || affinity == .blob: continue
            case .real where affinity == .real || affinity == .blob: continue
            case .text where affinity == .text || affinity == .blob: continue
            default: break
            }
            let value = values[index]
            var stored = value
            if let known = affinity.storedForm(of: value) {
                stored = known
            } else {
                stored = try oracle.storedForm(of: value, affinity: affinity)
            }
            if stored != value {
                values[index] = stored
                changed = true
            }
        }
        return changed
    }
}

extension TableInfo {
    /// A key as the table's key columns store it (through their affinity), so `RowKey("7")`
    /// finds INTEGER key 7.
    /// - Throws: ``ContextError`` when the key has the wrong number of columns; ``SQLiteError``
    ///   when SQLite must be asked and cannot be.
    func storedKey(_ key: RowKey, oracle: AffinityOracle) throws -> RowKey {
        let columns = schema.keyColumns
        guard key.count == columns.count else {
            throw ContextError.keyColumnCount(
                entity: schema.displayName, table: schema.name, keyColumns: columns.map { schema.columns[$0] }, key: key)
        }
        if columns.count == 1, key.integerValue != nil, affinities[columns[0]] == .integer { return key }
        var values = key.values
        for (position, column) in columns.enumerated() {
            values[position] = try oracle.storedForm(of: values[position], affinity: affinities[column])
        }
        return RowKey(values: values)
    }

    /// Whether an insert with `key` leaves the key for SQLite to assign: the key is the rowid,
    /// the insert's key is temporary, and it is not a parent's key the row is keyed by.
    func assignsKey(of key: RowKey) -> Bool { assignsKeys && key.isTemporary && !keyIsReference }

    /// The declared references of `schema`, then each column of a single-column foreign key of
    /// its table that the entity did not declare, with the referenced table.
    private static func referenceColumns(of schema: TableSchema, on connection: Connection) throws -> [(column: Int, parent: String)] {
        var result = schema.references.map { (column: $0.column, parent: $0.target.table) }
        for key in try ForeignKey.list(of: schema.name, on: connection) where key.childColumns.count == 1 {
            guard let column = ForeignKey.indexes(key.childColumns, in: schema)?.first, !result.contains(where: { $0.column == column })
            else { continue }
            result.append((column, key.parentTable))
        }
        return result
    }
}

extension Affinity {
    /// Whether a column of this affinity gives back what a property stored as `storageClass`
    /// writes (an `Int` in a TEXT column would come back as text, a `String` in an INTEGER
    /// column as a number).
    func holds(_ storageClass: String) -> Bool {
        switch (storageClass, self) {
        case ("INTEGER", .text), ("INTEGER", .real), ("REAL", .text), ("TEXT", .integer), ("TEXT", .real): false
        default: true
        }
    }

}
