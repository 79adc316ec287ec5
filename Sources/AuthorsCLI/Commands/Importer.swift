import Bookshelf
import DraftStore
import Foundation

/// `authors import FILE`: reads a CSV or JSON file of authors, validates every row with the
/// Author rules, judges duplicate e-mails (ignoring ASCII case, as the store's index does)
/// against the database and earlier rows, and saves — all rows in one transaction, or with
/// `--each` every valid row, in groups of ``groupSize`` rows per transaction, a group the store
/// refuses being saved again row by row so each row is judged on its own.
struct Importer {
    /// What `--on-duplicate` does with an e-mail already in the database or earlier in the file.
    enum DuplicatePolicy: String, CaseIterable {
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

    let store: DraftStore
    let console: Console
    let options: ImportCommand

    /// One row to write.
    enum Planned {
        case insert(number: Int, author: Author)
        /// An existing row takes the file's values; its bio stays when the file says nothing about one.
        case update(number: Int, id: Int64, author: Author, keepsBio: Bool)

        /// The row's line (CSV) or record (JSON) number.
        var number: Int {
            switch self {
            case let .insert(number, _), let .update(number, _, _, _): number
            }
        }
    }

    /// What the import did, for the summary.
    struct Tally {
        var imported = 0
        var updated = 0
        /// Rows of `--on-duplicate update` whose values were already those of the file.
        var unchanged = 0
        var skipped = 0
        var rejections: [ImportRejection] = []
        /// Rows saved whose e-mail's domain has no dot: number and address.
        var undottedEmails: [(number: Int, email: String)] = []

        /// Adds the counts of rows saved in a later transaction (rejections are recorded directly).
        mutating func add(_ saved: Tally) {
            imported += saved.imported
            updated += saved.updated
            unchanged += saved.unchanged
            undottedEmails += saved.undottedEmails
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
    func run() throws {
        let (file, format) = try Importer.read(options.file)
        let place = Place(path: options.file, unit: format == .csv ? "line" : "record")
        var tally = Tally(rejections: file.rejections)
        let planned = try plan(file, tally: &tally)
        if !options.each && !tally.rejections.isEmpty {
            tally.undottedEmails = []
            summarize(tally, place: place, note: "Nothing was written: the import is all or nothing (use --each to save the valid rows).")
            throw ImportRefused()
        }
        let progress = Progress(console: console, total: planned.count)
        if options.each {
            var start = 0
            while start < planned.count {
                let group = planned[start..<min(start + Importer.groupSize, planned.count)]
                do {
                    try saveEach(group, tally: &tally)
                } catch let stop as Stopped {
                    progress.finish()
                    summarize(tally, place: place, note: nil)
                    let reason = (stop.error as? SaveError).flatMap { if case .storage(let sqlite) = $0 { sqlite.message } else { nil } }
                    let line = place.location(of: ImportRejection(number: stop.number, reason: ""))
                    throw CLIFailure.storage(
                        "The database failed while importing (\(reason ?? "\(stop.error)")): the rows counted above were saved; "
                            + "\(line) and the rows after it were not.")
                }
                start = group.endIndex
                progress.update(start)
            }
        } else {
            let context = store.newChildContext()
            for (offset, row) in planned.enumerated() {
                try apply(row, in: context, tally: &tally)
                progress.update(offset + 1)
            }
            do {
                try context.save()
            } catch {
                if Importer.endsTheImport(error) { throw error }
                tally = Tally(skipped: tally.skipped, rejections: [ImportRejection(number: 0, reason: Importer.describe(error))])
                summarize(tally, place: place, note: "Nothing was written.")
                throw ImportRefused()
            }
        }
        progress.finish()
        summarize(tally, place: place, note: nil)
        if !tally.rejections.isEmpty { throw ImportRefused() }
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
                tally.rejections.append(ImportRejection(number: row.number, reason: Importer.describe(error)))
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
    private func apply(_ row: Planned, in context: ObjectContext, tally: inout Tally) throws {
        switch row {
        case let .insert(number, author):
            try context.insert(author)
            tally.imported += 1
            if AuthorInput.note(forEmail: author.email) != nil { tally.undottedEmails.append((number, author.email)) }
        case let .update(number, id, author, keepsBio):
            guard let stored = try context.fetch(Author.self, id: id) else {
                throw CLIFailure.refused("notFound", "author #\(id) was deleted")
            }
            var current = stored
            current.name = author.name
            current.email = author.email
            if !keepsBio { current.bio = author.bio }
            guard !Importer.sameBytes(current, stored) else {
                tally.unchanged += 1
                return
            }
            try context.update(current)
            tally.updated += 1
            if AuthorInput.note(forEmail: author.email) != nil { tally.undottedEmails.append((number, author.email)) }
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
