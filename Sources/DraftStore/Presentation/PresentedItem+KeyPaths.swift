/// An item's fields addressed by the draft's key paths (see ``FormState``'s key-path forms).
extension PresentedItem {
    /// The errors to show now next to the field of a property of the draft.
    /// - Parameter keyPath: A property declared as a column of the draft's entity.
    /// - Returns: Its visible local error (at most one), store errors and asynchronous-check error.
    /// - Throws: ``UnknownColumnError`` when the key path is no declared column.
    public func visibleErrors(for keyPath: PartialKeyPath<Draft>) throws(UnknownColumnError) -> [FieldError] {
        try form.visibleErrors(for: keyPath)
    }

    /// Runs an asynchronous check of the field of a property (a server-side availability check,
    /// say); its answer is dropped if the draft was edited meanwhile, or the item finished.
    /// - Parameters:
    ///   - keyPath: A property declared as a column of the draft's entity.
    ///   - isolation: Where the check runs; the caller's actor by default.
    ///   - rule: Returns an error, or `nil` when the value is fine.
    /// - Throws: ``UnknownColumnError`` when the key path is no declared column (nothing runs).
    public func check(
        _ keyPath: PartialKeyPath<Draft>, isolation: isolated (any Actor)? = #isolation, using rule: (Draft) async -> FieldError?
    ) async throws(UnknownColumnError) {
        await check(try Draft.schema.field(for: keyPath), isolation: isolation, using: rule)
    }
}

extension PresentedItem {
    /// The field of a property of the draft, as a view shows it (label, help, visible errors);
    /// never throws, so a SwiftUI `body` can use it. See ``FormField``.
    /// - Parameter keyPath: A property declared as a column of the draft's entity.
    /// - Returns: The field; for a key path that is no declared column, one whose error says so.
    public func field(_ keyPath: PartialKeyPath<Draft>) -> FormField {
        form.field(keyPath)
    }
}
