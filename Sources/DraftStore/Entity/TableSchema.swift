/// What the store and contexts know of one table, independent of the Swift type that
/// maps it: column names and roles, and the SQL they run, prepared once.
///
/// Values of a row travel as an array in column order (the id apart): a *snapshot*.
public final class TableSchema: Sendable, Hashable, CustomStringConvertible {
    /// The table name.
    public let name: String
    /// The column names, in snapshot order; the `id` primary key is not among them.
    public let columns: [String]
    /// The field name of each column, for ``FieldError``s.
    public let fields: [String]
    /// Indexes of columns that reference another table, with that table's name.
    public let references: [(column: Int, table: String)]
    /// Index of the created-at column, if any.
    public let createdAtColumn: Int?
    /// Index of the updated-at column, if any.
    public let updatedAtColumn: Int?

    /// `SELECT "id", "c1", … FROM "t"`.
    let selectSQL: String
    /// `SELECT "c1", … FROM "t" WHERE "id" = ?`.
    let selectByIDSQL: String
    /// `INSERT INTO "t" ("c1", …) VALUES (?, …)`.
    let insertSQL: String
    /// `INSERT INTO "t" ("id", "c1", …) VALUES (?, ?, …)`, for rows with a chosen id.
    let insertWithIDSQL: String
    /// `DELETE FROM "t" WHERE "id" = ?`.
    let deleteSQL: String

    @usableFromInline
    init(name: String, columns: [String], fields: [String], roles: [Column<some Entity>.Role]) {
        self.name = name
        self.columns = columns
        self.fields = fields
        self.references = roles.enumerated().compactMap { index, role in
            if case let .reference(table) = role { (index, table) } else { nil }
        }
        self.createdAtColumn = roles.firstIndex(of: .createdAt)
        self.updatedAtColumn = roles.firstIndex(of: .updatedAt)
        let table = quote(name)
        let list = columns.map(quote).joined(separator: ", ")
        let marks = Array(repeating: "?", count: columns.count).joined(separator: ", ")
        selectSQL = "SELECT \"id\"\(columns.isEmpty ? "" : ", " + list) FROM \(table)"
        selectByIDSQL = "SELECT \(columns.isEmpty ? "1" : list) FROM \(table) WHERE \"id\" = ?"
        insertSQL = columns.isEmpty ? "INSERT INTO \(table) DEFAULT VALUES" : "INSERT INTO \(table) (\(list)) VALUES (\(marks))"
        insertWithIDSQL =
            "INSERT INTO \(table) (\"id\"\(columns.isEmpty ? "" : ", " + list)) VALUES (?\(columns.isEmpty ? "" : ", " + marks))"
        deleteSQL = "DELETE FROM \(table) WHERE \"id\" = ?"
    }

    /// Whether column `index` is maintained by the store (created / updated time) and so never compared for conflicts.
    public func isMaintained(_ index: Int) -> Bool { index == createdAtColumn || index == updatedAtColumn }

    /// `UPDATE "t" SET "c" = ?, … WHERE "id" = ?` for the given columns.
    func updateSQL(columns indexes: [Int]) -> String {
        "UPDATE \(quote(name)) SET \(indexes.map { quote(columns[$0]) + " = ?" }.joined(separator: ", ")) WHERE \"id\" = ?"
    }

    /// Identity: one schema object per table per process.
    public static func == (lhs: TableSchema, rhs: TableSchema) -> Bool { lhs === rhs }
    /// Hashes the identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    /// The table name.
    public var description: String { name }
}

/// Quotes an SQL identifier; see ``Connection/quoteIdentifier(_:)``.
func quote(_ identifier: String) -> String { Connection.quoteIdentifier(identifier) }
