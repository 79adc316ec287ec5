extension DraftStore {
    /// A change's values with temporary ids in reference columns (declared, or foreign keys of
    /// the schema: ``TableInfo/referenceColumns``) replaced by the real ids assigned in this save.
    /// - Throws: ``SaveError/rejected(_:)`` with a foreign-key rejection of the column when a
    ///   reference names a temporary id that is not part of this save (another editor's unsaved row).
    static func resolvedValues(
        of change: Changeset.Change, references: [(column: Int, parent: String)], with ids: [Int64: Int64]
    ) throws(SaveError) -> [SQLiteValue] {
        var values = change.values!
        var refused: [FieldError] = []
        for reference in references {
            guard case let .integer(id) = values[reference.column], id < 0 else { continue }
            guard let real = ids[id] else {
                refused.append(RejectionReader.unsavedReference(change: change, column: reference.column, parent: reference.parent))
                continue
            }
            values[reference.column] = .integer(real)
        }
        if !refused.isEmpty { throw .rejected(refused) }
        return values
    }
}
