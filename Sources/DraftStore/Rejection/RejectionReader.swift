import CSQLite

/// Turns a refusal by SQLite into ``FieldError``s carrying a ``StoreRejection``: facts only,
/// learnt from SQLite itself (extended result codes, PRAGMAs, the authorizer, evaluating the
/// schema's own expressions on the refused row), never from its English messages.
///
/// Every rule of the row's table that the refused row breaks is reported, not only the one
/// SQLite stopped at: each unique index, CHECK and NOT NULL column is tested on the row.
/// Anything that is not a constraint (I/O, busy, a commit-hook refusal) is not a rejection: `nil`.
enum RejectionReader {
    /// The row a refused statement wrote, and how to use it in SQL.
    struct RefusedRow {
        /// The row's table.
        let table: TableSchema
        /// The object it is about, as the context knows it.
        let object: StoreRejection.Object
        /// The column values (`table.columns` order, key columns included) as written; the base
        /// values for a delete. A key SQLite has yet to assign is NULL.
        let values: [SQLiteValue]
        /// The statement that was refused.
        let kind: Changeset.Change.Kind
        /// Whether the statement was a DELETE.
        var isDelete: Bool { kind == .delete }
        /// Whether the statement was an UPDATE (the row itself is in the table).
        var isUpdate: Bool { kind == .update }

        /// `(SELECT ?1 AS "id", ?2 AS "c1", …) AS "t"`: the row as a one-row table of the same name.
        var source: String {
            let list = table.columns.enumerated().map { "?\($0.offset + 1) AS \(quote($0.element))" }.joined(separator: ", ")
            return "(SELECT \(list)) AS \(quote(table.name))"
        }
        /// The values bound to ``source``, `?1` first.
        var arguments: [SQLiteValue] { values }
        /// The key columns and their values.
        var key: [(column: String, value: SQLiteValue)] { table.keyColumns.map { (table.columns[$0], values[$0]) } }
        /// `NOT ("id" IS ?1)`: excludes the row itself (`TRUE` for a table without declared key columns).
        var notItself: String {
            guard !table.keyColumns.isEmpty else { return "1" }
            return "NOT (" + table.keyColumns.map { "\(quote(table.columns[$0])) IS ?\($0 + 1)" }.joined(separator: " AND ") + ")"
        }
        /// The value of a column of the row; `nil` for a column the entity does not map.
        func value(of column: String) -> SQLiteValue? {
            table.columns.firstIndex(of: column).map { values[$0] }
        }
    }

    /// The object a change is about (its table and key, as the context knows it), and its values
    /// as in the database: a temporary key, which SQLite has yet to assign, is NULL there.
    static func row(of change: Changeset.Change, values: [SQLiteValue]?) -> RefusedRow {
        let object = StoreRejection.Object(table: change.table.name, key: change.key.values)
        var values = values ?? change.base ?? []
        if change.kind == .insert, change.key.isTemporary, !values.isEmpty {
            for column in change.table.keyColumns { values[column] = .null }
        }
        return RefusedRow(table: change.table, object: object, values: values, kind: change.kind)
    }

