import Foundation

/// Why ``DraftStore/apply(_:policy:)`` applied nothing: the store is as it was.
public enum ChangesetError: Error, Sendable, Hashable, Codable, CustomStringConvertible, LocalizedError {
    /// The input is a patchset: it carries no old values, so fields cannot be compared. Apply a changeset.
    case patchset
    /// The input is not a well-formed changeset (cut short, altered); SQLite's error (`SQLITE_CORRUPT`) says where.
    case damaged(SQLiteError)
    /// The changeset names a table this database does not have.
    case unknownTable(String)
    /// The table has only the implicit rowid (no declared PRIMARY KEY): its rows cannot be matched
    /// across copies, and SQLite's session extension leaves such tables out.
    case noPrimaryKey(table: String)
    /// The table here has other columns, or another primary key, than the changeset's.
    case schemaMismatch(table: String, changesetColumns: Int, databaseColumns: Int)
    /// Rows changed on both sides, under ``MergePolicy/error``; or rows deleted here that the
    /// changeset updates, under a policy that refuses them (``MergePolicy/draftWins``,
    /// ``MergePolicy/overwrite``). Every conflict found is listed.
    case conflict([ChangesetConflict])
    /// The database refused a write (a UNIQUE, CHECK or NOT NULL constraint, a trigger's `RAISE`,
    /// a foreign key still violated at the end): SQLite's error with its extended code.
    case rejected(SQLiteError)
    /// The database could not do it (busy, full, I/O, read-only). An I/O error of the COMMIT
    /// (``SQLiteError/isCommitOutcomeUnknown``) is not "nothing applied": a crash before the next
    /// write recovers it; applying again in this process applies it once.
    case storage(SQLiteError)
    /// A misuse: the store is closed, or a transaction was left open on its writer.
    case finished(Misuse)

    /// The error in the current ``Messages`` provider's words.
    public var description: String { Messages.provider.changeset(self) }

    /// The provider's words (``description``), for `localizedDescription`.
    public var errorDescription: String? { description }
}

extension MessageProvider {
    /// English words for a changeset that could not be applied.
    public func changeset(_ error: ChangesetError) -> String {
        switch error {
        case .patchset: "This is a patchset; it holds no old values to compare. Export a changeset and apply that."
        case let .damaged(error): "The changeset is damaged (\(error.message)); export it again."
        case let .unknownTable(table): "The changeset changes table \(table), which this database does not have; migrate it first."
        case let .noPrimaryKey(table):
            "Table \(table) has no declared PRIMARY KEY, so its rows cannot be matched between copies; declare one."
        case let .schemaMismatch(table, theirs, mine):
            "Table \(table) differs between the copies (\(theirs) columns in the changeset, \(mine) here, or another key); migrate both to the same schema."
        case let .conflict(conflicts):
            "Not applied: \(conflicts.count) row(s) changed on both sides; choose a merge policy.\n"
                + conflicts.map { conflict in
                    "  \(DisplayName.entity(table: conflict.table)) #\(conflict.key): "
                        + (conflict.fields.isEmpty
                            ? conflict.kind.rawValue
                            : conflict.fields.map {
                                "\(DisplayName.label(column: $0.name)) base \($0.base), mine \($0.mine), theirs \($0.theirs)"
                            }
                            .joined(separator: "; "))
                }.joined(separator: "\n")
        case let .rejected(error): "Not applied: the database refused it (\(error.message))."
        case let .storage(error) where error.isCommitOutcomeUnknown:
            "Not confirmed: the database reported an I/O error while committing (\(error.message)), so the changes may or may not be on disk; apply the changeset again to be sure."
        case let .storage(error):
            "Not applied: \(StorageFailure(error, database: nil).englishWhat) \(StorageFailure(error, database: nil).englishAdvice)"
        case let .finished(misuse): misuse.description
        }
    }
}
