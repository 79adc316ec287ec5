/// One row of an applied changeset that was also changed, or deleted, in this copy since the
/// changeset's old values: the base is the changeset's old value, *mine* the row as it is here,
/// *theirs* the changeset's new value.
///
/// Reported for every such row, whatever the merge policy did with it, so no field edited on
/// both sides is lost silently.
public struct ChangesetConflict: Sendable, Hashable, Codable, CustomStringConvertible {
    /// How the two sides met.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// Both sides changed these fields (``ChangesetConflict/fields``) to different values.
        case changedOnBothSides
        /// The changeset updates a row deleted here (``ChangesetConflict/fields`` is empty).
        case deletedHere
        /// The changeset deletes a row whose listed fields were changed here (their *theirs* is `NULL`).
        case deletedThere
        /// The changeset inserts a row whose key is taken here by a row with other values
        /// (the listed fields; their base is `NULL`).
        case insertedOnBothSides
    }

    /// The table, as the changeset names it.
    public let table: String
    /// The row's primary key, in key order.
    public let key: RowKey
    /// How the sides met.
    public let kind: Kind
    /// The fields in conflict: base (the changeset's old value), mine (here), theirs (the changeset's new value).
    public let fields: [ConflictError.Field]
    /// What the merge policy did with the row.
    public let resolution: Resolution

    /// What the merge policy did with a conflicting row.
    public enum Resolution: String, Sendable, Hashable, Codable {
        /// Nothing was written (``MergePolicy/error``, or a policy that throws for a deleted row).
        case refused
        /// The changeset's values were written for the conflicting fields (``MergePolicy/draftWins``, ``MergePolicy/overwrite``).
        case theirsTaken
        /// This copy's values were kept for the conflicting fields (``MergePolicy/storeWins``, ``MergePolicy/rollback``).
        case mineKept
    }

    /// `table#key kind: field base → mine | theirs, …`.
    public var description: String {
        "\(table)#\(key) \(kind.rawValue) (\(resolution.rawValue))"
            + fields.map { " \($0.name): base \($0.base), mine \($0.mine), theirs \($0.theirs)" }.joined(separator: ";")
    }
}
