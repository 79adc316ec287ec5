/// The short spelling of ``DraftStore/FetchRequest``: `FetchRequest<Book>.all`.
///
/// In a file where another `FetchRequest` is visible (SwiftUI's, or one of the app's own),
/// write `DraftStore.FetchRequest<Book>`: the store type `DraftStore` hides the module of the
/// same name in a qualified name, so the request is declared inside the type, where
/// `DraftStore.` finds it. (Any other name of the module can be qualified as `DraftStore::Name`.)
public typealias FetchRequest<Root: Entity> = DraftStore.FetchRequest<Root>

extension DraftStore {
    /// A query over one entity type: a ``Condition``, sort keys, a limit and an offset.
    ///
    /// The store runs it as one SQL statement; a context evaluates it over the rows as it sees
    /// them (its own and its parents' unsaved inserts, edits and deletes laid over the store's
    /// rows), with the same meaning, so a list looks the same before and after its save.
    ///
    /// ```swift
    /// let page = FetchRequest<Book>.all
    ///     .filter(\.year >= 1990 && .contains(\.title, "sea"))
    ///     .sorted(by: .descending(\.year), .ascending(\.title))
    ///     .limit(20)
    ///     .offset(40)
    /// let books = try context.fetch(page)
    /// let total = try store.count(page.limit(nil))
    /// ```
    public struct FetchRequest<Root: Entity>: Sendable {
        /// The conditions, joined by `AND`.
        var condition = QueryExpression.constant(true)
        /// The sort keys; rows tie-break by key.
        var order: [SortKey<Root>] = []
        var limitCount: Int?
        var offsetCount = 0

        /// Every row, in key order.
        public static var all: FetchRequest { FetchRequest() }

        /// Keeps the rows that also match `condition` (joined with earlier filters by `AND`).
        /// - Parameter condition: A condition on `Root`'s columns, such as `\.year < 2000 || \.year == nil`.
        public func filter(_ condition: Condition<Root>) -> FetchRequest {
            var copy = self
            copy.condition = (Condition<Root>(self.condition) && condition).expression
            return copy
        }

        /// Keeps rows whose column equals `value` with the column's affinity and collation (SQL's
        /// `=`); `nil` keeps rows where it is NULL. The same as `filter(keyPath == value)`.
        /// - Parameters:
        ///   - keyPath: A declared column of `Root` (its key columns included).
        ///   - value: The value to match.
        public func filter<Value: DatabaseValueConvertible>(_ keyPath: KeyPath<Root, Value>, equals value: Value) -> FetchRequest {
            filter(keyPath == value)
        }

        /// Keeps rows whose text column contains `text`, ignoring case across all of Unicode
        /// (`CaseFolding`: full case folding, `ß` matches `ss`), in the database and in contexts
        /// alike. The same as `filter(.contains(keyPath, text))`.
        /// - Parameters:
        ///   - keyPath: A declared text column of `Root`.
        ///   - text: The text to look for; every character matches itself (no wildcards).
        public func filter(_ keyPath: KeyPath<Root, String>, contains text: String) -> FetchRequest {
            filter(.contains(keyPath, text))
        }

        /// Keeps rows whose text column equals `text` with ASCII letters compared without regard to
        /// case (``Condition/equalsIgnoringASCIICase(_:_:)``), joined to earlier conditions by AND.
        /// - Parameters:
        ///   - keyPath: A declared text column of `Root`.
        ///   - text: The text to match.
        public func filter(_ keyPath: KeyPath<Root, String>, equalsIgnoringASCIICase text: String) -> FetchRequest {
            filter(.equalsIgnoringASCIICase(keyPath, text))
        }

        /// Sorts by one column (SQLite's order: NULL first, text by the column's collation), ties
        /// broken by key; replaces any earlier order.
        /// - Parameters:
        ///   - keyPath: A declared column of `Root` (its key columns included).
        ///   - ascending: The direction.
        public func sorted<Value>(by keyPath: KeyPath<Root, Value>, ascending: Bool = true) -> FetchRequest {
            sorted(by: [SortKey(keyPath, ascending: ascending)])
        }

        /// Sorts by several keys, the first deciding first; rows equal in all of them are in key
        /// order. Replaces any earlier order.
        /// - Parameter keys: The sort keys, such as `.descending(\.year), .ascending(\.title)`.
        public func sorted(by keys: SortKey<Root>...) -> FetchRequest { sorted(by: keys) }

        /// Sorts by several keys, the first deciding first; rows equal in all of them are in key order.
        /// - Parameter keys: The sort keys; an empty list sorts by key.
        public func sorted(by keys: [SortKey<Root>]) -> FetchRequest {
            var copy = self
            copy.order = keys
            return copy
        }

        /// Returns at most `count` rows (after the ``offset(_:)``).
        /// - Parameter count: The maximum number of rows; a negative count is taken as 0, `nil` removes the limit.
        public func limit(_ count: Int?) -> FetchRequest {
            var copy = self
            copy.limitCount = count.map { max(0, $0) }
            return copy
        }

        /// Skips the first `count` rows of the result, in its order (SQL's `OFFSET`).
        /// - Parameter count: Rows to skip; a negative count is taken as 0.
        public func offset(_ count: Int) -> FetchRequest {
            var copy = self
            copy.offsetCount = max(0, count)
            return copy
        }

        /// The table-level form of this request, its conditions on related rows linked through `foreignKeys`.
        /// - Parameter foreignKeys: The store's foreign keys (``DraftStore/foreignKeys``).
        /// - Throws: ``QueryError/undeclaredColumn(entity:keyPath:)`` when a condition or sort key
        ///   names a key path that is not a declared column; ``QueryError/relationship(_:)`` when a
        ///   condition on related rows cannot follow its relationship.
        func plan(_ foreignKeys: [String: [ForeignKey]]) throws(QueryError) -> QueryPlan {
            if let error = condition.error { throw error }
            let condition = try self.condition.resolvingLinks(foreignKeys)
            var terms: [QueryPlan.Term] = []
            for key in order { terms.append((try key.column.get(), key.ascending)) }
            return QueryPlan(table: Root.schema.table, condition: condition, order: terms, limit: limitCount, offset: offsetCount)
        }
    }
}
