/// The order of a form's fields: the order in which the entity's validator declares them, which
/// is the order of a form's layout, of its errors and of moving the focus with Tab.
///
/// ```swift
/// form.fieldOrder                 // ["name", "email", "bio"]
/// form.field(after: "bio")        // "name": Tab wraps around
/// form.field(before: "name")      // "bio"
/// ```
extension FormState {
    /// The names of the fields, in declaration order.
    public var fieldOrder: [String] {
        var names: [String] = []
        for field in validator.fields where !names.contains(field.name) { names.append(field.name) }
        return names
    }

    /// The field that follows one in field order, wrapping from the last to the first.
    /// - Parameter field: A field name, or `nil` for "before the first field".
    /// - Returns: The next field's name; the first field for `nil` or an unknown name; `nil` when
    ///   the form has no fields.
    public func field(after field: String?) -> String? {
        let order = fieldOrder
        guard let field, let index = order.firstIndex(of: field) else { return order.first }
        return order[(index + 1) % order.count]
    }

    /// The field that precedes one in field order, wrapping from the first to the last.
    /// - Parameter field: A field name, or `nil` for "after the last field".
    /// - Returns: The previous field's name; the last field for `nil` or an unknown name; `nil`
    ///   when the form has no fields.
    public func field(before field: String?) -> String? {
        let order = fieldOrder
        guard let field, let index = order.firstIndex(of: field) else { return order.last }
        return order[(index + order.count - 1) % order.count]
    }
}
