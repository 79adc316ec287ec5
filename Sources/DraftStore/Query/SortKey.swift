/// One key of a request's order: a column and a direction.
///
/// Rows sort as SQLite's `ORDER BY` sorts them: NULL first (last when descending), then
/// numbers (integers and reals by value), text by the column's collation, then blobs; rows
/// equal in every key are in key order.
///
/// ```swift
/// FetchRequest<Book>.all.sorted(by: .descending(\.year), .ascending(\.title))
/// ```
public struct SortKey<Root: Entity>: Sendable {
    /// The column index, or the problem when the key path is not a declared column.
    let column: Result<Int, QueryError>
    /// The direction.
    public let ascending: Bool

    /// Sorts by a column, smallest first.
    /// - Parameter keyPath: A declared column of `Root`.
    public static func ascending<Value>(_ keyPath: KeyPath<Root, Value>) -> SortKey { SortKey(keyPath, ascending: true) }

    /// Sorts by a column, largest first.
    /// - Parameter keyPath: A declared column of `Root`.
    public static func descending<Value>(_ keyPath: KeyPath<Root, Value>) -> SortKey { SortKey(keyPath, ascending: false) }

    /// Sorts by a column in the given direction.
    /// - Parameters:
    ///   - keyPath: A declared column of `Root`.
    ///   - ascending: Whether smaller values come first.
    public init<Value>(_ keyPath: KeyPath<Root, Value>, ascending: Bool = true) {
        self.ascending = ascending
        let target: AnyKeyPath = keyPath
        if let index = Root.schema.columns.firstIndex(where: { $0.keyPath as AnyKeyPath == target }) {
            column = .success(index)
        } else {
            column = .failure(.undeclaredColumn(entity: String(describing: Root.self), keyPath: String(describing: keyPath)))
        }
    }

    /// Sorts by FTS5's `rank` (``rank``).
    init(rankAscending: Bool) {
        ascending = rankAscending
        column = .success(QueryPlan.rankColumn)
    }
}
