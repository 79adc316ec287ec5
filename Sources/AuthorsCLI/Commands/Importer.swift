import Bookshelf
import DraftStore
import Foundation

/// `authors import FILE`: reads a CSV or JSON file of authors as a stream, validates every row
/// with the Author rules, judges duplicate e-mails (ignoring ASCII case, as the store's index
/// does) against the database — which holds the rows of the file saved so far — and saves, in
/// batches of ``batchSize`` rows: all rows in one transaction (``DraftStore/batchedSave(_:)``), or
/// with `--each` every valid row, in groups of ``groupSize`` rows per transaction, a group the
/// store refuses being saved again row by row so each row is judged on its own.
///
/// Memory holds one batch, not the file: a CSV file is read a part at a time (``CSVStream``); a
/// JSON file's bytes are held, its records made one at a time (``JSONRecordStream``).
struct Importer {
    /// What `--on-duplicate` does with an e-mail already in the database or earlier in the file.
    enum DuplicatePolicy: String, CaseIterable, ArgumentValue {
        /// Leave the existing row; count the file's row as skipped.
        case skip
        /// Give the existing row the file's values (counted as updated only when a value differs).
        case update
        /// Reject the file's row.
        case fail
    }

    /// How many rejected rows are listed without `--verbose`.
    static let shownRejections = 20
    /// How many rows one transaction of `--each` saves.
    static let groupSize = 1000
    /// How many rows one context holds before it is saved into the import's transaction.
    static let batchSize = 10_000

    let store: DraftStore
    let console: Console
    let options: ImportCommand

    /// One row to write.
    enum Planned {
        case insert(number: Int, author: Author)
        /// An existing row takes the file's values; its bio stays when the file says nothing about one.
        case update(number: Int, id: Int64, author: Author, keepsBio: Bool)
        /// A row this import inserted from an earlier line takes a later line's values (`--on-duplicate update`), counted as repeated.
        case revise(number: Int, id: Int64, author: Author, keepsBio: Bool)

        /// The row's line (CSV) or record (JSON) number.
        var number: Int {
            switch self {
            case let .insert(number, _), let .update(number, _, _, _), let .revise(number, _, _, _): number
            }
        }
    }

    /// `--each` stopped at a failure of the database itself, before the row `number`.
    private struct Stopped: Error {
        /// The first row not saved.
        let number: Int
        /// The failure.
        let error: any Error
    }

    /// Reads, checks and saves the file, then writes the summary.
    /// - Throws: ``ImportRefused`` (exit 1) when a row was rejected (nothing written unless
    ///   `--each`); ``CLIFailure`` (refused) when the file cannot be read; a storage failure.
    /// - Parameters:
    ///   - records: The file's records, opened by ``open(_:)``.
    ///   - format: The file's format.
    func run(_ records: ImportRecordStream, format: ImportFormat) throws {
        var records = records
        let place = Place(path: Importer.label(options.file), unit: format == .csv ? "line" : "record")
        var tally = Tally(keepsAll: options.verbose || console.json)
        // Rows above this id were inserted by this import: a later line with their e-mail repeats the file.
        let newAbove = try store.fetch(FetchRequest<Author>.all.sorted(by: \.id, ascending: false).limit(1)).first?.id ?? 0
        let progress = Progress(console: console)
        if options.each {
            try importEach(&records, place: place, newAbove: newAbove, tally: &tally, progress: progress)
        } else {
            try importAll(&records, place: place, newAbove: newAbove, tally: &tally, progress: progress)
        }
        progress.finish()
        summarize(tally, place: place, note: nil)
        if tally.rejectedCount > 0 { throw ImportRefused() }
    }

    /// All or nothing: every batch saved into one transaction, rolled back when any row is rejected.
    private func importAll(
        _ records: inout ImportRecordStream, place: Place, newAbove: Int64, tally: inout Tally, progress: Progress
    ) throws {
        var refusedByStore = false
        do {
            try store.batchedSave { batch in
                var chunk = Chunk()
                var read = 0
                while let item = try Importer.next(&records) {
                    try plan(item, into: &chunk, tally: &tally, newAbove: newAbove)
                    read += 1
                    progress.update(read)
                    if chunk.rows.count >= Importer.batchSize {
                        refusedByStore = try save(&chunk, in: batch, tally: &tally) || refusedByStore
                    }
                }
                if !chunk.rows.isEmpty { refusedByStore = try save(&chunk, in: batch, tally: &tally) || refusedByStore }
                if tally.rejectedCount > 0 { throw ImportRefused() }
            }
        } catch is ImportRefused {
            progress.finish()
            tally.clearSaved()
            let note =
                refusedByStore && tally.rejectedCount == 1
                ? "Nothing was written." : "Nothing was written: the import is all or nothing (use --each to save the valid rows)."
            summarize(tally, place: place, note: note)
            throw ImportRefused()
        }
    }

    /// Saves the planned rows into the import's transaction in a context of their own, released
    /// after; a row the store refuses is a rejection (its batch's writes are undone, the
    /// transaction goes on so later rows are still judged).
    /// - Returns: Whether the store refused a row.
    private func save(_ chunk: inout Chunk, in batch: SaveBatch, tally: inout Tally) throws -> Bool {
        let context = store.newChildContext()
        var numbers: [Int64: Int] = [:]
        for row in chunk.rows { numbers[try apply(row, in: context, tally: &tally)] = row.number }
        chunk = Chunk()
        do {
            try batch.save(context)
            return false
        } catch {
            if Importer.endsTheImport(error) { throw error }
            tally.reject(ImportRejection(number: Importer.number(of: error, in: numbers), reason: Importer.describe(error)))
            return true
        }
    }

