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
///         .column("title", \.title),
///         .column("body", \.body),
///         .updatedAt("updated_at", \.updatedAt),
///     ])
/// }
/// ```
///
/// The table must have an `INTEGER PRIMARY KEY` column named `id`. An entity not yet saved
/// has `id == nil`, or a temporary negative id once inserted into a context.
public protocol Entity: Sendable {
    /// The table, its columns and how each maps to a property.
    static var schema: EntitySchema<Self> { get }
    /// The field rules checked before a save. Empty by default.
    static var validator: Validator<Self> { get }
    /// The row id: `nil` before insertion, negative (temporary) until saved, then the real rowid.
    var id: Int64? { get set }
    /// A blank value, filled column by column when a row is read.
    init()
}

extension Entity {
    /// No rules.
    public static var validator: Validator<Self> { .none }

    /// Whether the id is a temporary one given by a context to an unsaved insert.
    public var hasTemporaryID: Bool { (id ?? 0) < 0 }
}
