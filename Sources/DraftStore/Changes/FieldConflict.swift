/// One field of a conflict or a staleness as the property's own type: the value both sides
/// started from, the draft's, and the store's now.
///
/// ```swift
/// if let name = try conflict.objects[0].field(\Author.name) {
///     print(name.base, name.mine, name.theirs)   // Strings
/// }
/// ```
///
/// The values are decoded by the entity schema's column for the key path, the same
/// conversion a fetch uses (``DateEncoding`` included).
public struct FieldConflict<Value> {
    /// The field name, as ``FieldError/field`` names it.
    public let name: String
    /// The value both sides started from.
    public let base: Value
    /// The value in the draft (or the context).
    public let mine: Value
    /// The value in the store now.
    public let theirs: Value

    /// A field's three values, as a conflict or a staleness gives them (or a preview shows them).
    /// - Parameters:
    ///   - name: The field name.
    ///   - base: The value both sides started from.
    ///   - mine: The draft's value.
    ///   - theirs: The store's value now.
    package init(name: String, base: Value, mine: Value, theirs: Value) {
        (self.name, self.base, self.mine, self.theirs) = (name, base, mine, theirs)
    }
}

extension FieldConflict: Sendable where Value: Sendable {}
extension FieldConflict: Equatable where Value: Equatable {}
