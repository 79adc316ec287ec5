import Foundation

/// A key path given where a column of an entity is expected (``EntitySchema/field(for:)``) that
/// is not one of the columns its schema declares.
///
/// ```swift
/// try Author.schema.field(for: \.email)        // "email"
/// try Author.schema.field(for: \.name.count)   // throws: \Author.name.count is not a declared column of Author
/// ```
public struct UnknownColumnError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    /// The entity type's name ("Author").
    public let entity: String
    /// The entity's table.
    public let table: String
    /// The key path as Swift describes it (`\Author.name.count`).
    public let keyPath: String

    /// Names the key path, the type and its table, and says how to fix it, in the current
    /// ``Messages`` provider's words.
    public var description: String { Messages.provider.unknownColumn(self) }

    /// The provider's words (``description``), for `localizedDescription`.
    public var errorDescription: String? { description }
}

extension MessageProvider {
    /// English words for a key path that is no declared column.
    public func unknownColumn(_ error: UnknownColumnError) -> String {
        "\(error.keyPath) is not a declared column of \(error.entity) (table \(error.table)); declare it in \(error.entity).schema"
    }
}
