/// What a change does to a row: in a context's ``Changeset`` and in a SQLite changeset
/// (``ChangesetOperation``) alike, after the session extension's operations
/// (`SQLITE_INSERT`, `SQLITE_UPDATE`, `SQLITE_DELETE` of `sqlite3changeset_op`).
public enum ChangeKind: String, Sendable, Hashable {
    /// A new row.
    case insert
    /// Changed columns of an existing row.
    case update
    /// The row is removed.
    case delete
}