    /// `--each`: groups of ``groupSize`` rows, each in its own transaction.
    private func importEach(
        _ records: inout ImportRecordStream, place: Place, newAbove: Int64, tally: inout Tally, progress: Progress
    ) throws {
        var chunk = Chunk()
        var read = 0
        func saveGroup() throws {
            defer { chunk = Chunk() }
            do {
                try saveEach(chunk.rows[...], tally: &tally)
            } catch let stop as Stopped {
                progress.finish()
                summarize(tally, place: place, note: nil)
                let reason = (stop.error as? SaveError).flatMap { if case .storage(let sqlite) = $0 { sqlite.message } else { nil } }
                let line = place.location(of: ImportRejection(number: stop.number, reason: ""))
                throw CLIFailure.storage(
                    "The database failed while importing (\(reason ?? "\(stop.error)")): the rows counted above were saved; "
                        + "\(line) and the rows after it were not.")
            }
        }
        while let item = try Importer.next(&records) {
            try plan(item, into: &chunk, tally: &tally, newAbove: newAbove)
            read += 1
            progress.update(read)
            if chunk.rows.count >= Importer.groupSize { try saveGroup() }
        }
        if !chunk.rows.isEmpty { try saveGroup() }
    }

    /// The line of a row the store refused: the row its rejection names, or 0 (the whole save).
    private static func number(of error: SaveError, in numbers: [Int64: Int]) -> Int {
        for field in error.fieldErrors {
            if case .integer(let key)? = field.rejection?.object.key.first, let number = numbers[key] { return number }
        }
        return 0
    }

    /// Saves a group of rows in one transaction; when the store refuses it, saves them again one by
    /// one, so one bad row rejects itself only.
    private func saveEach(_ group: ArraySlice<Planned>, tally: inout Tally) throws {
        let context = store.newChildContext()
        var groupTally = Tally()
        do {
            for row in group { try apply(row, in: context, tally: &groupTally) }
            try context.save()
            tally.add(groupTally)
            return
        } catch {
            // A failure of the database itself ends the import; anything else (a row the store
            // refuses, a row deleted meanwhile) is found by saving the group's rows one by one.
            if Importer.endsTheImport(error) { throw Stopped(number: group.first?.number ?? 0, error: error) }
        }
        for row in group {
            let single = store.newChildContext()
            var rowTally = Tally()
            do {
                try apply(row, in: single, tally: &rowTally)
                try single.save()
                tally.add(rowTally)
            } catch {
                if Importer.endsTheImport(error) { throw Stopped(number: row.number, error: error) }
                tally.reject(ImportRejection(number: row.number, reason: Importer.describe(error)))
            }
        }
    }

    /// Whether `error` is a failure of the database itself (disk, lock, I/O), not a refusal of a
    /// row: a storage error other than a constraint (a trigger's `RAISE(ABORT)` is one).
    static func endsTheImport(_ error: any Error) -> Bool {
        guard case .storage(let sqlite) = error as? SaveError else { return false }
        return !sqlite.isConstraintViolation
    }

    /// Inserts or updates one row in `context`, counting it; an update that changes no value writes nothing.
    /// - Returns: The row's key in `context` (temporary for an insert).
    @discardableResult
    private func apply(_ row: Planned, in context: ObjectContext, tally: inout Tally) throws -> Int64 {
        switch row {
        case let .insert(number, author):
            let inserted = try context.insert(author)
            tally.imported += 1
            if AuthorInput.note(forEmail: author.email) != nil { tally.noteUndotted(number, author.email) }
            return inserted.id!
        case let .update(number, id, author, keepsBio), let .revise(number, id, author, keepsBio):
            guard let stored = try context.fetch(Author.self, id: id) else {
                throw CLIFailure.refused("notFound", "author #\(id) was deleted")
            }
            var current = stored
            current.name = author.name
            current.email = author.email
            if !keepsBio { current.bio = author.bio }
            let counts: Bool
            if case .update = row { counts = true } else { counts = false }
            // A revised row repeats an e-mail of an earlier row of the file, which was counted.
            guard !Importer.sameBytes(current, stored) else {
                if counts { tally.unchanged += 1 } else { tally.repeated += 1 }
                return id
            }
            try context.update(current)
            if counts { tally.updated += 1 } else { tally.repeated += 1 }
            if AuthorInput.note(forEmail: author.email) != nil { tally.noteUndotted(number, author.email) }
            return id
        }
    }

    /// Whether two authors' name, e-mail and bio are the same bytes (SQLite's view of "unchanged").
    static func sameBytes(_ a: Author, _ b: Author) -> Bool {
        a.name.utf8.elementsEqual(b.name.utf8) && a.email.utf8.elementsEqual(b.email.utf8)
            && (a.bio.map { Array($0.utf8) } == b.bio.map { Array($0.utf8) })
    }

    /// The key e-mails are compared by: ASCII letters folded to lower case, like SQLite's NOCASE.
    static func key(_ email: String) -> String {
        String(decoding: email.utf8.map { (65...90).contains($0) ? $0 + 32 : $0 }, as: UTF8.self)
    }

    /// A row's rejection in words: its field errors, or the failure's message.
    static func describe(_ error: any Error) -> String {
        if let error = error as? SaveError, !error.fieldErrors.isEmpty {
            return error.fieldErrors.map(Rendering.line).joined(separator: "; ")
        }
        if case .storage(let sqlite) = error as? SaveError, sqlite.isConstraintViolation {
            return "refused by the database: \(sqlite.message)"
        }
        return CLIFailure.from(error).message
    }
}

/// The import refused rows; the summary was already written.
struct ImportRefused: Error {}
