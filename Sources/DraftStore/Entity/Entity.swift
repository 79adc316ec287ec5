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
    ///
    /// It stays a requirement because a row is read by writing each column into a value through
    /// the column's writable key path (``Column``), declared once in ``schema``. Without it, each
    /// entity would need an `init(row:)` naming every column a second time (no macro can write
    /// one here: the package depends on nothing outside the toolchain). Give properties their
    /// empty values (`nil`, `""`); a key that SQLite assigns is an optional, `nil` until inserted.
    init()
}

extension Entity {
    /// The fields declared with the schema's columns
    /// (``Column/column(_:_:field:label:help:accessibilityHint:trims:normalization:rules:)``), and one
    /// without rules for each other edited column, so undo, edited fields and asynchronous checks
    /// cover the whole entity. Made once per type.
    public static var validator: Validator<Self> { EntityValidators.validator(of: Self.self) }

    /// The entity's key (``RowKey``): its primary-key properties; `nil` while one of them is nil.
    public var rowKey: RowKey? { Self.schema.key(of: self) }

    /// Whether the key is a temporary one given by a context to an unsaved insert.
    package var hasTemporaryKey: Bool { rowKey?.isTemporary ?? false }
}
