/// A record type stored in one table: a plain Swift value that a context tracks.
///
/// Declare the columns once, with key paths; reading and writing rows then costs about
/// what hand-written binding costs, with no per-row dictionaries or reflection.
///
/// ```swift
/// struct Note: Entity {
///     var id: Int64?
///     var title = ""
///     var body: String?
///     var updatedAt: Date?
///
///     static let schema = EntitySchema<Note>(table: "notes", columns: [
///         .primaryKey("id", \.id),
///         .column("title", \.title),
///         .column("body", \.body),
///         .updatedAt("updated_at", \.updatedAt),
///     ])
/// }
/// ```
///
/// The entity's identity is its table's primary key, whatever its name, type or number of
/// columns (see ``RowKey``): declare its columns with ``Column/primaryKey(_:_:field:)``. An
/// entity whose key is an `INTEGER PRIMARY KEY` has `nil` there before it is inserted, a
/// temporary negative key once inserted into a context, and its real rowid once saved.
public protocol Entity: Sendable {
    /// The table, its columns and how each maps to a property.
    static var schema: EntitySchema<Self> { get }
    /// The field rules checked before a save: by default none, with a field for every edited column.
    static var validator: Validator<Self> { get }
    /// A blank value, filled column by column when a row is read.
    init()
}

extension Entity {
    /// No rules: one field without rules for each edited column (``Validator`` of an entity),
    /// so undo, edited fields and asynchronous checks cover the whole entity.
    public static var validator: Validator<Self> { Validator(fields: []) }

    /// The entity's key (``RowKey``): its primary-key properties; `nil` while one of them is nil.
    public var rowKey: RowKey? { Self.schema.key(of: self) }

    /// Whether the key is a temporary one given by a context to an unsaved insert.
    public var hasTemporaryKey: Bool { rowKey?.isTemporary ?? false }
}
