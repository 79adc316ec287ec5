/// The changes one context pushes into its parent when it saves: a plain `Sendable` value.
///
/// It is what crosses from a context to its parent, what tests inspect and what observers
/// receive; not SQLite's binary ``SQLiteChangeset``. Each change carries its ``RowState``
/// (the base the context read, the values to write), so the parent can detect conflicts
/// field by field.
public struct Changeset: Sendable, CustomStringConvertible {
    /// One inserted, updated or deleted row.
    public struct Change: Sendable, CustomStringConvertible {
        /// What happens to the row: an insert's key is temporary (negative) until the store
        /// assigns one, where SQLite assigns keys.
        public typealias Kind = ChangeKind
        /// The row's table.
        public let table: TableSchema
        /// The row's key; temporary (negative) for a row whose rowid SQLite has not assigned yet.
        public let key: RowKey
        /// The row's state with its snapshots: inserted (values), updated (base and values) or
        /// deleted (base); never unchanged.
        public let state: RowState
        /// Insert, update or delete.
        public var kind: Kind { state.kind ?? .update }
        /// The values the context read (nil for inserts).
        public var base: [SQLiteValue]? { state.base }
        /// The values to write (nil for deletes).
        public var values: [SQLiteValue]? { state.values }
        /// Indexes of the columns whose value differs from `base` (all columns for inserts).
        public let changedColumns: [Int]

        /// The change in words: kind, table, key and changed column names.
        public var description: String {
            "\(kind.rawValue) \(table.describe(key))"
                + (kind == .update ? " (\(changedColumns.map { table.columns[$0] }.joined(separator: ", ")))" : "")
        }
    }

    /// The changes: the deletes of rows whose key an insert takes again, then inserts in the
    /// order they were made, then updates, then deletes.
    public internal(set) var changes: [Change] = []

    /// Whether nothing changed.
    public var isEmpty: Bool { changes.isEmpty }

    /// Changes of one kind.
    public func changes(of kind: Change.Kind) -> [Change] { changes.filter { $0.kind == kind } }

    /// One line per change.
    public var description: String { changes.map(\.description).joined(separator: "\n") }
}
