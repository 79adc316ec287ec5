import CSQLite
import Foundation

/// Turns a constraint violation reported by SQLite into field errors with source
/// ``FieldError/Source/store``, using the extended result code and the schema.
///
/// - UNIQUE / PRIMARY KEY: the columns SQLite names (`UNIQUE constraint failed: t.c`),
///   checked against the table's unique indexes (`PRAGMA index_list` / `index_info`); an
///   expression index (`index 'name'`) is resolved to its columns the same way.
/// - NOT NULL: the column SQLite names.
/// - CHECK: the named constraint, located in the table's `CREATE TABLE` text; its field is
///   the first column its expression uses.
/// - FOREIGN KEY: SQLite names no column, so each reference of the row is checked with
///   `PRAGMA foreign_key_list` and a look-up of the parent row.
/// - A NaN value (binding refuses it, since SQLite would store NULL): each field holding one.
/// - A trigger's RAISE(ABORT), or a RESTRICT foreign-key action (which SQLite reports the same
///   way): the record.
///
/// Anything else — a commit-hook refusal, I/O, busy — is not about a field: `nil`.
enum StoreRejection {
    static func fieldErrors(for error: SQLiteError, table: TableSchema, values: [SQLiteValue]?, connection: Connection) -> [FieldError]? {
        if error.code == SQLITE_MISMATCH, let values {
            // A NaN, which binding refuses: the fields that hold one.
            let notNumbers = values.indices.filter { if case let .real(number) = values[$0] { number.isNaN } else { false } }
            if !notNumbers.isEmpty {
                return notNumbers.map { index in
                    FieldError(
                        field: table.fields[index], code: .invalidFormat, message: "Enter a number; NaN (not a number) cannot be stored.",
                        source: .store)
                }
            }
        }
        guard error.code == SQLITE_CONSTRAINT else { return nil }
        let detail = error.message.components(separatedBy: "constraint failed: ").dropFirst().first ?? ""
        func field(_ column: String) -> String {
            table.columns.firstIndex(of: column).map { table.fields[$0] } ?? column
        }
        switch error.extendedCode {
        case SQLiteError.constraintUnique, SQLiteError.constraintPrimaryKey:
            let columns = uniqueColumns(detail: detail, table: table.name, connection: connection)
            let names = columns.isEmpty ? ["id"] : columns
            return names.map { column in
                FieldError(
                    field: field(column), code: .notUnique,
                    message: "Another \(singular(table.name)) already has this \(field(column)); enter a different one.", source: .store)
            }
        case SQLiteError.constraintNotNull:
            let column = detail.split(separator: ".").last.map(String.init) ?? detail
            return [FieldError(field: field(column), code: .required, message: "Enter a value for \(field(column)).", source: .store)]
        case SQLiteError.constraintCheck:
            let column = checkColumn(named: detail, table: table, connection: connection)
            return [
                FieldError(
                    field: column.map(field) ?? detail, code: .constraintViolated,
                    message: "The value breaks the rule \(detail) of \(table.name); change it.", source: .store)
            ]
        case SQLiteError.constraintForeignKey:
            let missing = brokenReferences(table: table, values: values, connection: connection)
            if missing.isEmpty {
                return [
                    FieldError(
                        field: "id", code: .invalidReference,
                        message: "Other rows still refer to this \(singular(table.name)); remove them first.", source: .store)
                ]
            }
            return missing.map { column, parent in
                FieldError(
                    field: field(column), code: .invalidReference,
                    message: "The \(singular(parent)) this refers to does not exist (it may have been deleted); choose another.",
                    source: .store)
            }
        case constraintTrigger:
            // SQLite runs an ON DELETE / ON UPDATE RESTRICT action as a trigger that raises
            // SQLITE_CONSTRAINT_TRIGGER, as an app's own trigger's RAISE(ABORT, …) does: the row is
            // refused, not a field. A RESTRICT reference to this table says which it was.
            if restrictingReferences(to: table.name, connection: connection) {
                return [
                    FieldError(
                        field: "id", code: .invalidReference,
                        message: "Other rows still refer to this \(singular(table.name)); remove them first.", source: .store)
                ]
            }
            return [
                FieldError(
                    field: "id", code: .constraintViolated,
                    message: "A trigger of \(table.name) refused this \(singular(table.name)): \(error.message)", source: .store)
            ]
        default:
            return nil
        }
    }

    /// `SQLITE_CONSTRAINT_TRIGGER` (1811): a trigger's RAISE(ABORT), or a RESTRICT foreign-key action.
    static let constraintTrigger: Int32 = SQLITE_CONSTRAINT | (7 << 8)

