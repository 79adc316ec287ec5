/// How one field changed both in the draft and in the store is resolved
/// (``PresentedItem/resolve(_:_:)``).
public enum FieldResolution: Sendable, Hashable {
    /// Keep the draft's value: the store's value becomes the field's base, so the next save
    /// overwrites it with mine instead of reporting a conflict.
    case keepMine
    /// Take the store's value: the draft's field is set to it and it becomes the base, so
    /// the next save leaves the field as the store has it.
    case takeTheirs
}
