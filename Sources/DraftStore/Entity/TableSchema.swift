import Foundation

/// What the store and contexts know of one table, independent of the Swift type that
/// maps it: column names and roles, which columns form the primary key, and the SQL they
/// run, prepared once.
///
/// Values of a row travel as an array in column order, key columns included: a *snapshot*.
/// A row's identity (``RowKey``) is its snapshot's key columns.
public final class TableSchema: Sendable, Hashable, CustomStringConvertible {
    /// The table name.
    public let name: String
    /// The column names, in snapshot order (key columns among them, where declared).
    public let columns: [String]
    /// The field name of each column, for ``FieldError``s.
    package let fields: [String]
    /// Indexes of the primary-key columns, in key order.
    @usableFromInline package let keyColumns: [Int]
    /// Indexes of columns that reference another table, with the referenced entity.
    package let references: [(column: Int, target: EntityReference)]
    /// The storage class each column's property writes, when known (checked against the database).
    package let storageClasses: [String?]
    /// How each `Date` column declared with an encoding stores its value; `nil` elsewhere.
    package let dateEncodings: [DateEncoding?]
    /// The entity type that declared it.
    package let entityType: any Entity.Type
    /// The entity type's name, for messages (made when asked: naming a type costs a demangling).
    public var entityName: String { String(describing: entityType) }
    /// The entity's display name, for words a person reads: its validator's ``Validator/label``
    /// (declared, or made from the type's name in words: `ReorderRow` → "Reorder row").
    var displayName: String { Self.label(of: entityType) }
    /// Whether a column references the table itself (`Employee.ReportsTo`): rows of one save
    /// may then need an order among themselves.
    package let referencesItself: Bool
    /// Index of the created-at column, if any.
    package let createdAtColumn: Int?
    /// Index of the updated-at column, if any.
    package let updatedAtColumn: Int?

    /// `SELECT "c1", … FROM "t"`.
    let selectSQL: String
    /// `SELECT "c1", … FROM "t" WHERE "k1" = ? AND …`.
    let selectByKeySQL: String
    /// `INSERT INTO "t" ("c1", …) VALUES (?, …)`: every column, the key included.
    let insertSQL: String
    /// The INSERT without the (single, integer) key column, for rows whose key SQLite assigns.
    let insertWithoutKeySQL: String
    /// `DELETE FROM "t" WHERE "k1" = ? AND …`.
    let deleteSQL: String
    /// `"k1", "k2"`: the key columns, for `ORDER BY`.
    let keyOrderSQL: String
    /// `"k1" = ? AND "k2" = ?`: the condition that finds a row by its key's values, bound in key order.
    package let keyMatchSQL: String
    /// The UPDATE statements made so far, by the columns they set (see ``updateSQL(columns:)``).
    private let updateSQLs = Lock<[[Int]: String]>([:])

    @usableFromInline
    init<Root: Entity>(name: String, columns: [Column<Root>]) {
        let roles = columns.map(\.role)
        let keys = columns.map(\.isKey)
        self.storageClasses = columns.map(\.storageClass)
        self.dateEncodings = columns.map(\.dateEncoding)
        self.entityType = Root.self
        self.fields = columns.map(\.field)
        self.name = name
        let columns = columns.map(\.name)
        self.columns = columns
        self.keyColumns = keys.indices.filter { keys[$0] }
        self.references = roles.enumerated().compactMap { index, role in
            if case let .reference(target) = role { (index, target) } else { nil }
        }
        // By type, not by name: the target's schema may be the one being built.
        self.referencesItself = roles.contains { role in
            if case let .reference(target) = role { ObjectIdentifier(target.type) == ObjectIdentifier(Root.self) } else { false }
        }
        self.createdAtColumn = roles.firstIndex(of: .createdAt)
        self.updatedAtColumn = roles.firstIndex(of: .updatedAt)
        let table = quote(name)
        let keyNames = keyColumns.map { quote(columns[$0]) }
        keyOrderSQL = keyNames.joined(separator: ", ")
        keyMatchSQL = keyNames.map { "\($0) = ?" }.joined(separator: " AND ")
        selectSQL = "SELECT \(columns.isEmpty ? "1" : columns.map(quote).joined(separator: ", ")) FROM \(table)"
        selectByKeySQL = "\(selectSQL) WHERE \(keyMatchSQL)"
        insertSQL = Self.insert(into: table, columns: columns)
        let single = keyColumns.count == 1 ? keyColumns[0] : -1
        insertWithoutKeySQL = Self.insert(into: table, columns: columns.indices.filter { $0 != single }.map { columns[$0] })
        deleteSQL = "DELETE FROM \(table) WHERE \(keyMatchSQL)"
    }

