/// A refusal by the database, as facts: what kind of rule refused which values of which
/// object. No words: ``Messages`` turns it into a sentence in the app's language.
///
/// Every fact comes from SQLite itself: the extended result code gives the kind; `PRAGMA
/// index_list` / `index_xinfo`, `table_info` and `foreign_key_list` give the columns; the
/// columns an expression (an expression index, a CHECK) uses are those SQLite's authorizer
/// sees read when `SELECT <expression> FROM <table>` is prepared; a failed CHECK is found by
/// evaluating each CHECK of the table on the refused row. SQLite's English messages are never
/// parsed (a trigger's `RAISE` text, which the app wrote, is kept as ``message``).
///
/// ```swift
/// StoreRejection(kind: .unique, table: "codes", columns: ["code"], constraint: "codes_code_lower",
///                values: [.text("ABC")], object: .init(table: "codes", key: [.integer(-1)]))
/// ```
public struct StoreRejection: Sendable, Hashable, Codable {
    /// The kind of rule that refused the row.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// A UNIQUE constraint or unique index (on columns, on expressions, partial).
        case unique
        /// A PRIMARY KEY constraint: another row has this key.
        case primaryKey
        /// A CHECK constraint (on a column, or of the table).
        case check
        /// A NOT NULL constraint.
        case notNull
        /// A FOREIGN KEY constraint: a missing parent row, or children left behind by a delete.
        case foreignKey
        /// A trigger's `RAISE(ABORT, …)`, `RAISE(FAIL, …)` or `RAISE(ROLLBACK, …)`; see ``StoreRejection/message``.
        case trigger
        /// The row was deleted (in this context, or in the store) and cannot be updated.
        case rowDeleted
        /// A floating-point NaN, which SQLite would store as NULL; DraftStore refuses to bind it.
        case notANumber
        /// A value of the wrong type for a column of a STRICT table.
        case datatype
        /// An edit of a generated column (`GENERATED ALWAYS AS …`, virtual or stored: `PRAGMA
        /// table_xinfo`'s `hidden` 2 or 3), which the database computes: SQLite refuses an UPDATE
        /// of it ("cannot UPDATE generated column"), so the edit is refused, not silently dropped.
        case generated
        /// A column not known to hold a reference (neither declared as one nor a foreign key of
        /// the schema) holds the temporary key of a row inserted in the same save: it would be
        /// stored as data. ``StoreRejection/columns`` names the column, ``StoreRejection/values`` the key.
        case temporaryKey
        /// Another constraint of SQLite.
        case other
    }

    /// The object a rejection is about: its table and the values of its primary-key columns,
    /// as the context knows it (a temporary key for an unsaved insert).
    public struct Object: Sendable, Hashable, Codable {
        /// The table of the row.
        public var table: String
        /// The values of the row's primary-key columns, in key order.
        public var key: [SQLiteValue]

        /// Names a row.
        /// - Parameters:
        ///   - table: The row's table.
        ///   - key: The values of its primary-key columns.
        package init(table: String, key: [SQLiteValue]) {
            self.table = table
            self.key = key
        }
    }

    /// The kind of rule.
    public var kind: Kind
    /// The table of the refused row. A rule SQLite does not locate on that row (a CHECK of
    /// another table reached through a trigger, say) keeps this table, with no columns and no constraint.
    public var table: String
    /// The columns the rule involves, in the rule's order (all of a composite UNIQUE); empty when SQLite gives none.
    public var columns: [String]
    /// The name of the index, the named CHECK or the foreign key's parent table constraint; `nil` when it has none.
    public var constraint: String?
    /// The refused values of ``columns``, where the save knows them (empty otherwise).
    public var values: [SQLiteValue]
    /// For ``Kind/foreignKey``: the other table (the missing parent's, or the children's for a delete).
    public var relatedTable: String?
    /// For ``Kind/trigger``: the text of the trigger's `RAISE`, written by the schema's author.
    public var message: String?
    /// The object the rejection is about.
    public var object: Object

    /// Makes a rejection from its facts.
    /// - Parameters:
    ///   - kind: The kind of rule.
    ///   - table: The table whose rule refused.
    ///   - columns: The columns involved.
    ///   - constraint: The index or constraint name, if any.
    ///   - values: The refused values of `columns`, if known.
    ///   - relatedTable: The other table of a foreign key.
    ///   - message: A trigger's `RAISE` text.
    ///   - object: The row the rejection is about.
    package init(
        kind: Kind, table: String, columns: [String] = [], constraint: String? = nil, values: [SQLiteValue] = [],
        relatedTable: String? = nil, message: String? = nil, object: Object
    ) {
        self.kind = kind
        self.table = table
        self.columns = columns
        self.constraint = constraint
        self.values = values
        self.relatedTable = relatedTable
        self.message = message
        self.object = object
    }
}
