/// What a form is for: adding a new value or editing an existing one.
///
/// A rule can apply in one of them only (``FieldRule/when(_:)``): a password required when an
/// account is added and optional when it is edited. ``PresentedItem`` gives its form the mode
/// of its presentation (``PresentedItem/Mode``), and checks the draft at the save boundary with
/// the same mode.
///
/// ```swift
/// Field(\.password, "password", label: "Password") { .required.when(.adding); .length(12...128) }
/// ```
public enum FormMode: Sendable, Hashable {
    /// A form for a value that does not exist yet (``PresentedItem/Mode/add``).
    case adding
    /// A form for an existing value (``PresentedItem/Mode/edit(key:)``).
    case editing
}
