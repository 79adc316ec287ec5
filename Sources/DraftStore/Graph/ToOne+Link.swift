extension ToOne {
    /// The child's and the parent's snapshot columns the relationship joins, in the foreign key's order.
    struct Link {
        let child: [Int]
        let parent: [Int]
    }

    /// The columns the relationship joins: from the schema's foreign keys of the child table
    /// (`PRAGMA foreign_key_list`, read when the store opened), else from the child's declared
    /// reference columns to `Parent` (which point at the parent's key).
    /// - Parameter foreignKeys: The store's foreign keys, by lowercased parent table.
    /// - Throws: ``RelationshipError`` when a column is not declared or nothing links the tables.
    func link(_ foreignKeys: [String: [ForeignKey]]) throws(RelationshipError) -> Link {
        let child = Child.schema.table
        let parent = Parent.schema.table
        if let undeclared { throw .undeclaredColumn(entity: child.entityName, keyPath: undeclared) }
        let keys = (foreignKeys[parent.name.lowercased()] ?? []).filter { $0.childTable.lowercased() == child.name.lowercased() }
        let candidates = keys.filter { key in
            childColumns.isEmpty || ForeignKey.indexes(key.childColumns, in: child) == childColumns
        }
        if candidates.count > 1 { throw .ambiguous(child: child.name, parent: parent.name) }
        if let key = candidates.first {
            guard let match = key.match(parent: parent, child: child) else {
                throw .undeclaredParentColumns(parent: parent.name, columns: key.parentColumns)
            }
            return Link(child: match.childColumns, parent: match.parentColumns)
        }
        let declared = child.references.filter { ObjectIdentifier($0.target.type) == ObjectIdentifier(Parent.self) }.map(\.column)
        let columns = childColumns.isEmpty ? declared : childColumns
        guard !columns.isEmpty, columns.count == parent.keyColumns.count, columns.allSatisfy(declared.contains) else {
            if childColumns.isEmpty, declared.count > 1 { throw .ambiguous(child: child.name, parent: parent.name) }
            throw .noForeignKey(child: child.name, columns: childColumns.map { child.columns[$0] }, parent: parent.name)
        }
        return Link(child: columns, parent: parent.keyColumns)
    }
}
