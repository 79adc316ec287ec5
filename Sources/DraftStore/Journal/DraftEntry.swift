import Foundation

/// One journal entry: everything an open ``PresentedItem`` has not saved, as a versioned,
/// `Codable` value (its values in ``SQLiteValue``'s own encoding, so an integer and a real stay apart).
///
/// A `Sendable` value made on the item's isolation after each edit and written as JSON on the
/// journal's queue. Format 1 holds: the item's identity (mode, entity, table, key), the fields
/// the form marked edited, each registered row of its context that has changes (and the draft's
/// row even when unchanged) with its base snapshot and current values, and, per table, the
/// entity's columns and the table's definition when the entry was written.
struct DraftEntry: Codable, Sendable {
    /// The format this build writes and reads.
    static let currentFormat = 1

    /// The entry's format version.
    var format = DraftEntry.currentFormat
    /// The item's ``PresentedItem/id``.
    var id: UUID
    /// `add` or `edit`.
    var mode: String
    /// The draft's entity type name.
    var entity: String
    /// The draft's table.
    var table: String
    /// The draft's key: the presented key of an edit, the temporary key of an add.
    var key: [SQLiteValue]
    /// The fields the form marked edited.
    var editedFields: [String]
    /// When the last edit was made, in milliseconds since 1970.
    var editedAt: Int64
    /// The rows of the context.
    var rows: [Row]
    /// What each table looked like when the entry was written.
    var tables: [Table]

    /// One registered row of the context.
    struct Row: Codable, Sendable {
        /// The row's table.
        var table: String
        /// The row's key (temporary for an insert whose rowid SQLite assigns).
        var key: [SQLiteValue]
        /// `unchanged`, `inserted`, `updated` or `deleted`.
        var state: String
        /// The values read from the store; `nil` for an insert.
        var base: [SQLiteValue]?
        /// The values the context shows; `nil` for a delete.
        var current: [SQLiteValue]?
        /// The insert's order in its context; 0 for other rows.
        var insertOrder: Int
    }

    /// A table of the entry, as it was when the entry was written.
    struct Table: Codable, Sendable {
        /// The table name.
        var name: String
        /// The entity's column names, in order.
        var columns: [String]
        /// The table's `CREATE TABLE` statement as SQLite records it in `sqlite_schema`
        /// (filled in by the journal's queue); any change of it (a migration) makes the entry stale.
        var definition: String?
    }
}

extension DraftEntry {
    /// The entry as stored: JSON with sorted keys.
    func encoded() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }

    /// An entry read back; the format is checked first.
    /// - Throws: ``DraftJournalError/unsupportedFormat(_:)`` for a format this build does not read;
    ///   ``DraftJournalError/damaged(_:)`` when the text is not an entry.
    static func decoded(_ text: String, id: UUID) throws(DraftJournalError) -> DraftEntry {
        struct Version: Decodable { var format: Int }
        let data = Data(text.utf8)
        guard let version = try? JSONDecoder().decode(Version.self, from: data) else { throw .damaged(id) }
        guard version.format == currentFormat else { throw .unsupportedFormat(version.format) }
        guard let entry = try? JSONDecoder().decode(DraftEntry.self, from: data) else { throw .damaged(id) }
        return entry
    }
}