    /// The field errors of a refused statement, or `nil` when the error is not a rejection.
    /// - Parameters:
    ///   - error: What SQLite reported.
    ///   - change: The change whose statement failed.
    ///   - values: The values written (all columns of the row); `nil` for a delete.
    ///   - connection: The connection, still inside the save's transaction.
    static func fieldErrors(for error: SQLiteError, change: Changeset.Change, values: [SQLiteValue]?, connection: Connection)
        -> [FieldError]?
    {
        let row = row(of: change, values: values)
        if error.code == SQLITE_MISMATCH, let values {
            // A NaN, which binding refuses: the columns that hold one.
            let columns = values.indices.filter { if case let .real(number) = values[$0] { number.isNaN } else { false } }
            guard !columns.isEmpty else { return nil }
            return columns.map { index in
                fieldError(
                    StoreRejection(
                        kind: .notANumber, table: row.table.name, columns: [row.table.columns[index]], values: [values[index]],
                        object: row.object), table: row.table)
            }
        }
        guard error.code == SQLITE_CONSTRAINT else { return nil }
        let kind = kind(of: error.extendedCode)
        var found: [StoreRejection] = []
        switch kind {
        case .trigger:
            // An ON DELETE / ON UPDATE RESTRICT key is enforced as a trigger: children left behind are a foreign key's refusal.
            found = row.kind == .insert ? [] : childrenLeft(row, restrictOnly: true, connection: connection)
            if found.isEmpty {
                found = [StoreRejection(kind: .trigger, table: row.table.name, message: error.message, object: row.object)]
            } else {
                return found.map { fieldError($0, table: row.table) }
            }
        case .foreignKey:
            found = row.isDelete ? [] : missingParents(row, connection: connection)
            if found.isEmpty { found = childrenLeft(row, connection: connection) }
        default:
            if !row.isDelete {
                found =
                    uniqueViolations(row, connection: connection) + checkViolations(row, connection: connection)
                    + notNullViolations(row, connection: connection)
            }
        }
        if !found.contains(where: { $0.kind == kind }) {
            // SQLite refused for a reason not visible on this row (a rule in a trigger on another table, say).
            found.insert(StoreRejection(kind: kind, table: row.table.name, object: row.object), at: 0)
        } else if let first = found.firstIndex(where: { $0.kind == kind }), first != 0 {
            found.insert(found.remove(at: first), at: 0)  // what SQLite reported comes first
        }
        return found.map { fieldError($0, table: row.table) }
    }

    /// The kind of a constraint failure, by SQLite's extended result code.
    static func kind(of extendedCode: Int32) -> StoreRejection.Kind {
        switch extendedCode {
        case SQLiteError.constraintUnique: .unique
        case SQLiteError.constraintPrimaryKey, SQLITE_CONSTRAINT | (10 << 8): .primaryKey  // ROWID
        case SQLiteError.constraintCheck: .check
        case SQLiteError.constraintNotNull: .notNull
        case SQLiteError.constraintForeignKey: .foreignKey
        case SQLiteError.constraintTrigger: .trigger
        case SQLITE_CONSTRAINT | (12 << 8): .datatype  // SQLITE_CONSTRAINT_DATATYPE, a STRICT table
        default: .other
        }
    }

    /// The field error of a rejection: under the fields of its columns that the entity maps
    /// (the table's field names), or on the whole record when it maps none.
    static func fieldError(_ rejection: StoreRejection, table: TableSchema?) -> FieldError {
        let fields = rejection.columns.compactMap { column in table?.columns.firstIndex(of: column).map { table!.fields[$0] } }
        var error = FieldError(
            fields: rejection.object.table == table?.name ? fields : [], code: code(of: rejection.kind), rejection: rejection)
        if rejection.object.table == table?.name { error.entity = table?.displayName }  // a form replaces it with its label
        return error
    }

    /// The ``FieldError/Code`` of a kind of rejection.
    static func code(of kind: StoreRejection.Kind) -> FieldError.Code {
        switch kind {
        case .unique, .primaryKey: .notUnique
        case .foreignKey, .temporaryKey: .invalidReference
        case .notNull: .required
        case .trigger: .refusedByTrigger
        case .rowDeleted: .deleted
        case .notANumber: .invalidFormat
        case .generated: .readOnly
        case .check, .datatype, .other: .constraintViolated
        }
    }

    /// The rejection of a reference to an unsaved row that is not part of the save (another
    /// editor's unsaved author, say): a foreign-key rejection of the referencing column.
    static func unsavedReference(change: Changeset.Change, column: Int, parent: String) -> FieldError {
        let row = row(of: change, values: change.values)
        let rejection = StoreRejection(
            kind: .foreignKey, table: change.table.name, columns: [change.table.columns[column]], relatedTable: parent,
            object: row.object)
        return fieldError(rejection, table: change.table)
    }

    /// The refusal of an edit of generated columns (``StoreRejection/Kind/generated``): one
    /// error under their fields, read-only because the database computes them.
    static func generatedColumns(_ columns: [Int], change: Changeset.Change, values: [SQLiteValue]) -> FieldError {
        let row = row(of: change, values: values)
        let rejection = StoreRejection(
            kind: .generated, table: change.table.name, columns: columns.map { change.table.columns[$0] },
            values: columns.map { values[$0] }, object: row.object)
        return fieldError(rejection, table: change.table)
    }
}
