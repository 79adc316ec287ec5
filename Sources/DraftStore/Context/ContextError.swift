import Foundation

/// A call on a context that cannot be done with this row: reported at once, before anything is
/// saved. Each case names the row by its table and key, so code can match it:
///
/// ```swift
/// do { item = try store.presentEdit(Author.self, id: 7) }
/// catch ContextError.missingRow(_, let table, let key) { … }   // "authors", 7
/// ```
///
/// `entity` is the row's display name (``Validator/label``, or made from the type's name in
/// words) for the ``Messages`` provider; `table` is the SQL table, for code. A misuse of the
/// context itself (discarded, nested too deep, a finished editor) or of a closed store is a
/// ``Misuse``, thrown as it is.
public enum ContextError: Error, Sendable, Hashable, Codable, CustomStringConvertible, LocalizedError {
    /// No row has this key: it never existed, or it was deleted meanwhile.
    case missingRow(entity: String, table: String, key: RowKey)
    /// ``ObjectContext/update(_:)`` of an entity whose key this context never read: not fetched,
    /// inserted or re-based here. `update` finds its row by the entity's key and never changes a
    /// key, so an entity whose key property was changed would otherwise be written over the row
    /// that has the new key. To store a row under a new key, `delete(_:)` it and `insert(_:)` it
    /// with the new one: a DELETE and an INSERT at save, as SQLite would run them.
    case keyNotRead(entity: String, table: String, key: RowKey)
    /// The row was deleted in this context, and cannot be updated.
    case deletedInContext(entity: String, table: String, key: RowKey)
    /// An object with this key is already in the context (insert it once; update it after).
    case alreadyInContext(entity: String, table: String, key: RowKey)
    /// The object has no key (a key column is NULL): `keyColumns` must be set first, or, when
    /// `assignedBySQLite`, the object inserted into a context first.
    case noKey(entity: String, table: String, keyColumns: [String], assignedBySQLite: Bool)
    /// `moveInsert` was given a key that is no unsaved insert of this context.
    case notAnInsert(entity: String, table: String, key: RowKey)
    /// A negative rowid was chosen for an insert: negative keys are the temporary keys of unsaved inserts.
    case temporaryKeyChosen(entity: String, table: String, key: RowKey)
    /// A key with another number of values than the table's key columns (`keyColumns`).
    case keyColumnCount(entity: String, table: String, keyColumns: [String], key: RowKey)
    /// The key property cannot hold the temporary key the context gives an insert (declare it `Int64?`).
    case keyPropertyCannotHoldTemporaryKey(entity: String, table: String, key: RowKey)
    /// SQLite would store `given` in `column` as `stored` (its affinity), which the property cannot read back.
    case unreadableValue(entity: String, table: String, column: String, given: SQLiteValue, stored: SQLiteValue)
    /// The entity reads a view, which is read-only here: insert, update and delete are refused.
    /// Write the tables it reads, through their own entities.
    case readOnlyView(entity: String, table: String)

    /// The table of the row the error is about.
    public var table: String {
        switch self {
        case let .missingRow(_, table, _), let .keyNotRead(_, table, _), let .deletedInContext(_, table, _),
            let .alreadyInContext(_, table, _),
            let .noKey(_, table, _, _), let .notAnInsert(_, table, _), let .temporaryKeyChosen(_, table, _),
            let .keyColumnCount(_, table, _, _), let .keyPropertyCannotHoldTemporaryKey(_, table, _),
            let .unreadableValue(_, table, _, _, _), let .readOnlyView(_, table):
            table
        }
    }

    /// Whether the row does not exist, or was deleted in the context: a fact about the data (a
    /// ``StoreRejection/Kind/rowDeleted`` at save) rather than a mistake of the program.
    var isMissingRow: Bool {
        switch self {
        case .missingRow, .deletedInContext: true
        default: false
        }
    }

    /// The error in the current ``Messages`` provider's words.
    public var description: String { Messages.provider.context(self) }