    /// Whether a foreign key of some table references `parent` with ON DELETE or ON UPDATE RESTRICT.
    static func restrictingReferences(to parent: String, connection: Connection) -> Bool {
        let found = try? connection.scalar(
            """
            SELECT 1 FROM sqlite_schema AS t, pragma_foreign_key_list(t.name) AS k
            WHERE t.type = 'table' AND k."table" = ? COLLATE NOCASE AND 'RESTRICT' IN (k.on_delete, k.on_update)
            """, [.text(parent)])
        return found != nil
    }

    /// A table name made singular for messages: `authors` → `author`.
    static func singular(_ table: String) -> String {
        table.hasSuffix("s") ? String(table.dropLast()) : table
    }

    /// The columns of the unique index a UNIQUE failure names.
    static func uniqueColumns(detail: String, table: String, connection: Connection) -> [String] {
        let indexes =
            (try? connection.fetch("SELECT name FROM pragma_index_list(?) WHERE \"unique\" = 1", [.text(table)]) { try $0.text(at: 0) })
            ?? []
        let columnsOf = { (index: String) -> [String] in
            (try? connection.fetch("SELECT name FROM pragma_index_info(?) ORDER BY seqno", [.text(index)]) { row in
                row.isNull(at: 0) ? "" : try row.text(at: 0)
            }) ?? []
        }
        if detail.hasPrefix("index '"), let name = detail.split(separator: "'").dropFirst().first {
            return columnsOf(String(name)).filter { !$0.isEmpty }
        }
        let named = detail.components(separatedBy: ", ").compactMap { part -> String? in
            let pieces = part.split(separator: ".", maxSplits: 1)
            return pieces.count == 2 && pieces[0] == table ? String(pieces[1]) : nil
        }
        if named == ["id"] { return named }
        // Prefer the columns of the unique index SQLite's message points to, as the schema lists them.
        if let index = indexes.first(where: { Set(columnsOf($0)) == Set(named) }) { return columnsOf(index) }
        return named
    }

    /// The first column of the table used by the expression of the CHECK constraint `name`.
    static func checkColumn(named name: String, table: TableSchema, connection: Connection) -> String? {
        guard
            case let .text(sql)? = try? connection.scalar(
                "SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = ?", [.text(table.name)]),
            let start = sql.range(of: "CONSTRAINT \(name) CHECK", options: .caseInsensitive)
                ?? sql.range(of: "CONSTRAINT \"\(name)\" CHECK", options: .caseInsensitive),
            let open = sql[start.upperBound...].firstIndex(of: "(")
        else {
            // An unnamed CHECK: SQLite reports its expression; the first column it uses owns the error.
            let words = name.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init)
            return words.first { table.columns.contains($0) }
        }
        var depth = 0
        var end = open
        for index in sql[open...].indices {
            if sql[index] == "(" { depth += 1 }
            if sql[index] == ")" { depth -= 1 }
            if depth == 0 {
                end = index
                break
            }
        }
        let words = sql[open...end].split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init)
        return words.first { table.columns.contains($0) }
    }

    /// Reference columns whose value names no existing parent row, with the parent table. A
    /// composite foreign key is checked as one: its columns together must name a parent row
    /// (each column alone may well match some other row).
    static func brokenReferences(table: TableSchema, values: [SQLiteValue]?, connection: Connection) -> [(String, String)] {
        guard let values else { return [] }
        let rows =
            (try? connection.fetch(
                "SELECT id, \"table\", \"from\", \"to\" FROM pragma_foreign_key_list(?) ORDER BY id, seq", [.text(table.name)]
            ) { row in
                (row.int64(at: 0), try row.text(at: 1), try row.text(at: 2), row.isNull(at: 3) ? nil : try row.text(at: 3))
            }) ?? []
        var broken: [(String, String)] = []
        for id in Set(rows.map(\.0)).sorted() {
            let group = rows.filter { $0.0 == id }
            let parent = group[0].1
            var targets = group.compactMap(\.3)
            if targets.count != group.count {
                // No referenced columns named: the parent's primary key (its rowid when it has none).
                targets =
                    (try? connection.fetch("SELECT name FROM pragma_table_info(?) WHERE pk > 0 ORDER BY pk", [.text(parent)]) {
                        try $0.text(at: 0)
                    }) ?? []
                if targets.isEmpty, group.count == 1 { targets = ["rowid"] }
            }
            let indexes = group.compactMap { key in table.columns.firstIndex(of: key.2) }
            // A NULL in any column, or a column the entity leaves out: SQLite does not check (or we cannot tell).
            guard indexes.count == group.count, targets.count == group.count, !indexes.contains(where: { values[$0].isNull }) else {
                continue
            }
            let condition = targets.map { "\(quote($0)) = ?" }.joined(separator: " AND ")
            let exists = try? connection.scalar("SELECT 1 FROM \(quote(parent)) WHERE \(condition)", indexes.map { values[$0] })
            if exists == nil { broken += group.map { ($0.2, parent) } }
        }
        return broken
    }
}
