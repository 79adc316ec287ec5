/// A form of an entity, addressed by the properties' key paths instead of field names: the
/// field of `\.email` is the one its column declares (``Column/field``), so no name is written
/// twice, and a key path that is no declared column throws instead of matching nothing.
///
/// ```swift
/// try form.visibleErrors(for: \.email)   // [FieldError(field: "email", …)]
/// try form.focus(\.bio)
/// ```
extension FormState where Value: Entity {
    /// The errors to show now next to the field of a property; see `visibleErrors(for:)`.
    /// - Parameter keyPath: A property declared as a column of the entity.
    /// - Returns: Its visible local error (at most one), store errors and asynchronous-check error.
    /// - Throws: ``UnknownColumnError`` when the key path is no declared column.
    public func visibleErrors(for keyPath: PartialKeyPath<Value>) throws(UnknownColumnError) -> [FieldError] {
        visibleErrors(for: try Value.schema.field(for: keyPath))
    }

    /// Whether the field of a property was edited (``editedFields``).
    /// - Parameter keyPath: A property declared as a column of the entity.
    /// - Throws: ``UnknownColumnError`` when the key path is no declared column.
    public func isEdited(_ keyPath: PartialKeyPath<Value>) throws(UnknownColumnError) -> Bool {
        editedFields.contains(try Value.schema.field(for: keyPath))
    }

    /// Moves the focus to the field of a property; see `focus(_:)`.
    /// - Parameter keyPath: A property declared as a column of the entity.
    /// - Throws: ``UnknownColumnError`` when the key path is no declared column.
    public func focus(_ keyPath: PartialKeyPath<Value>) throws(UnknownColumnError) {
        focus(try Value.schema.field(for: keyPath))
    }

    /// Records that the field of a property was visited; see `markVisited(_:)`.
    /// - Parameter keyPath: A property declared as a column of the entity.
    /// - Throws: ``UnknownColumnError`` when the key path is no declared column.
    public func markVisited(_ keyPath: PartialKeyPath<Value>) throws(UnknownColumnError) {
        markVisited(try Value.schema.field(for: keyPath))
    }

    /// Runs an asynchronous check of the field of a property; see
    /// `check(_:isolation:using:)`.
    /// - Parameters:
    ///   - keyPath: A property declared as a column of the entity.
    ///   - isolation: The actor the form belongs to; leave the default.
    ///   - rule: Gets a copy of the value as it was when the check started; returns an error, or
    ///     `nil` when the value is acceptable.
    /// - Throws: ``UnknownColumnError`` when the key path is no declared column (nothing runs).
    public func check(
        _ keyPath: PartialKeyPath<Value>,
        isolation: isolated (any Actor)? = #isolation,
        using rule: nonisolated(nonsending) (Value) async -> FieldError?
    ) async throws(UnknownColumnError) {
        await check(try Value.schema.field(for: keyPath), isolation: isolation, using: rule)
    }
}