    /// The provider's words (``description``), for `localizedDescription`.
    public var errorDescription: String? { description }
}

extension ContextError {
    /// A negative rowid chosen for an insert.
    static func chosenTemporaryKey(_ table: TableSchema, _ key: RowKey) -> ContextError {
        .temporaryKeyChosen(entity: table.displayName, table: table.name, key: key)
    }

    /// An update of a key the context never read (see ``keyNotRead(entity:table:key:)``).
    static func keyNotRead(_ table: TableSchema, _ key: RowKey) -> ContextError {
        .keyNotRead(entity: table.displayName, table: table.name, key: key)
    }

    /// No row has `key` in `table`.
    static func missing(_ table: TableSchema, _ key: RowKey) -> ContextError {
        .missingRow(entity: table.displayName, table: table.name, key: key)
    }

    /// An object of `table` with a NULL key column.
    static func noKey(_ table: TableSchema, assignedBySQLite: Bool) -> ContextError {
        .noKey(
            entity: table.displayName, table: table.name, keyColumns: table.keyColumns.map { table.columns[$0] },
            assignedBySQLite: assignedBySQLite)
    }
}

extension MessageProvider {
    /// English words for a ``ContextError``, naming the row by its display name and key.
    /// - Parameter error: The error.
    /// - Returns: What is wrong and what to do.
    public func context(_ error: ContextError) -> String {
        switch error {
        case let .missingRow(entity, _, key):
            "There is no \(EnglishMessages.inSentence(entity)) #\(key): no row has this key (none is stored with it, or a parent context deleted it)."
        case let .keyNotRead(entity, _, key):
            "This context has not read the \(EnglishMessages.inSentence(entity)) #\(key), so update(_:) does not change it: fetch it first. "
                + "update(_:) never changes a key: to store a row under a new key, delete(_:) it and insert(_:) it with the new one "
                + "(saved as a DELETE and an INSERT: the ON DELETE actions of rows that refer to it apply, not ON UPDATE)."
        case let .deletedInContext(entity, _, key):
            "This \(EnglishMessages.inSentence(entity)) (\(key)) was deleted in this context; it cannot be updated."
        case let .alreadyInContext(entity, _, key):
            "This \(EnglishMessages.inSentence(entity)) (\(key)) is already in this context; update it instead of inserting it again."
        case let .noKey(entity, _, columns, assigned):
            assigned
                ? "This \(EnglishMessages.inSentence(entity)) has no key yet; insert it into a context first."
                : "This \(EnglishMessages.inSentence(entity)) has no key: fill in "
                    + EnglishMessages.list(columns.map { EnglishMessages.inSentence(DisplayName.label(column: $0)) }) + " first."
        case let .notAnInsert(entity, _, key):
            "This \(EnglishMessages.inSentence(entity)) (\(key)) is not an unsaved insert of this context."
        case let .temporaryKeyChosen(entity, _, key):
            "A \(EnglishMessages.inSentence(entity)) cannot be given the key \(key): negative keys are the temporary keys of unsaved inserts."
        case let .keyColumnCount(entity, _, columns, key):
            "A \(EnglishMessages.inSentence(entity)) is found by \(columns.count) key value(s) (\(EnglishMessages.list(columns.map(DisplayName.label(column:))))); \(key) has \(key.count)."
        case let .keyPropertyCannotHoldTemporaryKey(entity, _, key):
            "The key property of \(EnglishMessages.inSentence(entity)) cannot hold the temporary key \(key); declare it Int64?."
        case let .unreadableValue(entity, _, column, given, stored):
            "\(DisplayName.label(column: column)) of \(EnglishMessages.inSentence(entity)): the database would store \(given) as \(stored), which the property cannot read back."
        case let .readOnlyView(entity, table):
            "The rows of \(EnglishMessages.inSentence(entity)) come from the view \(table), which is read-only; "
                + "change the rows of the tables it reads instead."
        }
    }
}
