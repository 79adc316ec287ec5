import Foundation

/// Why a query cannot run as asked: a key path that is no declared column, or a comparison a
/// context cannot evaluate exactly as SQLite would (it refuses rather than guess).
///
/// ```swift
/// do {
///     _ = try context.fetch(FetchRequest<Word>.all.filter(\.spelling == "cafe"))
/// } catch let error as QueryError {
///     print(error)  // words.spelling: collation 'unicase' ...
/// }
/// ```
public enum QueryError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// The key path is not one of the entity's declared columns (``EntitySchema``).
    /// - Parameters:
    ///   - entity: The entity type's name.
    ///   - keyPath: The key path, as Swift describes it.
    case undeclaredColumn(entity: String, keyPath: String)
    /// A condition or sort key compares text of a column whose collation a context cannot
    /// reproduce (one the app registers, or an extension's): only `BINARY`, `NOCASE` and `RTRIM`
    /// are evaluated in Swift. The store itself runs such a request in SQL.
    /// - Parameters:
    ///   - table: The table.
    ///   - column: The column.
    ///   - collation: The collation declared on the column, as SQLite reports it.
    case unsupportedCollation(table: String, column: String, collation: String)
    /// A request matches full text or sorts by rank (``Condition/matching(_:)``, ``SortKey/rank``),
    /// which only SQLite evaluates, in a context where it or a parent holds unsaved changes to
    /// the table: the store's index does not know them. Save (or discard) them first, or run the
    /// request on the store.
    /// - Parameter table: The full-text table.
    case fullTextNeedsStore(table: String)
    /// A condition on related rows names a relationship that cannot be followed.
    /// - Parameter error: Why.
    case relationship(RelationshipError)

    /// The problem in the current ``Messages`` provider's words.
    public var description: String { Messages.provider.query(self) }

    /// The provider's words (``description``), for `localizedDescription`.
    public var errorDescription: String? { description }
}

extension MessageProvider {
    /// English words for a query that cannot run as asked.
    public func query(_ error: QueryError) -> String {
        switch error {
        case let .undeclaredColumn(entity, keyPath):
            "\(keyPath) is not a declared column of \(entity); declare it in \(entity).schema or query another property."
        case let .unsupportedCollation(table, column, collation):
            "\(table).\(column): a context cannot compare or sort by collation '\(collation)' as SQLite does "
                + "(only BINARY, NOCASE and RTRIM); run the request on the store (store.fetch) instead."
        case let .fullTextNeedsStore(table):
            "\(table): a full-text search runs on the store, and this context holds unsaved changes to \(table) "
                + "that its index does not know; save or discard them first, or search with store.fetch."
        case let .relationship(error):
            relationship(error)
        }
    }
}
