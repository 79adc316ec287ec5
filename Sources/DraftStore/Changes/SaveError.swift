import Foundation

/// Why a save wrote nothing. Each kind is a different next step for the user, and the kinds
/// never mix: only ``storage(_:)`` is about the database itself, and only it says "try again".
///
/// After any of them the store is exactly as before and the context (or item) keeps every
/// edit, so the save can be tried again once the cause is fixed. The words come from the
/// current ``Messages`` provider.
public enum SaveError: Error, Sendable, Hashable, Codable, CustomStringConvertible, LocalizedError {
    /// The draft breaks local rules; fix the listed fields.
    case invalid([FieldError])
    /// The database refused the values: each error carries its ``StoreRejection`` (a UNIQUE
    /// index, a CHECK, NOT NULL, a foreign key, a trigger's `RAISE`, a row deleted in the
    /// context) with source ``FieldError/Source/store``, under its fields or on the whole record.
    case rejected([FieldError])
    /// Someone else changed or deleted the rows meanwhile; see ``ConflictError``.
    case conflict(ConflictError)
    /// The database could not do it: busy past the timeout, disk full, I/O error, read-only
    /// file, a refused commit. Nothing about the draft is wrong. One kind is not "nothing written":
    /// an I/O error of the COMMIT (``SQLiteError/isCommitOutcomeUnknown``,
    /// ``StorageFailure/Kind/outcomeUnknown``) leaves the store unchanged for this process, but a
    /// crash before the next write recovers the commit; saving again writes it exactly once.
    case storage(SQLiteError)
    /// A misuse by the program: the item was already saved or cancelled, the context (or a
    /// parent of it) discarded, the store closed, or a transaction left open on its connection.
    case finished(Misuse)

    /// The field errors of ``invalid(_:)`` and ``rejected(_:)``; empty for the other kinds.
    public var fieldErrors: [FieldError] {
        switch self {
        case let .invalid(errors), let .rejected(errors): errors
        default: []
        }
    }

    /// The store's rejections of ``rejected(_:)``, as facts; empty for the other kinds.
    public var rejections: [StoreRejection] {
        if case let .rejected(errors) = self { return errors.compactMap(\.rejection) }
        return []
    }

    /// The kind of a storage failure (busy, full, read-only, I/O…); `nil` for the other kinds.
    public var storageFailure: StorageFailure? {
        if case let .storage(error) = self { return StorageFailure(error, database: nil) }
        return nil
    }

    /// The error in the current ``Messages`` provider's words, naming the fields or the SQL concerned.
    public var description: String {
        let provider = Messages.provider
        switch self {
        case let .invalid(errors): return provider.refusal(.local, errors: errors)
        case let .rejected(errors): return provider.refusal(.store, errors: errors)
        case let .conflict(conflict): return provider.conflict(conflict)
        case let .storage(error): return provider.storage(StorageFailure(error, database: nil))
        case let .finished(misuse): return provider.misuse(misuse)
        }
    }

    /// The provider's words (``description``), for `localizedDescription`.
    public var errorDescription: String? { description }
}
