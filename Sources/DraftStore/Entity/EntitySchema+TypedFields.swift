extension EntitySchema {
    /// The typed base / mine / theirs of one field among a row's changed fields, each value
    /// decoded by the column's own conversion (the one a fetch uses).
    /// - Parameters:
    ///   - keyPath: A declared column.
    ///   - table: The table the fields belong to; must be this schema's.
    ///   - fields: The changed fields of one row.
    /// - Returns: The field, or `nil` when it is not among `fields`.
    /// - Throws: ``UnknownColumnError`` when the key path is no declared column or `table` is
    ///   another table; ``SQLiteError`` `SQLITE_MISMATCH` when a value does not fit the property.
    func typedField<Value>(
        _ keyPath: KeyPath<Root, Value>, table: String, in fields: [ConflictError.Field]
    ) throws -> FieldConflict<Value>? {
        let index = try index(of: keyPath)
        guard table == self.table.name else {
            throw UnknownColumnError(entity: String(describing: Root.self), table: table, keyPath: "\(keyPath)")
        }
        let name = self.table.fields[index]
        guard let field = fields.first(where: { $0.name == name }) else { return nil }
        return FieldConflict(
            name: name, base: try decode(field.base, column: index, keyPath),
            mine: try decode(field.mine, column: index, keyPath), theirs: try decode(field.theirs, column: index, keyPath))
    }

    /// A stored value as the property's type, through the column's setter on a blank entity.
    private func decode<Value>(_ value: SQLiteValue, column index: Int, _ keyPath: KeyPath<Root, Value>) throws -> Value {
        var blank = Root()
        guard columns[index].set(&blank, value) else {
            throw Self.mismatch(table: table.name, column: columns[index].name, value: value)
        }
        return blank[keyPath: keyPath]
    }
}

extension ConflictError.Object {
    /// One conflicting field as the property's type.
    ///
    /// ```swift
    /// let name = try object.field(\Author.name)   // FieldConflict<String>?
    /// ```
    /// - Parameter keyPath: A declared column of the object's entity.
    /// - Returns: Its base / mine / theirs; `nil` when that field is not in conflict.
    /// - Throws: ``UnknownColumnError`` when the key path is no declared column of this object's
    ///   table; ``SQLiteError`` `SQLITE_MISMATCH` when a value does not fit the property.
    public func field<Root: Entity, Value>(_ keyPath: KeyPath<Root, Value>) throws -> FieldConflict<Value>? {
        try Root.schema.typedField(keyPath, table: table, in: fields)
    }
}

extension StaleObject {
    /// One field changed in the store, as the property's type.
    ///
    /// ```swift
    /// let name = try item.changedElsewhere?.field(\Author.name)   // FieldConflict<String>?
    /// ```
    /// - Parameter keyPath: A declared column of the object's entity.
    /// - Returns: Its base / mine / theirs; `nil` when that field did not change.
    /// - Throws: ``UnknownColumnError`` when the key path is no declared column of this object's
    ///   table; ``SQLiteError`` `SQLITE_MISMATCH` when a value does not fit the property.
    public func field<Root: Entity, Value>(_ keyPath: KeyPath<Root, Value>) throws -> FieldConflict<Value>? {
        try Root.schema.typedField(keyPath, table: table, in: fields)
    }
}
