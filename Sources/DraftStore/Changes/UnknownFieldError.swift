/// A key path named no declared column of the entity, or an object of another table.
///
/// Thrown by the typed field accessors (``ConflictError/Object/field(_:)``,
/// ``StaleObject/field(_:)``) instead of stopping the program.
public struct UnknownFieldError: Error, Sendable, CustomStringConvertible {
    /// The entity's table.
    public let table: String
    /// The key path, in words.
    public let keyPath: String

    /// The error in words.
    public var description: String { "\(keyPath) is not a declared column of \(table)" }
}
