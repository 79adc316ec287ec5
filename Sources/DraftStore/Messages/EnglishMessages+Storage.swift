/// What a storage failure is, and what to do about it: "try again" only where trying again may
/// succeed (``StorageFailure/isTransient``); a full disk, a read-only or damaged file and a
/// schema problem say what must be fixed first.
extension StorageFailure {
    /// The failure in one English sentence, naming the database file when it is known.
    var englishWhat: String {
        let file = database.map { "The database \($0)" } ?? "The database"
        return switch kind {
        case .busy: "\(file) is busy: another connection held its lock too long."
        case .full: "\(file) cannot grow: the disk is full."
        case .readOnly: "\(file) cannot be written: it is read-only."
        case .ioError: "\(file) could not be read or written (an I/O error)."
        case .corrupt: "\(file) is damaged or is not a database."
        case .cannotOpen: "\(file) cannot be opened."
        case .schema: "\(file) does not have what this needs (a table or column is missing, or the SQL is wrong)."
        case .outcomeUnknown: "\(file) reported an I/O error while committing, so the change may or may not be on disk."
        case .other: "\(file) failed."
        }
    }

    /// What to do next, in English.
    var englishAdvice: String {
        switch kind {
        case .busy: "Nothing was changed; try again."
        case .ioError: "Nothing was changed; try again, and check the disk if it happens again."
        case .full: "Nothing was changed; free some space on the disk, then try again."
        case .readOnly: "Nothing was changed; make the file and its folder writable first."
        case .corrupt: "Nothing was changed; trying again will not help: restore the file from a backup."
        case .cannotOpen: "Check that the file and its folder exist and may be read and written."
        case .schema: "Nothing was changed; trying again will not help: the app or its database must be fixed."
        case .outcomeUnknown: "The draft is kept; save again to be sure: it is then stored exactly once."
        case .other: "Nothing was changed."
        }
    }
}

extension EnglishMessages {
    /// The words of a storage failure during a save; "try again" only for a transient one.
    /// - Parameter failure: What is wrong with the storage.
    /// - Returns: The failure and what to do, in English, then SQLite's error for logs.
    public func storage(_ failure: StorageFailure) -> String {
        // An unknown outcome is not "not saved": the commit may survive (README, Reliability).
        let heading = failure.kind == .outcomeUnknown ? "Not confirmed" : "Not saved"
        return "\(heading): \(failure.englishWhat) \(failure.englishAdvice) (\(failure.error))"
    }
}

extension MessageProvider {
    /// English words for an SQLite error outside a save: a storage failure as ``storage(_:)``
    /// words it without its heading, a constraint as a refusal of the database.
    /// - Parameter error: SQLite's error.
    /// - Returns: What is wrong and what to do, then SQLite's own message.
    public func sqlite(_ error: SQLiteError) -> String {
        if error.isConstraintViolation { return "The database refused the change. (\(error.message))" }
        let failure = StorageFailure(error, database: nil)
        return "\(failure.englishWhat) \(failure.englishAdvice) (\(error.message))"
    }
}
