import Foundation

/// Why the draft journal could not keep, list or restore a draft.
///
/// Each case is a different next step: a store that cannot journal (open it on a file), a
/// table it cannot journal (give it a declared key), an entry that no longer fits its table
/// (discard it with ``DraftStore/discardDraft(id:)``), or a storage failure (try again).
public enum DraftJournalError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    /// Why a store cannot keep a journal.
    public enum Unavailability: String, Sendable {
        /// An in-memory store: nothing of it survives the process.
        case inMemory
        /// A read-only store: it cannot write the journal.
        case readOnly
        /// A single-connection store (the test harness's rollback mode): the journal needs a connection of its own.
        case singleConnection
    }

    /// The store cannot keep a journal.
    case unavailable(Unavailability)
    /// The table has only SQLite's implicit rowid, which `VACUUM` may renumber: a journaled key
    /// could name another row after a restart. Declare a primary key (an `INTEGER PRIMARY KEY` keeps its numbers).
    case implicitRowID(table: String)
    /// No journal entry has this id (it was saved, cancelled or discarded).
    case notFound(UUID)
    /// An item of this process holds the entry open.
    case inUse(UUID)
    /// The entry is a draft of another entity type than the one asked for.
    case entityMismatch(expected: String, found: String)
    /// The entry holds rows of a table whose entity was neither declared to the store nor passed to the restore.
    case unknownTable(String)
    /// The table changed since the entry was written (a migration altered it, or the app's
    /// entity now has other columns): restoring the values could put them in the wrong columns.
    case schemaChanged(table: String)
    /// The entry was written in a format this build does not read.
    case unsupportedFormat(Int)
    /// The entry cannot be read as a journal entry.
    case damaged(UUID)
    /// The entry's contents disagree with the journal row that holds it (another id, entity,
    /// table, mode or key than the row's `column`): the entry was altered or copied into
    /// another row, and restoring it would open another item than the one listed.
    case entryDisagrees(UUID, column: String)
    /// The database failed while reading or writing the journal.
    case storage(SQLiteError)
    /// A misuse: the store is closed (``Misuse/storeClosed``, the closed store's one error).
    case finished(Misuse)

    /// The error in the current ``Messages`` provider's words.
    public var description: String { Messages.provider.draftJournal(self) }

    /// The provider's words (``description``), for `localizedDescription`.
    public var errorDescription: String? { description }
}

extension MessageProvider {
    /// English words for a draft journal that could not keep, list or restore a draft.
    public func draftJournal(_ error: DraftJournalError) -> String {
        switch error {
        case let .unavailable(reason): "This store cannot keep a draft journal (\(reason.rawValue)); open the store on a file."
        case let .implicitRowID(table):
            "\(table) has only SQLite's implicit rowid, which VACUUM may renumber; declare a primary key to journal its drafts."
        case let .notFound(id): "No journaled draft \(id); it was saved, cancelled or discarded."
        case let .inUse(id): "The journaled draft \(id) is open in this process."
        case let .entityMismatch(expected, found): "The journaled draft is a \(found), not a \(expected)."
        case let .unknownTable(table): "The journaled draft holds rows of \(table); pass its entity type to the restore."
        case let .schemaChanged(table): "\(table) changed since the draft was journaled; the draft cannot be restored safely."
        case let .unsupportedFormat(format):
            "The journaled draft has format \(format); this build reads format \(DraftEntry.currentFormat)."
        case let .damaged(id): "The journaled draft \(id) cannot be read."
        case let .entryDisagrees(id, column):
            "The journaled draft \(id) disagrees with its journal row (\(column)); it was not restored. Discard it."
        case let .storage(error): "The draft journal failed: \(error)"
        case let .finished(misused): misuse(misused)
        }
    }
}
