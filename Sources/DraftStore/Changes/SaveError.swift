/// Why a save wrote nothing. Each kind is a different next step for the user.
///
/// After any of them the store is exactly as before and the context (or item) keeps every
/// edit, so the save can be tried again once the cause is fixed.
public enum SaveError: Error, Sendable, CustomStringConvertible {
    /// The draft breaks local rules; fix the listed fields.
    case invalid([FieldError])
    /// The store refused the values (a UNIQUE index, a CHECK, NOT NULL, a missing referenced
    /// row); each error names its field and has source ``FieldError/Source/store``.
    case rejected([FieldError])
    /// Someone else changed or deleted the rows meanwhile; see ``ConflictError``.
    case conflict(ConflictError)
    /// The database could not do it: busy past the timeout, disk full, I/O error, read-only
    /// file, a refused commit. Nothing about the draft is wrong.
    case storage(SQLiteError)
    /// The item was already saved or cancelled, or the context discarded.
    case finished(String)

    /// The field errors of ``invalid(_:)`` and ``rejected(_:)``; empty for the other kinds.
    public var fieldErrors: [FieldError] {
        switch self {
        case let .invalid(errors), let .rejected(errors): errors
        default: []
        }
    }

    /// The error in words, naming the fields or the SQL concerned.
    public var description: String {
        switch self {
        case let .invalid(errors):
            "Not saved: " + errors.map { "\($0.field): \($0.message)" }.joined(separator: "; ")
        case let .rejected(errors):
            "Not saved, the store refused it: " + errors.map { "\($0.field): \($0.message)" }.joined(separator: "; ")
        case let .conflict(conflict): conflict.description
        case let .storage(error): "Not saved, the database failed: \(error). The draft is kept; try again."
        case let .finished(reason): reason
        }
    }
}
