import Foundation

/// Why SQL of the app's own cannot be read on the store's readers (``StoreReads/rows(_:arguments:)``
/// and its siblings).
///
/// ```swift
/// do {
///     _ = try await store.reads.rows("DELETE FROM books")
/// } catch let error as SQLReadError {
///     print(error)  // DELETE FROM books would write; ...
/// }
/// ```
public enum SQLReadError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// The statement is no query: SQLite reports it would write (`sqlite3_stmt_readonly`), or its
    /// authorizer reports a transaction, savepoint, `ATTACH`, `DETACH` or a bare `PRAGMA`.
    /// See [sqlite3_stmt_readonly](https://www.sqlite.org/c3ref/stmt_readonly.html).
    /// - Parameter sql: The statement.
    case writes(sql: String)
    /// The text holds more than one statement (SQLite prepares another from what follows the
    /// first); the read side runs one query at a time.
    /// - Parameter sql: The text.
    case severalStatements(sql: String)
    /// The result has no column of this name, which the entity's table has.
    /// - Parameters:
    ///   - table: The entity's table.
    ///   - column: The column missing from the result.
    ///   - sql: The statement.
    case missingColumn(table: String, column: String, sql: String)
    /// A value of the result does not fit the type asked for.
    /// - Parameters:
    ///   - column: The result column, by the name SQLite gives it.
    ///   - expected: The type's storage class (`INTEGER`, `REAL`, `TEXT`, `BLOB`), `nil` when it has none.
    ///   - sql: The statement.
    case mismatch(column: String, expected: String?, sql: String)

    /// The problem in the current ``Messages`` provider's words.
    public var description: String { Messages.provider.sqlRead(self) }

    /// The provider's words (``description``), for `localizedDescription`.
    public var errorDescription: String? { description }
}

extension MessageProvider {
    /// English words for SQL the read side refuses.
    public func sqlRead(_ error: SQLReadError) -> String {
        switch error {
        case let .writes(sql):
            "\(sql) would write or change the connection; the read side runs queries only. "
                + "Write through a context and save it (or withWriterConnection)."
        case let .severalStatements(sql):
            "\(sql) holds more than one statement; the read side runs one query at a time: run each on its own."
        case let .missingColumn(table, column, sql):
            "\(sql) has no column \(column), which \(table) has; select every column of \(table) by its name."
        case let .mismatch(column, expected, sql):
            "\(sql): column \(column) holds a value that is not \(expected ?? "of the type asked for"); cast it in SQL or ask for another type."
        }
    }
}
