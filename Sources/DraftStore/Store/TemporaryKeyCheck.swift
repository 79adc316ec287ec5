/// A temporary key is never written as data.
///
/// An unsaved insert whose rowid SQLite assigns holds a temporary (negative) key until its
/// save. Every column known to hold a reference (``TableInfo/referenceColumns``: declared, or
/// a foreign key of the schema, a one-to-one child's key included) gets the real key at save.
/// Any other column of a written row that holds a temporary key issued in the same save would
/// store it as data (a join table without FOREIGN KEY clauses, say): the save is refused before
/// anything is written, naming `table.column` (``StoreRejection/Kind/temporaryKey``). A
/// negative number that is no temporary key of the save is an ordinary value, written as given.
enum TemporaryKeyCheck {
    /// Refuses the changes when a column that is not a reference holds a temporary key of one of its inserts.
    /// - Parameters:
    ///   - changes: A save's changes.
    ///   - references: The reference columns of a table.
    /// - Throws: ``SaveError/rejected(_:)`` with a ``StoreRejection/Kind/temporaryKey`` field error per such column.
    static func check(_ changes: [Changeset.Change], references: (TableSchema) -> [(column: Int, parent: String)]) throws(SaveError) {
        var issued: Set<Int64> = []
        for change in changes where change.kind == .insert && change.table.keyColumns.count == 1 {
            if let key = change.key.integerValue, key < 0 { issued.insert(key) }
        }
        guard !issued.isEmpty else { return }
        var refused: [FieldError] = []
        var table: TableSchema?
        var referenceColumns: Set<Int> = []
        for change in changes {
            guard let values = change.values else { continue }  // A delete writes no values.
            if change.table !== table {
                table = change.table
                referenceColumns = Set(references(change.table).map(\.column))
            }
            let columns = change.kind == .insert ? Array(values.indices) : change.changedColumns
            for column in columns where !referenceColumns.contains(column) {
                guard case let .integer(value) = values[column], value < 0, issued.contains(value) else { continue }
                // A row's own temporary key, in its own key column.
                if change.kind == .insert, change.table.keyColumns == [column], change.key.integerValue == value { continue }
                let rejection = StoreRejection(
                    kind: .temporaryKey, table: change.table.name, columns: [change.table.columns[column]], values: [values[column]],
                    object: StoreRejection.Object(table: change.table.name, key: change.key.values))
                refused.append(RejectionReader.fieldError(rejection, table: change.table))
            }
        }
        if !refused.isEmpty { throw .rejected(refused) }
    }
}
