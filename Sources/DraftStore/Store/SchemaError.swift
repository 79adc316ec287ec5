import Foundation

/// An entity's declaration does not fit the database: found when the store first meets the
/// entity (at open for ``DraftStore/Configuration/entities``, else on first use), before
/// any of its rows is read or written.
///
/// Each problem names `table.column`, what the entity declares and what the database has.
public struct SchemaError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    /// One way a declaration and the database differ.
    public enum Problem: Sendable, Equatable, CustomStringConvertible {
        /// The table does not exist (or is a view).
        case missingTable(String)
        /// A declared column is not a column of the table.
        case missingColumn(table: String, column: String)
        /// The declared primary key differs from the table's.
        case primaryKey(table: String, declared: [String], database: [String])
        /// A property's type cannot be stored in the column without SQLite converting it (an
        /// `Int` in a TEXT column would come back as text).
        case columnType(table: String, column: String, declared: String, database: String)
        /// A reference column is not a foreign key of the table to the declared entity's table.
        case reference(table: String, column: String, declared: String, database: String?)
        /// A declaration SQLite's rules cannot support, in words.
        case unsupported(table: String, reason: String)

        /// The problem in words.
        public var description: String {
            switch self {
            case let .missingTable(table): "table \(table) does not exist"
            case let .missingColumn(table, column): "\(table).\(column) is declared but the table has no such column"
            case let .primaryKey(table, declared, database):
                "\(table): the entity declares the primary key (\(declared.joined(separator: ", "))), the table's is "
                    + (database.isEmpty ? "the implicit rowid" : "(\(database.joined(separator: ", ")))")
            case let .columnType(table, column, declared, database):
                "\(table).\(column): the property holds \(declared), the column is declared \(database.isEmpty ? "without a type" : database)"
            case let .reference(table, column, declared, database):
                "\(table).\(column) is declared to reference \(declared), "
                    + (database.map { "the database's foreign key references \($0)" } ?? "the database has no foreign key on it")
            case let .unsupported(table, reason): "\(table): \(reason)"
            }
        }
    }

    /// The entity type's name.
    public let entity: String
    /// Every difference found.
    public let problems: [Problem]

    /// The problems in words, one per line, naming the entity.
    public var description: String { Messages.provider.schema(self) }

    /// The provider's words (``description``), for `localizedDescription`.
    public var errorDescription: String? { description }
}

extension MessageProvider {
    /// English words for an entity that does not fit its table, for the app's developer: the
    /// entity type and each problem, naming tables and columns as the schema does.
    /// - Parameter error: The entity and its problems.
    /// - Returns: Several lines, in English.
    public func schema(_ error: SchemaError) -> String {
        (["\(error.entity) does not fit the database:"] + error.problems.map { "  " + $0.description }).joined(separator: "\n")
    }
}
