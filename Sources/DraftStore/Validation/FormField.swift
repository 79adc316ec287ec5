/// One field of an entity's form as a view shows it, named by the property's key path: what
/// the declaration says (label, help, accessibility hint) and what to show now (the visible
/// errors, whether it was edited). Made by `form.field(\.name)` or `item.field(\.name)`, which
/// never throw, so a SwiftUI `body` uses it directly:
///
/// ```swift
/// let name = item.field(\.name)
/// TextField(name.label, text: $item.draft.name)
/// ForEach(name.errors, id: \.self) { Text($0.message) }
/// ```
///
/// A key path cannot be misspelt; one that is no declared column (`\.name.count`) does not
/// fail silently either: its field shows that mistake as its error, in words.
public struct FormField: Sendable, Hashable {
    /// The stable name of the field (``FieldDescriptor/name``); empty for a key path that is no column.
    public let name: String
    /// The visible name, as the declaration gives it (the field's name when none was declared).
    public let label: String
    /// Explains the accepted format before any error is shown; `nil` if none.
    public let help: String?
    /// What an assistive technology adds after the label; `nil` if none.
    public let accessibilityHint: String?
    /// The errors to show now under the field: its visible local error, the store's refusals
    /// and the asynchronous-check error, as the form's `visibleErrors(for:)` gives them.
    public let errors: [FieldError]
    /// Whether the field was edited (``FormState/editedFields``).
    public let isEdited: Bool
}

extension FormState where Value: Entity {
    /// The field of a property, as a view shows it; never throws.
    ///
    /// - Parameter keyPath: A property declared as a column of the entity.
    /// - Returns: Its label, help and visible errors. For a key path that is no declared column,
    ///   a field whose only error says so (``UnknownColumnError``'s words), rather than nothing.
    /// - Complexity: O(*c*) in the columns, plus the cost of ``visibleErrors``.
    public func field(_ keyPath: PartialKeyPath<Value>) -> FormField {
        do {
            let name = try Value.schema.field(for: keyPath)
            let descriptor = validator.field(named: name)
            return FormField(
                name: name, label: descriptor?.label ?? name, help: descriptor?.help, accessibilityHint: descriptor?.accessibilityHint,
                errors: visibleErrors(for: name), isEdited: editedFields.contains(name))
        } catch {
            let mistake = FieldError(field: "", code: "unknownColumn", message: error.description)
            return FormField(name: "", label: "\(keyPath)", help: nil, accessibilityHint: nil, errors: [mistake], isEdited: false)
        }
    }
}
