import Foundation

/// Why migrations were refused; it always names the migration file (or database) concerned.
///
/// Whatever the kind, the database is left as it was before the failing migration: each
/// migration runs in its own transaction, and checks that refuse a database run before
/// anything is written to it.
public struct MigrationError: Error, Sendable, CustomStringConvertible, LocalizedError {
    /// What went wrong.
    public enum Kind: Sendable {
        /// The migration's SQL failed; it was rolled back, the database stays at the previous version.
        case failed(SQLiteError)
        /// An applied migration's file changed since it was applied (recorded vs current checksum, hex).
        case checksumMismatch(recorded: String, current: String)
        /// The database holds migrations this build does not know: it was made by a newer version.
        case newerSchema(unknown: [String])
        /// The database has tables but no migration record: it is not a database of this schema.
        case unknownSchema(tables: [String])
        /// The list of migrations is not in name order.
        case outOfOrder(previous: String)
        /// Two migrations share a name.
        case duplicateName
        /// The SQL holds a transaction statement; the migrator owns the transaction.
        case transactionStatement(String)
        /// The file could not be read or is not UTF-8.
        case unreadable(String)
        /// The database could not be read (not an SQLite database, truncated, locked).
        case storage(SQLiteError)
        /// A `foreign_keys=off` migration left a row whose foreign key matches no parent row
        /// (`PRAGMA foreign_key_check`); everything it did was rolled back.
        case foreignKeyViolation(table: String, rowid: Int64?, parent: String)
        /// The SQL sets `PRAGMA foreign_keys` itself, which is a no-op inside the migration's
        /// transaction; declare the migration `foreign_keys=off` instead.
        case setsForeignKeys(String)
        /// A baseline migration does not describe the database it should adopt: each difference in words.
        case baselineMismatch([String])
        /// A `-- draftstore:` directive word the migrator does not know.
        case unknownDirective(String)
        /// The migration created a TEMP object (`CREATE TEMP TRIGGER`, `TEMP VIEW`, `TEMP TABLE`),
        /// which lives in one connection only and would silently stop working when the store is
        /// reopened; it was rolled back. Such setup belongs in
        /// ``DraftStore/Configuration/temporarySchemaSQL``, run on every connection the store opens.
        case createsTemporaryObject(type: String, name: String)
    }

    /// The migration file name (or the database path for ``Kind/storage(_:)`` and ``Kind/unknownSchema(tables:)``).
    public let file: String
    /// What went wrong.
    public let kind: Kind

    /// Makes an error.
    /// - Parameters:
    ///   - file: The migration file or database concerned.
    ///   - kind: What went wrong.
    public init(file: String, kind: Kind) {
        self.file = file
        self.kind = kind
    }

    /// The problem in words, with what to do next.
    public var description: String { Messages.provider.migration(self) }

    /// The provider's words (``description``), for `localizedDescription`.
    public var errorDescription: String? { description }
}

extension MessageProvider {
    /// English words for a database that could not be opened or migrated: the real cause (a
    /// full disk, a read-only or damaged file) when it is the storage's, never "cannot be
    /// migrated" when no migration failed.
    /// - Parameter error: The file or migration and what went wrong.
    /// - Returns: What is wrong and what to do, in English.
    public func migration(_ error: MigrationError) -> String {
        switch error.kind {
        case let .failed(failure):
            "Migration \(error.file) failed and was rolled back; the database stays at the previous version. Fix the SQL and run again. \(failure)"
        case let .checksumMismatch(recorded, current):
            "Migration \(error.file) was changed after it was applied (checksum \(recorded) recorded, \(current) now). Restore the file and add a new migration for the change."
        case let .newerSchema(unknown):
            "The database \(error.file) was migrated by a newer version (unknown migrations: \(unknown.joined(separator: ", "))); it was left unchanged. Use a newer build."
        case let .unknownSchema(tables):
            "The database \(error.file) holds tables (\(tables.joined(separator: ", "))) but no migration record: it is not a database of this schema; it was left unchanged. To adopt a database an app already has, make the first migration its schema as it is, marked `-- draftstore: baseline`."
        case let .outOfOrder(previous):
            "Migration \(error.file) comes after \(previous) in the list but sorts before it; name migrations so they sort in order."
        case .duplicateName:
            "Two migrations are named \(error.file); give each a unique name."
        case let .transactionStatement(statement):
            "Migration \(error.file) contains the transaction statement `\(statement)`; remove it: each migration already runs in its own transaction."
        case let .unreadable(reason):
            "Migration \(error.file) cannot be read: \(reason)."
        case let .storage(failure):
            // Raised while the file is opened and read, before any migration runs: the real cause.
            "\(StorageFailure(failure, database: error.file).englishWhat) \(StorageFailure(failure, database: error.file).englishAdvice) (\(failure.message))"
        case let .foreignKeyViolation(table, rowid, parent):
            "Migration \(error.file) left \(table)\(rowid.map { " row \($0)" } ?? " a row") referring to a missing \(parent) row; it was rolled back. Fix the data the migration copies, then run again."
        case let .setsForeignKeys(statement):
            "Migration \(error.file) sets foreign keys itself (`\(statement)`), which does nothing inside its transaction. Remove it and add the line `-- draftstore: foreign_keys=off` to the file: the migrator then turns them off around it and checks them before COMMIT."
        case let .baselineMismatch(differences):
            "Baseline migration \(error.file) does not match the database, which was left unchanged: \(differences.joined(separator: "; "))."
        case let .unknownDirective(word):
            "Migration \(error.file) has the unknown directive `\(word)`; known: baseline, foreign_keys=off."
        case let .createsTemporaryObject(type, name):
            "Migration \(error.file) creates the TEMP \(type) \(name), which exists only on the connection that ran it and is gone when the store is reopened; it was rolled back. Move it to the store's per-connection schema (Configuration.temporarySchemaSQL), which runs on every connection the store opens."
        }
    }
}