    private static func insert(into table: String, columns: [String]) -> String {
        if columns.isEmpty { return "INSERT INTO \(table) DEFAULT VALUES" }
        let marks = Array(repeating: "?", count: columns.count).joined(separator: ", ")
        return "INSERT INTO \(table) (\(columns.map(quote).joined(separator: ", "))) VALUES (\(marks))"
    }

    /// `INSERT INTO "t" (…) VALUES (…)` for the given columns (`DEFAULT VALUES` for none).
    func insertSQL(columns indexes: [Int]) -> String { Self.insert(into: quote(name), columns: indexes.map { columns[$0] }) }

    /// The value the store writes into a created-at or updated-at column at `now`.
    func timestamp(_ now: Date, column: Int) -> SQLiteValue { (dateEncodings[column] ?? .unixMilliseconds).encode(now) }

    /// `values` with each date that equals the instant `base` holds, in another form of text
    /// or a real that differs in the last place, taken from `base`: a date read and written
    /// back unchanged is no change, whatever form another tool wrote it in.
    func keepingEquivalentDates(_ values: [SQLiteValue], base: [SQLiteValue]) -> [SQLiteValue] {
        var values = values
        for (index, encoding) in dateEncodings.enumerated() {
            guard let encoding, encoding != .unixMilliseconds, values[index] != base[index],
                let mine = encoding.decode(values[index]), let theirs = encoding.decode(base[index]), mine == theirs
            else { continue }
            values[index] = base[index]
        }
        return values
    }

    /// `values` with each text that is the text of the INTEGER `base` holds (`"12"` over `12`)
    /// taken from `base`: a `String` property reads an INTEGER as its text, so one read and
    /// written back unchanged is no change, also where the column's affinity would keep the text
    /// as TEXT (BLOB affinity); NUMERIC and INTEGER affinity store it as the INTEGER anyway.
    func keepingIntegersReadAsText(_ values: [SQLiteValue], base: [SQLiteValue]) -> [SQLiteValue] {
        var values = values
        for index in values.indices {
            guard case let .integer(stored) = base[index], case let .text(text) = values[index], text == String(stored) else { continue }
            values[index] = base[index]
        }
        return values
    }

    /// Whether column `index` is maintained by the store (created / updated time) and so never compared for conflicts.
    package func isMaintained(_ index: Int) -> Bool { index == createdAtColumn || index == updatedAtColumn }

    /// Whether column `index` is part of the primary key.
    package func isKey(_ index: Int) -> Bool { keyColumns.contains(index) }

    /// The key of a snapshot: its key columns' values.
    /// - Complexity: O(*key columns*).
    @inlinable
    package func key(of values: [SQLiteValue]) -> RowKey {
        keyColumns.count == 1 ? RowKey(values[keyColumns[0]]) : RowKey(values: keyColumns.map { values[$0] })
    }

    /// Writes a key into a snapshot's key columns.
    func setKey(_ key: RowKey, in values: inout [SQLiteValue]) {
        for (position, column) in keyColumns.enumerated() { values[column] = key[position] }
    }

    /// The key's values as statement arguments, in key order.
    func arguments(_ key: RowKey) -> [SQLiteValue] { key.values }

    /// `UPDATE "t" SET "c" = ?, … WHERE "k1" = ? AND …` for the given columns.
    func updateSQL(columns indexes: [Int]) -> String {
        // Made once per set of columns: quoting and joining the names cost ~37k instructions,
        // paid by every save of one edited row (W3), as much as SQLite's UPDATE itself.
        if let sql = updateSQLs.withLock({ $0[indexes] }) { return sql }
        let sql = "UPDATE \(quote(name)) SET \(indexes.map { quote(columns[$0]) + " = ?" }.joined(separator: ", ")) WHERE \(keyMatchSQL)"
        updateSQLs.withLock { $0[indexes] = sql }
        return sql
    }

    /// `"t"."k1"`-style description of a key for messages: `authors#7`, `PlaylistTrack#(1, 3402)`.
    /// The ``Validator/label`` of an entity type.
    private static func label<E: Entity>(of type: E.Type) -> String { E.validator.label }

    func describe(_ key: RowKey) -> String { "\(name)#\(key)" }

    /// Identity: one schema object per table per process.
    public static func == (lhs: TableSchema, rhs: TableSchema) -> Bool { lhs === rhs }
    /// Hashes the identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    /// The table name.
    public var description: String { name }
}

/// Quotes an SQL identifier; see `Connection/quoteIdentifier(_:)`.
func quote(_ identifier: String) -> String { Connection.quoteIdentifier(identifier) }

extension TableSchema {
    /// The key of the snapshot that starts at `start` in a flat buffer of snapshots.
    @inlinable
    func key(of buffer: [SQLiteValue], from start: Int) -> RowKey {
        keyColumns.count == 1 ? RowKey(buffer[start + keyColumns[0]]) : RowKey(values: keyColumns.map { buffer[start + $0] })
    }
}
