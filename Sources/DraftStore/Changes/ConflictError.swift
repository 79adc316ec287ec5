import Foundation

/// A save was refused because rows it changes were changed or deleted by someone else
/// since they were read. Nothing was written; the context keeps every change.
///
/// Resolve it by choosing a ``MergePolicy`` for the save, or by ``ObjectContext/rebase()``
/// and deciding each listed field, then saving again.
public struct ConflictError: Error, Sendable, Hashable, Codable, CustomStringConvertible, LocalizedError {
    /// One field changed on both sides.
    public struct Field: Sendable, Hashable, Codable {
        /// The field name.
        public let name: String
        /// The value both sides started from.
        public let base: SQLiteValue
        /// The value in the draft.
        public let mine: SQLiteValue
        /// The value in the store now.
        public let theirs: SQLiteValue
    }

    /// One row in conflict.
    public struct Object: Sendable, Hashable, Codable {
        /// The row's table.
        public let table: String
        /// The row's key.
        public let key: RowKey
        /// The key's integer, for a table keyed by rowid; `nil` for other keys.
        public var id: Int64? { key.integerValue }
        /// True when the row was deleted meanwhile (then ``fields`` is empty).
        public let wasDeleted: Bool
        /// The fields changed on both sides, with base, mine and theirs.
        public let fields: [Field]
    }

    /// Every row in conflict.
    public let objects: [Object]

    /// The conflict in the current ``Messages`` provider's words, a line per field: base / mine / theirs.
    public var description: String { Messages.provider.conflict(self) }

    /// The provider's words (``description``), for `localizedDescription`.
    public var errorDescription: String? { description }
}
